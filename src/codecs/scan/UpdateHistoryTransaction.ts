import * as t from 'io-ts';
import { optional, withFastGuard } from '../common/primitives.js';
import { baseTransactionProps, isTransactionShape } from './transactionGuard.js';
import { HexString } from '../splice/internal.js';

// The io-ts codec; the export wraps it with a fast guard for the update-history hot path.
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

/**
 * A transaction of `/v1/updates`, with its hex `offset` (upstream `UpdateHistoryTransaction`).
 * @example
 * ```ts
 * import { codecs, decodeWith } from 'canton-rx';
 * decodeWith(codecs.scan.UpdateHistoryTransaction)(v1Page.transactions[0]); // Either<DecodeError, UpdateHistoryTransaction>
 * ```
 * @category Codecs
 * @since 0.1.0
 */
export const UpdateHistoryTransaction = withFastGuard(UpdateHistoryTransactionCodec, (u) => isTransactionShape(u) && HexString.is(u.offset));
export type UpdateHistoryTransaction = t.TypeOf<typeof UpdateHistoryTransaction>;
