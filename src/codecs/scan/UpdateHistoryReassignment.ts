import * as t from 'io-ts';
import { Timestamp } from '../common/primitives.js';
import { byPresence, HexString } from '../splice/internal.js';
import { UpdateHistoryAssignment } from './UpdateHistoryAssignment.js';
import { UpdateHistoryUnassignment } from './UpdateHistoryUnassignment.js';

// `event` is a oneOf without discriminator: chosen by field presence, so that an error points
// inside the member it is (a `created_event` makes an assignment, a `contract_id` an unassignment).
const ReassignmentEvent = byPresence(
  'UpdateHistoryAssignment | UpdateHistoryUnassignment',
  { keys: ['created_event'], codec: UpdateHistoryAssignment },
  { keys: ['contract_id'], codec: UpdateHistoryUnassignment },
  'neither an UpdateHistoryAssignment (no created_event) nor an UpdateHistoryUnassignment (no contract_id)',
);

/**
 * A contract moving between synchronizers, in both `/v1/updates` and `/v2/updates` (upstream `UpdateHistoryReassignment`).
 * @example
 * ```ts
 * import { codecs, decodeWith } from 'canton-rx';
 * decodeWith(codecs.scan.UpdateHistoryReassignment)(page.transactions[0]); // Either<DecodeError, UpdateHistoryReassignment>
 * const isAssignment = (r: codecs.scan.UpdateHistoryReassignment) => 'created_event' in r.event;
 * ```
 * @category Codecs
 * @since 0.1.0
 */
export const UpdateHistoryReassignment = t.type(
  {
    update_id: t.string,
    /** Hex; comparable only within one Scan instance. */
    offset: HexString,
    record_time: Timestamp,
    event: ReassignmentEvent,
  },
  'UpdateHistoryReassignment',
);
export type UpdateHistoryReassignment = t.TypeOf<typeof UpdateHistoryReassignment>;
