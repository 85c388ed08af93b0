import * as t from 'io-ts';
import { int64 } from '../common/primitives.js';

/**
 * A contract unassigned from a synchronizer, recognised by `contract_id` without `created_event` (upstream `UpdateHistoryUnassignment`).
 * @example
 * ```ts
 * import { codecs, decodeWith } from 'canton-rx';
 * decodeWith(codecs.scan.UpdateHistoryUnassignment)(reassignment.event); // Either<DecodeError, UpdateHistoryUnassignment>
 * ```
 * @category Codecs
 * @since 0.1.0
 */
export const UpdateHistoryUnassignment = t.type(
  {
    submitter: t.string,
    source_synchronizer: t.string,
    /** Of the source synchronizer. */
    migration_id: int64,
    target_synchronizer: t.string,
    unassign_id: t.string,
    reassignment_counter: int64,
    contract_id: t.string,
  },
  'UpdateHistoryUnassignment',
);
export type UpdateHistoryUnassignment = t.TypeOf<typeof UpdateHistoryUnassignment>;
