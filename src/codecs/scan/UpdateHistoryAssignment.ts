import * as t from 'io-ts';
import { int64 } from '../common/primitives.js';
import { CreatedEvent } from './CreatedEvent.js';

/**
 * A contract assigned to a synchronizer, recognised by its `created_event` (upstream `UpdateHistoryAssignment`).
 * @example
 * ```ts
 * import { codecs, decodeWith } from 'canton-rx';
 * decodeWith(codecs.scan.UpdateHistoryAssignment)(reassignment.event); // Either<DecodeError, UpdateHistoryAssignment>
 * ```
 * @category Codecs
 * @since 0.1.0
 */
export const UpdateHistoryAssignment = t.type(
  {
    submitter: t.string,
    source_synchronizer: t.string,
    target_synchronizer: t.string,
    /** Of the target synchronizer. */
    migration_id: int64,
    unassign_id: t.string,
    created_event: CreatedEvent,
    reassignment_counter: int64,
  },
  'UpdateHistoryAssignment',
);
export type UpdateHistoryAssignment = t.TypeOf<typeof UpdateHistoryAssignment>;
