import * as E from 'fp-ts/lib/Either.js';
import { activityOf, type ActivityElement } from '../activity/activityOf.js';
import type { UpdateHistoryItem } from '../codecs/scan/UpdateHistoryItem.js';
import type { UpdateHistoryItemV2 } from '../codecs/scan/UpdateHistoryItemV2.js';
import type { UpdateHistoryRequestV2 } from '../codecs/scan/UpdateHistoryRequestV2.js';
import type { PageRecord } from '../paging/Page.js';
import { compareValidTimestamps } from '../time/compareValidTimestamps.js';
import { previousMicrosecond } from '../time/previousMicrosecond.js';
import { checkpointCodecs } from './checkpointCodecs.js';
import type { ScanActivityCheckpoint, ScanCheckpoint } from './checkpoints.js';
import { interpret } from './interpret.js';
import { invariantViolation } from './invariantViolation.js';
import type { TailingStreamOptions } from './options.js';
import { scanUpdatesStream } from './scanUpdates.js';

/**
 * One element of `scan.activity`: an action of Scan's history (`element`, docs/activity.md) with
 * the place of the update it belongs to (`update_id`, `migration_id`, `record_time`), its index
 * among that update's elements, from 0, and how many the update has (`count`: the element at
 * `count - 1` completes the update, and its checkpoint is the update's own).
 * @example
 * ```ts
 * import type { ScanActivityElement } from 'canton-rx';
 * const key = (a: ScanActivityElement) => `${a.update_id}#${a.index}`;
 * ```
 * @category Payloads
 * @since 0.5.0
 */
export interface ScanActivityElement {
  readonly update_id: string;
  readonly migration_id: number;
  readonly record_time: string;
  readonly index: number;
  readonly count: number;
  readonly element: ActivityElement;
}

/**
 * Options of `scan.activity`: those of `scan.updates` (v2), with its checkpoints
 * (`ScanActivityCheckpoint`: a `scan.updates` checkpoint, and the element's index inside its
 * update when more of the update follow).
 * @category Payloads
 * @since 0.5.0
 */
export type ScanActivityOptions = Omit<TailingStreamOptions<ScanActivityCheckpoint>, 'heartbeats'>;

type Item = UpdateHistoryItem | UpdateHistoryItemV2;

const cursorCompare = (a: ScanCheckpoint, b: ScanCheckpoint): number => (a.migration_id !== b.migration_id ? a.migration_id - b.migration_id : compareValidTimestamps(a.record_time, b.record_time));

/**
 * The base checkpoint a resume reads from: after the update when its elements were all
 * delivered; inside one, from the microsecond before its record time with no update id (the
 * updates at its cursor are read again, and the step skips them up to its element).
 */
const baseOf = (own: ScanActivityCheckpoint): ScanCheckpoint => {
  if (own.element === undefined) {
    const { element: _, ...base } = own;
    return base;
  }
  return { stream: 'scan.updates', migration_id: own.migration_id, record_time: previousMicrosecond(own.record_time) };
};

/**
 * The checkpoint after element `index` of the `count` elements of the update at `update`: the
 * update's own at its last element, else the update's with the element's index. The stream's
 * records carry it, and the CLI rebuilds it from a line written (`--out`).
 * @example
 * ```ts
 * elementCheckpoint({ stream: 'scan.updates', migration_id: 4, record_time: '2026-03-19T15:00:00Z', update_id: 'u1' }, 0, 2); // { …, element: 0 }
 * ```
 * @internal
 */
export const elementCheckpoint = (update: ScanCheckpoint, index: number, count: number): ScanActivityCheckpoint => (index === count - 1 ? update : { ...update, element: index });

/**
 * `scan.activity` (see `ScanGroup.activity`, `ScanGroup.pages.activity`): `scan.updates` (v2)
 * interpreted by `activityOf`, one element per action in history order. An update's last element
 * carries the update's own checkpoint; the others carry it with their index (`element`), so a
 * resume from any element gives exactly the elements after it, an update with no element moves
 * the checkpoint in a page of its own, and the page form drains into sinks as `scan.updates` does.
 * @example
 * ```ts
 * scanActivityStream.items(transport, { page_size: 100 }).subscribe(console.log);
 * ```
 * @internal
 */
export const scanActivityStream = /*#__PURE__*/ interpret(scanUpdatesStream, {
  name: 'scan.activity',
  items: 'values',
  tails: true,
  defaultRequest: { page_size: 100 } as UpdateHistoryRequestV2,
  checkpoint: { codec: checkpointCodecs['scan.activity'], of: (c: ScanCheckpoint): ScanActivityCheckpoint => c, base: baseOf },
  checks: (checks, _request: UpdateHistoryRequestV2, options: ScanActivityOptions) =>
    checks.check(options.from?.element === undefined || options.from.update_id !== undefined, 'from.update_id', 'must be given with from.element (the update the element is in)'),
  request: (request: UpdateHistoryRequestV2) => request,
  options: (options: ScanActivityOptions) => ({ ...options, version: 'v2' as const }),
  start: (_context, _request: UpdateHistoryRequestV2, options: ScanActivityOptions) => {
    // Inside an update: skip the updates read again up to it, then its elements up to `element`.
    let skip = options.from?.element !== undefined ? options.from : undefined;
    return (page) => {
      const records: Array<PageRecord<ScanActivityElement, ScanCheckpoint>> = [];
      for (let i = 0; i < page.records.length; i++) {
        const r = page.records[i]!;
        const item = r.value as Item;
        let first = 0;
        if (skip !== undefined) {
          if (item.update_id !== skip.update_id) {
            if (cursorCompare(r.checkpoint, skip) <= 0) continue;
            return E.right({ records, failure: invariantViolation(`transactions.${i}`, `update ${skip.update_id} at (${skip.migration_id}, ${skip.record_time})`, item.update_id, 'the update of the resume checkpoint is not in the history at its record time; the history may have changed'), stands: skip });
          }
          first = skip.element! + 1;
          skip = undefined;
        }
        const elements = activityOf(item);
        const cp = r.checkpoint;
        const last = elements.length - 1;
        for (let k = first; k <= last; k++) {
          records.push({ value: { update_id: item.update_id, migration_id: cp.migration_id, record_time: cp.record_time, index: k, count: elements.length, element: elements[k]! }, checkpoint: elementCheckpoint(cp, k, elements.length) });
        }
      }
      // Still before the resume point: the page stands where the read started.
      return E.right({ records, ...(skip !== undefined ? { checkpoint: skip } : {}) });
    };
  },
});

/** The page form of `scan.activity` (see `ScanGroup.pages.activity`). @internal */
export const scanActivityPages = scanActivityStream.pages;

/** The item form of `scan.activity` (see `ScanGroup.activity`). @internal */
export const scanActivityItems = scanActivityStream.items;
