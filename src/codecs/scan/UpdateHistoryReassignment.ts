import * as t from 'io-ts';
import { withUnknown, type UnknownMember } from '../common/openMembers.js';
import { Timestamp, isInt64 } from '../common/primitives.js';
import { byPresence, HexString, isRecord } from '../splice/internal.js';
import { UpdateHistoryAssignment } from './UpdateHistoryAssignment.js';
import { UpdateHistoryUnassignment } from './UpdateHistoryUnassignment.js';

// `event` is a oneOf without discriminator: chosen by field presence, so that an error points
// inside the member it is (a `created_event` makes an assignment, a `contract_id` an unassignment).
// Open (overrides.openUnions): another event must carry migration_id, which the cursor reads.
const ReassignmentEvent = withUnknown<UnknownMember<'ReassignmentEvent'> & { readonly migration_id: number }>()(
  byPresence(
    'UpdateHistoryAssignment | UpdateHistoryUnassignment',
    { keys: ['created_event'], codec: UpdateHistoryAssignment },
    { keys: ['contract_id'], codec: UpdateHistoryUnassignment },
    'neither an UpdateHistoryAssignment (no created_event) nor an UpdateHistoryUnassignment (no contract_id)',
    { group: 'scan', name: 'ReassignmentEvent', carries: { check: (u) => isRecord(u) && isInt64(u.migration_id), what: 'migration_id (the cursor of the Scan streams)' } },
  ),
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
