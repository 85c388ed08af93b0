import type * as t from 'io-ts';
import { withUnknown, type UnknownMember } from '../common/openMembers.js';
import { byPresence, carriesScanCursor } from '../splice/internal.js';
import { UpdateHistoryReassignment } from './UpdateHistoryReassignment.js';
import { UpdateHistoryTransaction } from './UpdateHistoryTransaction.js';

/**
 * One update of `/v1/updates`: a transaction (it has `events_by_id` or `root_event_ids`) or a reassignment (it has `event`); open: any other item carrying the Scan cursor is an
 * `UnknownUpdateHistoryItem` (upstream `UpdateHistoryItem`).
 * @example
 * ```ts
 * import { codecs, decodeWith } from 'canton-rx';
 * // GET /api/scan/v1/updates/{update_id}
 * decodeWith(codecs.scan.UpdateHistoryItem)(await res.json()); // Either<DecodeError, UpdateHistoryItem>
 * const isTransaction = (i: codecs.scan.UpdateHistoryItem) => 'events_by_id' in i;
 * ```
 * @category Codecs
 * @since 0.1.0
 */
export const UpdateHistoryItem = withUnknown<UnknownUpdateHistoryItem>()(
  byPresence(
    'UpdateHistoryItem',
    { keys: ['events_by_id', 'root_event_ids'], codec: UpdateHistoryTransaction },
    { keys: ['event'], codec: UpdateHistoryReassignment },
    'neither an UpdateHistoryTransaction (no events_by_id, no root_event_ids) nor an UpdateHistoryReassignment (no event)',
    { group: 'scan', carries: carriesScanCursor },
  ),
);
export type UpdateHistoryItem = t.TypeOf<typeof UpdateHistoryItem>;

/**
 * An item of the update history (v1) that is neither a transaction nor a reassignment: the JSON
 * as it came (docs/codecs.md, "Open unions"). It carries the Scan cursor (`update_id`,
 * `migration_id`, `record_time`), so the streams' checkpoints advance past it.
 * @category Codecs
 * @since 0.3.0
 */
export type UnknownUpdateHistoryItem = UnknownMember<'UpdateHistoryItem'> & { readonly update_id: string; readonly migration_id: number; readonly record_time: string };
