import type * as t from 'io-ts';
import { withUnknown, type UnknownMember } from '../common/openMembers.js';
import { byPresence, carriesScanCursor } from '../splice/internal.js';
import { UpdateHistoryReassignment } from './UpdateHistoryReassignment.js';
import { UpdateHistoryTransactionV2 } from './UpdateHistoryTransactionV2.js';

/**
 * One update of `/v2/updates`: a transaction (it has `events_by_id` or `root_event_ids`) or a reassignment (it has `event`); open: any other item carrying the Scan cursor is an
 * `UnknownUpdateHistoryItemV2` (upstream `UpdateHistoryItemV2`).
 * @example
 * ```ts
 * import { codecs, decodeWith } from 'canton-rx';
 * // GET /api/scan/v2/updates/{update_id}
 * decodeWith(codecs.scan.UpdateHistoryItemV2)(await res.json()); // Either<DecodeError, UpdateHistoryItemV2>
 * const isTransaction = (i: codecs.scan.UpdateHistoryItemV2) => 'events_by_id' in i;
 * ```
 * @category Codecs
 * @since 0.1.0
 */
export const UpdateHistoryItemV2 = withUnknown<UnknownUpdateHistoryItemV2>()(
  byPresence(
    'UpdateHistoryItemV2',
    { keys: ['events_by_id', 'root_event_ids'], codec: UpdateHistoryTransactionV2 },
    { keys: ['event'], codec: UpdateHistoryReassignment },
    'neither an UpdateHistoryTransactionV2 (no events_by_id, no root_event_ids) nor an UpdateHistoryReassignment (no event)',
    { group: 'scan', carries: carriesScanCursor },
  ),
);
export type UpdateHistoryItemV2 = t.TypeOf<typeof UpdateHistoryItemV2>;

/**
 * An item of the update history (v2) that is neither a transaction nor a reassignment: the JSON
 * as it came (docs/codecs.md, "Open unions"). It carries the Scan cursor (`update_id`,
 * `migration_id`, `record_time`), so the streams' checkpoints advance past it.
 * @category Codecs
 * @since 0.3.0
 */
export type UnknownUpdateHistoryItemV2 = UnknownMember<'UpdateHistoryItemV2'> & { readonly update_id: string; readonly migration_id: number; readonly record_time: string };
