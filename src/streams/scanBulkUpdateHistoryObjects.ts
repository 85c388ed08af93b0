import { map, type Observable } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import type { CantonError } from '../errors/CantonError.js';
import type { Page } from '../paging/Page.js';
import { flattenPages } from '../paging/flattenPages.js';
import type { Transport } from '../client/createTransport.js';
import { checked } from '../client/send.js';
import { invokeOperation } from '../client/invokeOperation.js';
import type { BulkStorageObjectRef } from '../generated/scan/schemas.js';
import * as scanOperations from '../generated/scan/operations.js';
import { Checks } from '../validation/checks.js';
import type { BulkUpdateHistoryCheckpoint } from './checkpoints.js';
import type { StreamOptions } from './options.js';
import { tokenPagedPages, type TokenListed } from './tokenPaged.js';
import { checkpointCodecs } from './checkpointCodecs.js';

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
 * (`POST /v0/history/bulk/updates`) as a cold stream of `BulkStorageObjectRef` entries, page after
 * page: the answer's `next_page_token` goes back as the request's, each entry with a checkpoint
 * (see `BulkUpdateHistoryCheckpoint`).
 * This is the page form (`scan.pages.bulkUpdateHistoryObjects`); `scanBulkUpdateHistoryObjects` is its item form.
 * @internal
 */
export const scanBulkUpdateHistoryObjectsPages = (
  transport: Transport,
  request: BulkUpdateHistoryObjectsRequest,
  options: StreamOptions<BulkUpdateHistoryCheckpoint> = {},
): Observable<E.Either<CantonError, Page<BulkStorageObjectRef, BulkUpdateHistoryCheckpoint>>> =>
  checked(
    () => new Checks().positiveInt(request?.page_size, 'page_size').checkpoint(checkpointCodecs['scan.bulkUpdateHistoryObjects'], options.from).result('scan.bulkUpdateHistoryObjects request', request),
    (req) =>
      tokenPagedPages(
        'scan.bulkUpdateHistoryObjects',
        (token: string | undefined) =>
          invokeOperation(transport, scanOperations.listBulkUpdateHistoryObjects, [{ ...req, ...(token !== undefined ? { next_page_token: token } : {}) }]).pipe(
            map(E.map((r) => ({ entries: r.object_refs, nextPageToken: r.next_page_token || undefined }))),
          ),
        options,
      ),
  );

/** The item form of `scanBulkUpdateHistoryObjectsPages`: its records, one by one (`scan.bulkUpdateHistoryObjects`). @internal */
export const scanBulkUpdateHistoryObjects = (
  transport: Transport,
  request: BulkUpdateHistoryObjectsRequest,
  options: StreamOptions<BulkUpdateHistoryCheckpoint> = {},
): Observable<E.Either<CantonError, TokenListed<BulkStorageObjectRef, BulkUpdateHistoryCheckpoint>>> =>
  flattenPages(scanBulkUpdateHistoryObjectsPages(transport, request, options), (page) => page.records);
