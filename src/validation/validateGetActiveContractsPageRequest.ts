import type * as E from 'fp-ts/lib/Either.js';
import type { InvalidRequest } from '../errors/CantonError.js';
import { checkRequest } from './checkRequest.js';
import { requestValidations } from './requestValidations.js';

/**
 * The fields of an active-contracts page request that are checked.
 * @category Validation
 * @since 0.2.0
 */
interface ActiveContractsPageFields {
  readonly eventFormat: unknown;
  readonly activeAtOffset?: number | null;
  readonly maxPageSize?: number | null;
}

/**
 * Checks an active-contracts-page request before anything is sent: `eventFormat` is present,
 * `activeAtOffset` a non-negative integer and `maxPageSize` a positive one.
 *
 * @example
 * ```ts
 * import { validateGetActiveContractsPageRequest } from 'canton-rx';
 * validateGetActiveContractsPageRequest({ eventFormat: {}, activeAtOffset: -1 }); // Left: activeAtOffset must be a non-negative integer
 * ```
 * @deprecated The operation's descriptor runs these checks (`requestValidations.activeContractsPageRequest`)
 * before anything is sent; call the client method instead. Kept for one minor release.
 * @category Validation
 * @since 0.2.0
 */
export const validateGetActiveContractsPageRequest = <R extends ActiveContractsPageFields>(request: R): E.Either<InvalidRequest, R> =>
  checkRequest(requestValidations.activeContractsPageRequest, request);
