import * as t from 'io-ts';
import { Timestamp, int64, optional } from '../common/primitives.js';
import { Event } from './Event.js';
import { TraceContext } from './TraceContext.js';

/**
 * A transaction as the update services return it (flat: events in execution order).
 * @example
 * ```ts
 * import { codecs, decodeWith } from 'canton-rx';
 * // POST /v2/updates/transaction-by-offset answers { transaction: JsTransaction }
 * decodeWith(codecs.ledger.JsTransaction)((await res.json()).transaction); // Either<DecodeError, JsTransaction>
 * ```
 * @category Codecs
 * @since 0.1.0
 */
export const JsTransaction = t.intersection(
  [
    t.type({
      updateId: t.string,
      effectiveAt: Timestamp,
      // Upstream promises a non-empty list; an empty one would harm no reader, so it is not refused.
      events: t.array(Event),
      offset: int64,
      synchronizerId: t.string,
      recordTime: Timestamp,
    }),
    t.partial({
      commandId: optional(t.string),
      workflowId: optional(t.string),
      traceContext: optional(TraceContext),
      // Hex; deprecated in Canton 3.6 in favour of transactionHash. Absent from 3.3-era captures.
      externalTransactionHash: optional(t.string),
      // Absent from 3.3-era captures, null for other participants' transactions.
      paidTrafficCost: optional(int64),
      // Canton 3.6 (main) only.
      transactionHash: optional(t.string),
    }),
  ],
  'JsTransaction',
);
export type JsTransaction = t.TypeOf<typeof JsTransaction>;
