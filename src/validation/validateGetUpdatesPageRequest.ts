import type * as E from 'fp-ts/lib/Either.js';
import type { InvalidRequest } from '../errors/CantonError.js';
import { Checks } from './checks.js';

interface UpdatesPageFields {
  readonly updateFormat: unknown;
  readonly maxPageSize?: number | null;
  readonly beginOffsetExclusive?: number | null;
  readonly endOffsetInclusive?: number | null;
}

/**
 * Checks a ledger get-updates-page request before anything is sent: `updateFormat` is present,
 * `maxPageSize` a positive integer, `beginOffsetExclusive` non-negative and
 * `endOffsetInclusive` positive and not below the begin.
 *
 * @example
 * ```ts
 * import { validateGetUpdatesPageRequest } from 'canton-rx';
 * validateGetUpdatesPageRequest({ updateFormat: {}, maxPageSize: 0 }); // Left: maxPageSize must be a positive integer
 * ```
 * @category Validation
 * @since 0.1.0
 */
export const validateGetUpdatesPageRequest = <R extends UpdatesPageFields>(request: R): E.Either<InvalidRequest, R> => {
  const checks = new Checks().check(typeof request.updateFormat === 'object' && request.updateFormat !== null, 'updateFormat', 'is required');
  if (request.maxPageSize != null) checks.positiveInt(request.maxPageSize, 'maxPageSize');
  if (request.beginOffsetExclusive != null) checks.nonNegativeInt(request.beginOffsetExclusive, 'beginOffsetExclusive');
  if (request.endOffsetInclusive != null) {
    checks.positiveInt(request.endOffsetInclusive, 'endOffsetInclusive');
    checks.check(
      request.beginOffsetExclusive == null || request.endOffsetInclusive >= request.beginOffsetExclusive,
      'endOffsetInclusive',
      'must not be below beginOffsetExclusive',
    );
  }
  return checks.result('get-updates-page request', request);
};
