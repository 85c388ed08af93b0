import type * as E from 'fp-ts/lib/Either.js';
import type { InvalidRequest } from '../errors/CantonError.js';
import { Checks } from './checks.js';

/**
 * Checks a vote-request lookup before anything is sent: at most 1000 contract ids, each a
 * non-empty string (Scan's `maxItems`).
 *
 * @example
 * ```ts
 * import { validateVoteRequestLookup } from 'canton-rx';
 * validateVoteRequestLookup({ vote_request_contract_ids: ['00ab...'] }); // Right
 * ```
 * @category Validation
 * @since 0.1.0
 */
export const validateVoteRequestLookup = <R extends { readonly vote_request_contract_ids: ReadonlyArray<string> }>(
  request: R,
): E.Either<InvalidRequest, R> => {
  const ids = request.vote_request_contract_ids as unknown;
  return new Checks()
    .check(Array.isArray(ids) && ids.length <= 1000, 'vote_request_contract_ids', 'must be an array of at most 1000 contract ids')
    .check(Array.isArray(ids) && ids.every((id) => typeof id === 'string' && id.length > 0), 'vote_request_contract_ids', 'must hold non-empty strings')
    .result('vote request lookup', request);
};
