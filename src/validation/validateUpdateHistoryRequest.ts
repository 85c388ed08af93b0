import type * as E from 'fp-ts/lib/Either.js';
import type { InvalidRequest } from '../errors/CantonError.js';
import { checkRequest } from './checkRequest.js';
import { requestValidations } from './requestValidations.js';

interface UpdateHistoryFields {
  readonly page_size: number;
  readonly after?: { readonly after_migration_id: number; readonly after_record_time: string } | null;
}

/**
 * Checks a Scan update-history request (v1 or v2) before anything is sent: `page_size` is a
 * positive integer and `after`, when given, holds a non-negative migration id and an ISO-8601
 * UTC record time.
 *
 * @example
 * ```ts
 * import { validateUpdateHistoryRequest } from 'canton-rx';
 * validateUpdateHistoryRequest({ page_size: 0 }); // Left: page_size must be a positive integer
 * ```
 * @deprecated The operation's descriptor runs these checks (`requestValidations.updateHistoryRequest`)
 * before anything is sent; call the client method instead. Kept for one minor release.
 * @category Validation
 * @since 0.1.0
 */
export const validateUpdateHistoryRequest = <R extends UpdateHistoryFields>(request: R): E.Either<InvalidRequest, R> =>
  checkRequest(requestValidations.updateHistoryRequest, request);
