import type * as E from 'fp-ts/lib/Either.js';
import type { InvalidRequest } from '../errors/CantonError.js';
import { checkRequest } from './checkRequest.js';
import { requestValidations } from './requestValidations.js';

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
 * @deprecated The operation's descriptor runs these checks (`requestValidations.getUpdatesPageRequest`)
 * before anything is sent; call the client method instead. Kept for one minor release.
 * @category Validation
 * @since 0.1.0
 */
export const validateGetUpdatesPageRequest = <R extends UpdatesPageFields>(request: R): E.Either<InvalidRequest, R> =>
  checkRequest(requestValidations.getUpdatesPageRequest, request);
