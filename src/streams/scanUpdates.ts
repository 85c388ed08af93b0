import { defer, type Observable } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import type { CantonError } from '../errors/CantonError.js';
import type { Transport } from '../client/createTransport.js';
import { checked } from '../client/send.js';
import { invokeOperation } from '../client/invokeOperation.js';
import * as scanOperations from '../generated/scan/operations.js';
import type { UpdateHistoryItem } from '../codecs/scan/UpdateHistoryItem.js';
import type { UpdateHistoryItemV2 } from '../codecs/scan/UpdateHistoryItemV2.js';
import type { UpdateHistoryRequestV2 } from '../codecs/scan/UpdateHistoryRequestV2.js';
import { validateUpdateHistoryRequest } from '../validation/validateUpdateHistoryRequest.js';
import { Checks } from '../validation/checks.js';
import type { ScanCheckpoint } from './checkpoints.js';
import type { Heartbeat } from './heartbeat.js';
import { DEFAULT_TAIL_INTERVAL_MS, TAIL_RETRY, type TailingStreamOptions } from './options.js';
import { initialScanRead, scanCursorPaging } from '../paging/byScanCursor.js';
import { readPages } from '../paging/readPages.js';
import { meterPages } from '../telemetry/meterPages.js';
import { serverEndOf } from './serverEndOf.js';
import type { Page } from '../paging/Page.js';
import { itemsOf } from './itemsOf.js';
import { checkpointCodecs } from './checkpointCodecs.js';

/**
 * Options of `scan.updates`.
 * @category Streams
 * @since 0.1.0
 */
export interface ScanUpdatesOptions extends TailingStreamOptions<ScanCheckpoint> {
  /** `v2` (default) reads `POST /v2/updates`; `v1` the deprecated `POST /v1/updates` (items carry `offset`). */
  readonly version?: 'v1' | 'v2';
}

type Item = UpdateHistoryItem | UpdateHistoryItemV2;
type Element = Item | Heartbeat<ScanCheckpoint>;

/** Checks the options of `scan.updates` (also `scan.backfill`'s `from`). @internal */
export const checkOptions = (options: ScanUpdatesOptions): Checks => {
  const checks = new Checks();
  const from = options.from;
  checks.checkpoint(checkpointCodecs['scan.updates'], from);
  if (options.tail?.intervalMs !== undefined) checks.duration(options.tail.intervalMs, 'tail.intervalMs');
  return checks;
};

/**
 * The Scan update history as a cold stream of pages (see `ScanGroup.pages.updates`), paged by the
 * Scan cursor family (`scanCursorPaging`): each page is asked for from the microsecond before the
 * last item's `(migration_id, record_time)`, so that items sharing that cursor are seen across
 * page boundaries (the repeated ones are dropped by update id); the history ends only when a
 * request strictly after the last item comes back empty, since a short page is no proof of the
 * end. Items must never go backwards and an update id must not come twice at one cursor, or the
 * stream ends with a `DecodeError` of reason `invariant` after the valid items before it.
 * @internal
 */
export const scanUpdatesPages = (
  transport: Transport,
  request: UpdateHistoryRequestV2,
  options: ScanUpdatesOptions = {},
): Observable<E.Either<CantonError, Page<Item, ScanCheckpoint>>> =>
  checked(
    () => {
      const r = validateUpdateHistoryRequest(request);
      if (E.isLeft(r)) return r;
      return checkOptions(options).result('scan.updates options', r.right);
    },
    (req) =>
      defer(() => {
        const v1 = options.version === 'v1';
        const tailMs = options.tail ? (options.tail.intervalMs ?? DEFAULT_TAIL_INTERVAL_MS) : undefined;
        const retry = options.tail ? { ...TAIL_RETRY, ...options.retry } : options.retry;
        const { after: requestedAfter, page_size: pageSize, ...rest } = req;
        const from = options.from;
        const start = from
          ? initialScanRead({ migration_id: from.migration_id, record_time: from.record_time }, from.update_id)
          : initialScanRead(requestedAfter ? { migration_id: requestedAfter.after_migration_id, record_time: requestedAfter.after_record_time } : undefined, undefined);
        const paging = scanCursorPaging<{ readonly transactions: ReadonlyArray<Item> }, Item, 'scan.updates'>({
          stream: 'scan.updates',
          pageSize,
          tailMs,
          itemsPath: 'transactions',
          ahead: true,
          request: (cursor, onOkBytes) => {
            const via: Transport = onOkBytes ? (call) => transport({ ...call, onOkBytes }) : transport;
            return v1 ? invokeOperation(via, scanOperations.getUpdateHistoryV1, [{ ...rest, ...cursor }]) : invokeOperation(via, scanOperations.getUpdateHistoryV2, [{ ...rest, ...cursor }]);
          },
          records: (response) => ({ values: response.transactions }),
        });
        return readPages(paging, start, { prefetch: options.prefetch, pull: options.pull, retry }).pipe(meterPages(transport.telemetry, 'scan.updates', serverEndOf(transport, scanOperations.getLatestEventRecordTime)));
      }),
  );

/**
 * The Scan update history as a cold stream of items (see `ScanGroup.updates`): the records of
 * `scanUpdatesPages`, and heartbeats when asked for.
 * @internal
 */
export const scanUpdates = (transport: Transport, request: UpdateHistoryRequestV2, options: ScanUpdatesOptions = {}): Observable<E.Either<CantonError, Element>> =>
  itemsOf(scanUpdatesPages(transport, request, options), options.heartbeats);
