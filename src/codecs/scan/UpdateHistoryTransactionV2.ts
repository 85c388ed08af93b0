import * as t from 'io-ts';
import { optional, withFastGuard } from '../common/primitives.js';
import { baseTransactionProps, isTransactionShape } from './transactionGuard.js';

/**
 * A transaction of `/v2/updates` and `/v2/updates/{update_id}` (upstream `UpdateHistoryTransactionV2`).
 * @category Codecs
 * @since 0.1.0
 */
const UpdateHistoryTransactionV2Codec = t.intersection(
  [
    t.type(baseTransactionProps),
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
