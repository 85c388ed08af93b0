import { asyncScheduler, concat, defer, EMPTY, filter, map, of, switchMap, type Observable } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import type { CantonError } from '../errors/CantonError.js';
import type { Transport } from '../client/createTransport.js';
import { checked } from '../client/send.js';
import { invokeOperation } from '../client/invokeOperation.js';
import { getAcsSnapshotAtV2 } from '../generated/scan/ops/getAcsSnapshotAtV2.js';
import { getDateOfMostRecentSnapshotBefore } from '../generated/scan/ops/getDateOfMostRecentSnapshotBefore.js';
import type { AcsResponseV2 } from '../codecs/scan/AcsResponseV2.js';
import type { AcsRequestV2 } from '../codecs/scan/AcsRequestV2.js';
import type { UpdateHistoryItemV2 } from '../codecs/scan/UpdateHistoryItemV2.js';
import type { UpdateHistoryRequestV2 } from '../codecs/scan/UpdateHistoryRequestV2.js';
import { Timestamp } from '../codecs/common/primitives.js';
import { compareTimestamps } from '../time/compareTimestamps.js';
import { validateUpdateHistoryRequest } from '../validation/validateUpdateHistoryRequest.js';
import { Checks } from '../validation/checks.js';
import type { ScanCheckpoint, ScanSnapshotCheckpoint } from './checkpoints.js';
import type { Heartbeat } from './heartbeat.js';
import { invariantViolation } from './invariantViolation.js';
import { TAIL_RETRY } from './options.js';
import { withRetry } from '../paging/withRetry.js';
import { pager, type Step } from './pager.js';
import { meterPages } from '../telemetry/meterPages.js';
import type { ScanFeedItem, ScanSnapshotContract } from './ScanFeedItem.js';
import { scanUpdates, type ScanUpdatesOptions } from './scanUpdates.js';
import { checkpointCodecs } from './checkpointCodecs.js';

/**
 * Options of `scan.updatesFromSnapshot`: those of `scan.updates` (v2), resuming from either kind
 * of checkpoint it hands out, and which snapshot to start from.
 * @category Streams
 * @since 0.2.0
 */
export interface ScanUpdatesFromSnapshotOptions extends Omit<ScanUpdatesOptions, 'from' | 'version'> {
  /** The migration whose snapshot to start from. */
  readonly migration_id: number;
  /** Start from the most recent snapshot before this instant (default: now). */
  readonly before?: string;
  /** Only these stakeholders' contracts in the snapshot (`party_ids`); the updates are all. */
  readonly party_ids?: ReadonlyArray<string>;
  /** Only these templates' contracts in the snapshot (`PACKAGE_NAME:MODULE:ENTITY`). */
  readonly templates?: ReadonlyArray<string>;
  /** `page_size` of the snapshot pages (default 500, at most 1000). */
  readonly snapshotPageSize?: number;
  /** Continue exactly after the element this checkpoint was taken of. */
  readonly from?: ScanCheckpoint | ScanSnapshotCheckpoint;
}

type Element = ScanFeedItem | Heartbeat<ScanCheckpoint>;
type Result = E.Either<CantonError, Element>;

interface PageState {
  readonly after: string | undefined;
  readonly skip: number;
  readonly marker: boolean;
}

const checkOptions = (options: ScanUpdatesFromSnapshotOptions) => {
  const checks = new Checks().nonNegativeInt(options.migration_id, 'migration_id');
  if (options.before !== undefined) checks.check(Timestamp.is(options.before), 'before', 'must be an ISO-8601 UTC instant');
  if (options.snapshotPageSize !== undefined) checks.positiveInt(options.snapshotPageSize, 'snapshotPageSize', 1000);
  const from = options.from;
  checks.checkpoint(checkpointCodecs['scan.updatesFromSnapshot'], from);
  return checks;
};

/**
 * Scan's history from an ACS snapshot instead of from genesis (see
 * `ScanGroup.updatesFromSnapshot`): the snapshot time before `before`
 * (`/v0/state/acs/snapshot-timestamp`), a `ScanSnapshot` marker, the snapshot's contracts
 * (`/v2/state/acs`, paged) and then `scan.updates` strictly after the snapshot's time.
 * @internal
 */
export const scanUpdatesFromSnapshot = (transport: Transport, request: UpdateHistoryRequestV2, options: ScanUpdatesFromSnapshotOptions): Observable<Result> =>
  checked(
    () => {
      const r = validateUpdateHistoryRequest(request);
      if (E.isLeft(r)) return r;
      return checkOptions(options).result('scan.updatesFromSnapshot options', r.right);
    },
    (req) =>
      defer(() => {
        const { migration_id, before, party_ids, templates, snapshotPageSize, from, ...updatesOptions } = options;
        const retry = options.tail ? { ...TAIL_RETRY, ...options.retry } : options.retry;
        const pageSize = snapshotPageSize ?? 500;

        const updatesAfter = (checkpoint: ScanCheckpoint): Observable<Result> =>
          scanUpdates(transport, req, { ...updatesOptions, version: 'v2', from: checkpoint }) as Observable<E.Either<CantonError, UpdateHistoryItemV2 | Heartbeat<ScanCheckpoint>>>;

        const snapshot = (m: number, time: string, resume: ScanSnapshotCheckpoint | undefined): Observable<Result> => {
          let failed = false;
          const done: ScanCheckpoint = { stream: 'scan.updates', migration_id: m, record_time: time };
          const step = (page: AcsResponseV2, state: PageState): E.Either<CantonError, Step<PageState, Element>> => {
            // The same instant, however many fraction digits either text has.
            if (page.migration_id !== m || compareTimestamps(page.record_time, time) !== 0)
              return E.left(invariantViolation('record_time', `${m} at ${time}`, `${page.migration_id} at ${page.record_time}`, 'a snapshot page of another snapshot'));
            const next = page.next_page_token ?? undefined;
            const last = next === undefined;
            const contracts = page.created_events;
            const items: Element[] = [];
            if (state.marker) items.push({ _tag: 'ScanSnapshot', migration_id: m, record_time: time, checkpoint: last && contracts.length === 0 ? done : { stream: 'scan.snapshot', migration_id: m, record_time: time, index: -1 } });
            for (let i = state.skip; i < contracts.length; i++) {
              const checkpoint: ScanSnapshotCheckpoint | ScanCheckpoint =
                last && i === contracts.length - 1 ? done : { stream: 'scan.snapshot', migration_id: m, record_time: time, ...(state.after !== undefined ? { after: state.after } : {}), index: i };
              const contract: ScanSnapshotContract = { _tag: 'ScanSnapshotContract', migration_id: m, record_time: time, contract: contracts[i]!, checkpoint };
              items.push(contract);
            }
            return E.right({ items, next: last ? undefined : { after: next, skip: 0, marker: false } });
          };
          const page = (state: PageState) => {
            const body: AcsRequestV2 = {
              migration_id: m,
              record_time: time,
              page_size: pageSize,
              ...(state.after !== undefined ? { after: state.after } : {}),
              ...(party_ids !== undefined ? { party_ids: [...party_ids] } : {}),
              ...(templates !== undefined ? { templates: [...templates] } : {}),
            };
            return withRetry(() => invokeOperation(transport, getAcsSnapshotAtV2, [body]), retry, undefined).pipe(
              map(E.chain((response: AcsResponseV2) => step(response, state))),
            );
          };
          const initial: PageState = resume === undefined ? { after: undefined, skip: 0, marker: true } : { after: resume.after, skip: resume.index + 1, marker: false };
          return concat(
            pager({ page }, initial, updatesOptions, meterPages(transport.telemetry, 'scan.acsSnapshot')).pipe(
              filter((r) => {
                if (E.isLeft(r)) failed = true;
                return true;
              }),
            ),
            defer(() => (failed ? EMPTY : updatesAfter(done))),
          );
        };

        if (from?.stream === 'scan.snapshot') return snapshot(from.migration_id, from.record_time, from);
        if (from !== undefined) return updatesAfter(from);
        const query = { before: before ?? new Date(asyncScheduler.now()).toISOString(), migration_id };
        return withRetry(() => invokeOperation(transport, getDateOfMostRecentSnapshotBefore, [query]), retry, undefined).pipe(
          switchMap((r) => (E.isLeft(r) ? of(r) : snapshot(migration_id, r.right.record_time, undefined))),
        );
      }),
  );
