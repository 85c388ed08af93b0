import type * as E from 'fp-ts/lib/Either.js';
import type { InvalidRequest } from '../errors/CantonError.js';
import { Timestamp } from '../codecs/common/primitives.js';
import { Checks } from './checks.js';

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
 * @category Validation
 * @since 0.1.0
 */
export const validateUpdateHistoryRequest = <R extends UpdateHistoryFields>(request: R): E.Either<InvalidRequest, R> => {
  const checks = new Checks().positiveInt(request.page_size, 'page_size');
  if (request.after != null) {
    checks
      .nonNegativeInt(request.after.after_migration_id, 'after.after_migration_id')
      .check(Timestamp.is(request.after.after_record_time), 'after.after_record_time', 'must be an ISO-8601 UTC instant');
  }
  return checks.result('update history request', request);
};
