import { map, type Observable } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import type { CantonError } from '../errors/CantonError.js';
import type { Page } from '../paging/Page.js';
import { flattenPages } from '../paging/flattenPages.js';
import type { Transport } from '../client/createTransport.js';
import { checked } from '../client/send.js';
import { invokeOperation } from '../client/invokeOperation.js';
import * as scanOperations from '../generated/scan/operations.js';
import { Checks } from '../validation/checks.js';
import type { VoteResultsCheckpoint } from './checkpoints.js';
import type { StreamOptions } from './options.js';
import { tokenPagedPages, type TokenListed } from './tokenPaged.js';
import { checkpointCodecs } from './checkpointCodecs.js';

/**
 * The request of `scan.voteResults`: the body of `POST /v0/admin/sv/voteresults` without its page
 * token (`limit` is the page length).
 * @category Streams
 * @since 0.2.0
 */
export interface VoteResultsRequest {
  readonly limit: number;
  readonly actionName?: string;
  readonly accepted?: boolean;
  readonly requester?: string;
  readonly effectiveFrom?: string;
  readonly effectiveTo?: string;
}

/**
 * The closed vote results of the DSO (`POST /v0/admin/sv/voteresults`) as a cold stream of
 * `DsoRules_CloseVoteRequestResult` records, page after page through the numeric
 * `next_page_token`, each with a checkpoint (see `VoteResultsCheckpoint`).
 * This is the page form (`scan.pages.voteResults`); `scanVoteResults` is its item form.
 * @internal
 */
export const scanVoteResultsPages = (
  transport: Transport,
  request: VoteResultsRequest,
  options: StreamOptions<VoteResultsCheckpoint> = {},
): Observable<E.Either<CantonError, Page<Record<string, unknown>, VoteResultsCheckpoint>>> =>
  checked(
    () => new Checks().positiveInt(request?.limit, 'limit').checkpoint(checkpointCodecs['scan.voteResults'], options.from).result('scan.voteResults request', request),
    (req) =>
      tokenPagedPages(
        'scan.voteResults',
        (token: number | undefined) =>
          invokeOperation(transport, scanOperations.listVoteRequestResults, [{ ...req, ...(token !== undefined ? { pageToken: token } : {}) }]).pipe(
            map(E.map((r) => ({ entries: r.dso_rules_vote_results, nextPageToken: r.next_page_token ?? undefined }))),
          ),
        options,
      ),
  );

/** The item form of `scanVoteResultsPages`: its records, one by one (`scan.voteResults`). @internal */
export const scanVoteResults = (
  transport: Transport,
  request: VoteResultsRequest,
  options: StreamOptions<VoteResultsCheckpoint> = {},
): Observable<E.Either<CantonError, TokenListed<Record<string, unknown>, VoteResultsCheckpoint>>> =>
  flattenPages(scanVoteResultsPages(transport, request, options), (page) => page.records);
