import * as t from 'io-ts';
import { Timestamp, int64, optional, isInt64, isTimestamp, withFastGuard, isJsonObject } from '../common/primitives.js';
import { Event } from './Event.js';
import { TraceContext } from './TraceContext.js';

// The io-ts codec; the export wraps it with its fast guard.
const JsTransactionCodec = t.intersection(
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
function isJsTransaction(u: unknown): boolean {
  if (!isJsonObject(u)) return false;
  let x = u.commandId;
  if (!(x === undefined || x === null || typeof x === 'string')) return false;
  x = u.workflowId;
  if (!(x === undefined || x === null || typeof x === 'string')) return false;
  x = u.externalTransactionHash;
  if (!(x === undefined || x === null || typeof x === 'string')) return false;
  x = u.transactionHash;
  if (!(x === undefined || x === null || typeof x === 'string')) return false;
  x = u.paidTrafficCost;
  if (!(x === undefined || x === null || isInt64(x))) return false;
  x = u.traceContext;
  if (!(x === undefined || x === null || TraceContext.is(x))) return false;
  if (!(typeof u.updateId === 'string' && isTimestamp(u.effectiveAt) && isInt64(u.offset) && typeof u.synchronizerId === 'string' && isTimestamp(u.recordTime))) return false;
  const events = u.events;
  if (!Array.isArray(events)) return false;
  for (let i = 0; i < events.length; i++) if (!Event.is(events[i])) return false;
  return true;
}
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
export const JsTransaction = withFastGuard(JsTransactionCodec, isJsTransaction);
export type JsTransaction = t.TypeOf<typeof JsTransaction>;
