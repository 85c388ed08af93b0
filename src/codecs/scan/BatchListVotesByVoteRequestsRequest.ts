import * as t from 'io-ts';

/**
 * The body of `POST /v0/voterequest`: contract ids of `Splice.DsoRules:VoteRequest` (upstream `BatchListVotesByVoteRequestsRequest`).
 * @example
 * ```ts
 * import { codecs } from 'canton-rx';
 * const body: codecs.scan.BatchListVotesByVoteRequestsRequest = { vote_request_contract_ids: ['00ab…'] };
 * ```
 * @category Codecs
 * @since 0.1.0
 */
export const BatchListVotesByVoteRequestsRequest = t.type({ vote_request_contract_ids: t.array(t.string) }, 'BatchListVotesByVoteRequestsRequest');
export type BatchListVotesByVoteRequestsRequest = t.TypeOf<typeof BatchListVotesByVoteRequestsRequest>;
