import * as E from 'fp-ts/lib/Either.js';
import type { CantonError } from '../errors/CantonError.js';
import type { AcsResponseV2 } from '../codecs/scan/AcsResponseV2.js';
import type { ActiveContract } from '../codecs/scan/ActiveContract.js';
import { compareTimestamps } from '../time/compareTimestamps.js';
import { invariantViolation, stopAfter } from './invariantViolation.js';
import { tokenGuard } from '../paging/byPageToken.js';
import type { Step } from './pager.js';

/** A Scan ACS snapshot: its migration and record time. @internal */
export interface SnapshotRef {
  readonly migration_id: number;
  readonly record_time: string;
}

/** Where a read of a snapshot stands (`scan.holdings`, `scan.acsSnapshot`). @internal */
export interface SnapshotReadState {
  /** The page token of the page to fetch; absent for the first page. */
  readonly after: string | undefined;
  /** The snapshot the first page resolved to; later pages ask for it exactly. */
  readonly snapshot: SnapshotRef | undefined;
  /** Resuming from a checkpoint: drop the items of the first page up to and including this one. */
  readonly skipThrough: string | undefined;
}

/** Where a snapshot read starts: on a checkpoint's page and snapshot, after its contract; else at `after` (a page token) or the first page. @internal */
export const snapshotReadStart = (
  from: { readonly migration_id: number; readonly record_time: string; readonly after?: string; readonly contract_id: string } | undefined,
  after: string | undefined,
): SnapshotReadState =>
  from ? { after: from.after, snapshot: { migration_id: from.migration_id, record_time: from.record_time }, skipThrough: from.contract_id } : { after, snapshot: undefined, skipThrough: undefined };

/** What one read remembers across its pages, to tell a page that goes back or loops. @internal */
export interface SnapshotReadMemory {
  readonly tokens: ReturnType<typeof tokenGuard<string>>;
  lastDelivered: string | undefined;
}

/**
 * Checks one page of a snapshot read (`/v2/holdings/state`, `/v2/state/acs`) against the state it
 * was asked with and hands on its contracts: every page must echo the snapshot; a checkpoint's
 * contract must be on its page; a contract delivered before (the page went back) or a page token
 * seen before (the pages would loop) ends the read with an invariant Left after the valid items.
 * `record` is told the snapshot of each contract handed on, for its checkpoint.
 * @internal
 */
export const snapshotPageStep = (
  response: AcsResponseV2,
  state: SnapshotReadState,
  memory: SnapshotReadMemory,
  record: (item: ActiveContract, snapshot: SnapshotRef) => void,
): E.Either<CantonError, Step<SnapshotReadState, ActiveContract>> => {
  const snapshot = state.snapshot ?? { migration_id: response.migration_id, record_time: response.record_time };
  if (response.migration_id !== snapshot.migration_id || compareTimestamps(response.record_time, snapshot.record_time) !== 0) {
    return E.left(invariantViolation('record_time', `the snapshot (${snapshot.migration_id}, ${snapshot.record_time})`, { migration_id: response.migration_id, record_time: response.record_time }, 'every page must come from the same snapshot'));
  }
  let items = response.created_events;
  if (state.skipThrough !== undefined) {
    const at = items.findIndex((c) => c.contract_id === state.skipThrough);
    if (at < 0) {
      return E.left(invariantViolation('created_events', `contract ${state.skipThrough} on the checkpoint's page`, items.length, 'the checkpoint does not match the page it names; the snapshot may have been pruned'));
    }
    items = items.slice(at + 1);
  }
  // Within a page and across one page boundary: the contracts of a snapshot come once each, and
  // a page that starts again with the last one delivered went back.
  const seen = new Set<string>(memory.lastDelivered === undefined ? [] : [memory.lastDelivered]);
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    if (seen.has(item.contract_id)) return stopAfter(items.slice(0, i), invariantViolation(`created_events.${i}`, 'a contract not delivered before', item.contract_id, 'a page repeated a contract: the pages went backwards'));
    seen.add(item.contract_id);
    record(item, snapshot);
  }
  if (items.length > 0) memory.lastDelivered = items[items.length - 1]!.contract_id;
  const token = response.next_page_token ?? undefined;
  const looped = memory.tokens.next(token, 'next_page_token');
  if (looped !== undefined) return stopAfter(items, looped);
  return E.right({ items, next: token === undefined ? undefined : { after: token, snapshot, skipThrough: undefined } });
};
