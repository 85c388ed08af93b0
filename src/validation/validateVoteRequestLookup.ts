import type * as E from 'fp-ts/lib/Either.js';
import type { InvalidRequest } from '../errors/CantonError.js';
import { checkRequest } from './checkRequest.js';
import { requestValidations } from './requestValidations.js';

/**
 * Checks a vote-request lookup before anything is sent: at most 1000 contract ids, each a
 * non-empty string (Scan's `maxItems`).
 *
 * @example
 * ```ts
 * import { validateVoteRequestLookup } from 'canton-rx';
 * validateVoteRequestLookup({ vote_request_contract_ids: ['00ab...'] }); // Right
 * ```
 * @deprecated The operation's descriptor runs these checks (`requestValidations.voteRequestLookup`)
 * before anything is sent; call the client method instead. Kept for one minor release.
 * @category Validation
 * @since 0.1.0
 */
export const validateVoteRequestLookup = <R extends { readonly vote_request_contract_ids: ReadonlyArray<string> }>(
  request: R,
): E.Either<InvalidRequest, R> =>
  checkRequest(requestValidations.voteRequestLookup, request);
