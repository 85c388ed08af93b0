import { listVoteRequestResults } from '../generated/scan/ops/listVoteRequestResults.js';
import type { VoteResultsCheckpoint } from './checkpoints.js';
import type { StreamOptions } from './options.js';
import { tokenPaging } from './tokenPaged.js';
import { checkpointCodecs } from './checkpointCodecs.js';
import { recordStream, type ReadContext } from './recordStream.js';

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
 * The closed vote results of the DSO (`POST /v0/admin/sv/voteresults`) as
 * `DsoRules_CloseVoteRequestResult` records, page after page through the numeric
 * `next_page_token` (the page token family), each with a checkpoint (see `VoteResultsCheckpoint`).
 * @example
 * ```ts
 * scanVoteResultsStream.items(transport, { limit: 100 }).subscribe(console.log);
 * ```
 * @internal
 */
export const scanVoteResultsStream = /*#__PURE__*/ recordStream({
  name: 'scan.voteResults',
  family: 'page token',
  checkpoint: checkpointCodecs['scan.voteResults'],
  items: 'records',
  checks: (checks, request) => checks.positiveInt(request?.limit, 'limit'),
  read: ({ call }: ReadContext, request: VoteResultsRequest, options: StreamOptions<VoteResultsCheckpoint>) =>
    tokenPaging(
      'scan.voteResults',
      (token: number | undefined) => call(listVoteRequestResults, [{ ...request, ...(token !== undefined ? { pageToken: token } : {}) }]),
      (r) => r.dso_rules_vote_results as ReadonlyArray<Record<string, unknown>>,
      (r) => r.next_page_token ?? undefined,
      options.from,
    ),
});

/** The page form of `scan.voteResults` (`scan.pages.voteResults`). @internal */
export const scanVoteResultsPages = scanVoteResultsStream.pages;

/** The item form of `scan.voteResults`: its records, one by one. @internal */
export const scanVoteResults = scanVoteResultsStream.items;
