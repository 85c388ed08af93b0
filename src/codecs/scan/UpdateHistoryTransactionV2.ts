import * as t from 'io-ts';
import { optional, withFastGuard } from '../common/primitives.js';
import { baseTransactionProps, isTransactionShape } from './transactionGuard.js';

// The io-ts codec; the export wraps it with a fast guard for the update-history hot path.
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

/**
 * A transaction of `/v2/updates` and `/v2/updates/{update_id}` (upstream `UpdateHistoryTransactionV2`).
 * @example
 * ```ts
 * import { codecs, decodeWith } from 'canton-rx';
 * decodeWith(codecs.scan.UpdateHistoryTransactionV2)(page.transactions[0]); // Either<DecodeError, UpdateHistoryTransactionV2>
 * // Walk the tree from the roots: events_by_id keys sort as text
 * const roots = (tx: codecs.scan.UpdateHistoryTransactionV2) => tx.root_event_ids.map((id) => tx.events_by_id[id]);
 * ```
 * @category Codecs
 * @since 0.1.0
 */
export const UpdateHistoryTransactionV2 = withFastGuard(UpdateHistoryTransactionV2Codec, (u) => isTransactionShape(u) && (u.offset === undefined || u.offset === null || typeof u.offset === 'string'));
export type UpdateHistoryTransactionV2 = t.TypeOf<typeof UpdateHistoryTransactionV2>;
