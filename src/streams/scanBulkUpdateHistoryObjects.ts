import { listBulkUpdateHistoryObjects } from '../generated/scan/ops/listBulkUpdateHistoryObjects.js';
import type { BulkUpdateHistoryCheckpoint } from './checkpoints.js';
import type { StreamOptions } from './options.js';
import { tokenPaging } from './tokenPaged.js';
import { checkpointCodecs } from './checkpointCodecs.js';
import { recordStream, type ReadContext } from './recordStream.js';

/**
 * The request of `scan.bulkUpdateHistoryObjects`: the body of `POST /v0/history/bulk/updates`
 * without its page token.
 * @category Streams
 * @since 0.2.0
 */
export interface BulkUpdateHistoryObjectsRequest {
  readonly start_record_time: string;
  readonly end_record_time: string;
  readonly page_size: number;
}

/**
 * The objects of Scan's bulk storage that hold the update history between two record times
 * (`POST /v0/history/bulk/updates`) as `BulkStorageObjectRef` entries, page after page (the page
 * token family): the answer's `next_page_token` goes back as the request's, each entry with a
 * checkpoint (see `BulkUpdateHistoryCheckpoint`).
 * @example
 * ```ts
 * scanBulkUpdateHistoryObjectsStream.items(transport, { start_record_time, end_record_time, page_size: 100 }).subscribe(console.log);
 * ```
 * @internal
 */
export const scanBulkUpdateHistoryObjectsStream = /*#__PURE__*/ recordStream({
  name: 'scan.bulkUpdateHistoryObjects',
  family: 'page token',
  checkpoint: checkpointCodecs['scan.bulkUpdateHistoryObjects'],
  items: 'records',
  checks: (checks, request) => checks.positiveInt(request?.page_size, 'page_size'),
  read: ({ call }: ReadContext, request: BulkUpdateHistoryObjectsRequest, options: StreamOptions<BulkUpdateHistoryCheckpoint>) =>
    tokenPaging(
      'scan.bulkUpdateHistoryObjects',
      (token: string | undefined) => call(listBulkUpdateHistoryObjects, [{ ...request, ...(token !== undefined ? { next_page_token: token } : {}) }]),
      (r) => r.object_refs,
      (r) => r.next_page_token || undefined,
      options.from,
    ),
});

/** The page form of `scan.bulkUpdateHistoryObjects` (`scan.pages.bulkUpdateHistoryObjects`). @internal */
export const scanBulkUpdateHistoryObjectsPages = scanBulkUpdateHistoryObjectsStream.pages;

/** The item form of `scan.bulkUpdateHistoryObjects`: its records, one by one. @internal */
export const scanBulkUpdateHistoryObjects = scanBulkUpdateHistoryObjectsStream.items;
