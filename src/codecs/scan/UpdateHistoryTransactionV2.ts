import * as t from 'io-ts';
import { int64, optional, Timestamp, withFastGuard } from '../common/primitives.js';
import { isTransactionShape } from './transactionGuard.js';
import { TreeEvent } from './TreeEvent.js';

/**
 * A transaction of `/v2/updates` and `/v2/updates/{update_id}` (upstream `UpdateHistoryTransactionV2`).
 * @category Codecs
 * @since 0.1.0
 */
const UpdateHistoryTransactionV2Codec = t.intersection(
  [
    t.type({
      update_id: t.string,
      migration_id: int64,
      /** `""` when none was set. */
      workflow_id: t.string,
      /** Always 6 fractional digits. */
      record_time: Timestamp,
      synchronizer_id: t.string,
      effective_at: Timestamp,
      /** In execution order; walk the tree from here, since `events_by_id` keys sort as text (`…:10` before `…:2`). */
      root_event_ids: t.array(t.string),
      events_by_id: t.record(t.string, TreeEvent),
    }),
    t.partial({
      /** Hex; omitted by the server when there is none. */
      external_transaction_hash: optional(t.string),
      /** Not part of V2 (v1 sent a constant `"000000000000000001"`); tolerated when a server still sends it. */
      offset: optional(t.string),
    }),
  ],
  'UpdateHistoryTransactionV2',
);
export const UpdateHistoryTransactionV2 = withFastGuard(UpdateHistoryTransactionV2Codec, (u) => isTransactionShape(u) && (u.offset === undefined || u.offset === null || typeof u.offset === 'string'));
export type UpdateHistoryTransactionV2 = t.TypeOf<typeof UpdateHistoryTransactionV2>;
