import * as t from 'io-ts';
import { optional, withFastGuard } from '../common/primitives.js';
import { baseTransactionProps, isTransactionShape } from './transactionGuard.js';
import { HexString } from '../splice/internal.js';

/**
 * A transaction of `/v1/updates`, with its hex `offset` (upstream `UpdateHistoryTransaction`).
 * @category Codecs
 * @since 0.1.0
 */
const UpdateHistoryTransactionCodec = t.intersection(
  [
    t.type({
      ...baseTransactionProps,
      /** Hex; comparable only within one Scan instance. */
      offset: HexString,
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
