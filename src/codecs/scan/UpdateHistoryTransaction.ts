import * as t from 'io-ts';
import { int64, optional, Timestamp, withFastGuard } from '../common/primitives.js';
import { isTransactionShape } from './transactionGuard.js';
import { HexString } from '../splice/internal.js';
import { TreeEvent } from './TreeEvent.js';

/**
 * A transaction of `/v1/updates`, with its hex `offset` (upstream `UpdateHistoryTransaction`).
 * @category Codecs
 * @since 0.1.0
 */
const UpdateHistoryTransactionCodec = t.intersection(
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
      /** Hex; comparable only within one Scan instance. */
      offset: HexString,
      root_event_ids: t.array(t.string),
      events_by_id: t.record(t.string, TreeEvent),
    }),
    t.partial({
      /** Hex; omitted by the server when there is none. */
      external_transaction_hash: optional(t.string),
    }),
  ],
  'UpdateHistoryTransaction',
);
export const UpdateHistoryTransaction = withFastGuard(UpdateHistoryTransactionCodec, (u) => isTransactionShape(u) && HexString.is(u.offset));
export type UpdateHistoryTransaction = t.TypeOf<typeof UpdateHistoryTransaction>;
