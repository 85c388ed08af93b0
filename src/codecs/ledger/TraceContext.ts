import * as t from 'io-ts';
import { optional, withFastGuard, isJsonObject } from '../common/primitives.js';

// The io-ts codec; the export wraps it with its fast guard.
const TraceContextCodec = t.partial(
  {
    traceparent: optional(t.string),
    tracestate: optional(t.string),
  },
  'TraceContext',
);
function isTraceContext(u: unknown): boolean {
  if (!isJsonObject(u)) return false;
  let x = u.traceparent;
  if (!(x === undefined || x === null || typeof x === 'string')) return false;
  x = u.tracestate;
  return (x === undefined || x === null || typeof x === 'string');
}
/**
 * The W3C trace context of the submission a transaction, reassignment or topology change came from.
 * @example
 * ```ts
 * import { codecs, decodeWith } from 'canton-rx';
 * decodeWith(codecs.ledger.TraceContext)(transaction.traceContext);
 * // Right({ traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01', tracestate: null })
 * ```
 * @category Codecs
 * @since 0.1.0
 */
export const TraceContext = withFastGuard(TraceContextCodec, isTraceContext);
export type TraceContext = t.TypeOf<typeof TraceContext>;
