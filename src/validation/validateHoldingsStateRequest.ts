import type * as E from 'fp-ts/lib/Either.js';
import type { InvalidRequest } from '../errors/CantonError.js';
import { checkRequest } from './checkRequest.js';
import { requestValidations } from './requestValidations.js';

interface HoldingsFields {
  readonly migration_id: number;
  readonly record_time: string;
  readonly page_size: number;
  readonly owner_party_ids: ReadonlyArray<string>;
}

/**
 * Checks a holdings-state request before anything is sent: `owner_party_ids` has 1 to 1000
 * entries, `page_size` is a positive integer, `migration_id` a non-negative integer and
 * `record_time` an ISO-8601 UTC instant.
 *
 * @example
 * ```ts
 * import { validateHoldingsStateRequest } from 'canton-rx';
 * validateHoldingsStateRequest({ migration_id: 4, record_time: '2026-03-19T00:00:00Z', page_size: 100, owner_party_ids: [] });
 * // Left: owner_party_ids must have 1 to 1000 entries
 * ```
 * @deprecated The operation's descriptor runs these checks (`requestValidations.holdingsStateRequest`)
 * before anything is sent; call the client method instead. Kept for one minor release.
 * @category Validation
 * @since 0.1.0
 */
export const validateHoldingsStateRequest = <R extends HoldingsFields>(request: R): E.Either<InvalidRequest, R> =>
  checkRequest(requestValidations.holdingsStateRequest, request);
