import * as t from 'io-ts';
import { int64, Timestamp } from '../common/primitives.js';

/**
 * Where an update history page starts: strictly after this (migration id, record time) (upstream `UpdateHistoryRequestAfter`).
 * @example
 * ```ts
 * import { codecs } from 'canton-rx';
 * // The next page starts after the last item of this one
 * const after: codecs.scan.UpdateHistoryRequestAfter = { after_migration_id: last.migration_id, after_record_time: last.record_time };
 * ```
 * @category Codecs
 * @since 0.1.0
 */
export const UpdateHistoryRequestAfter = t.type(
  {
    after_migration_id: int64,
    /** No `format` in the spec, but the server parses it with `Instant.parse`: a UTC instant. */
    after_record_time: Timestamp,
  },
  'UpdateHistoryRequestAfter',
);
export type UpdateHistoryRequestAfter = t.TypeOf<typeof UpdateHistoryRequestAfter>;
