import type * as E from 'fp-ts/lib/Either.js';
import type { InvalidRequest } from '../errors/CantonError.js';
import { Checks } from './checks.js';

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
 * @category Validation
 * @since 0.2.0
 */
export const validateGetActiveContractsPageRequest = <R extends ActiveContractsPageFields>(request: R): E.Either<InvalidRequest, R> => {
  const checks = new Checks().check(typeof request.eventFormat === 'object' && request.eventFormat !== null, 'eventFormat', 'is required');
  if (request.activeAtOffset != null) checks.nonNegativeInt(request.activeAtOffset, 'activeAtOffset');
  if (request.maxPageSize != null) checks.positiveInt(request.maxPageSize, 'maxPageSize');
  return checks.result('active-contracts-page request', request);
};
