import type { UpdateHistoryItem } from '../codecs/scan/UpdateHistoryItem.js';
import type { UpdateHistoryItemV2 } from '../codecs/scan/UpdateHistoryItemV2.js';
import type { UpdateHistoryRequestV2 } from '../codecs/scan/UpdateHistoryRequestV2.js';
import { getLatestEventRecordTime } from '../generated/scan/ops/getLatestEventRecordTime.js';
import { getUpdateHistoryV1 } from '../generated/scan/ops/getUpdateHistoryV1.js';
import { getUpdateHistoryV2 } from '../generated/scan/ops/getUpdateHistoryV2.js';
import { scanCursorRead } from '../paging/byScanCursor.js';
import { validateUpdateHistoryRequest } from '../validation/validateUpdateHistoryRequest.js';
import type { ScanCheckpoint } from './checkpoints.js';
import { checkpointCodecs } from './checkpointCodecs.js';
import type { TailingStreamOptions } from './options.js';
import { recordStream, type ReadContext } from './recordStream.js';

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

/**
 * The Scan update history (see `ScanGroup.updates`, `ScanGroup.pages.updates`), paged by the Scan
 * cursor family (`scanCursorPaging`): each page is asked for from the microsecond before the last
 * item's `(migration_id, record_time)`, so that items sharing that cursor are seen across page
 * boundaries (the repeated ones are dropped by update id); the history ends only when a request
 * strictly after the last item comes back empty, since a short page is no proof of the end. Items
 * must never go backwards and an update id must not come twice at one cursor, or the stream ends
 * with a `DecodeError` of reason `invariant` after the valid items before it.
 * @example
 * ```ts
 * scanUpdatesStream.items(transport, { page_size: 100 }, { tail: {}, heartbeats: true }).subscribe(console.log);
 * ```
 * @internal
 */
export const scanUpdatesStream = /*#__PURE__*/ recordStream({
  name: 'scan.updates',
  family: 'scan cursor',
  checkpoint: checkpointCodecs['scan.updates'],
  items: 'values',
  tails: true,
  validate: validateUpdateHistoryRequest,
  serverEnd: getLatestEventRecordTime,
  read: ({ call, tailMs }: ReadContext, request: UpdateHistoryRequestV2, options: ScanUpdatesOptions) =>
    scanCursorRead<UpdateHistoryRequestV2, { readonly transactions: ReadonlyArray<Item> }, Item, 'scan.updates'>(
      {
        stream: 'scan.updates',
        tailMs,
        itemsPath: 'transactions',
        ahead: true,
        request: (body, onOkBytes) => (options.version === 'v1' ? call(getUpdateHistoryV1, [body], onOkBytes) : call(getUpdateHistoryV2, [body], onOkBytes)),
        records: (response) => ({ values: response.transactions }),
      },
      request,
      options.from,
    ),
});

/** The page form of `scan.updates` (see `ScanGroup.pages.updates`). @internal */
export const scanUpdatesPages = scanUpdatesStream.pages;

/** The item form of `scan.updates`: the records' values, and heartbeats when asked for (see `ScanGroup.updates`). @internal */
export const scanUpdates = scanUpdatesStream.items;
