import * as t from 'io-ts';
import { optional } from '../common/primitives.js';

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
export const TraceContext = t.partial(
  {
    traceparent: optional(t.string),
    tracestate: optional(t.string),
  },
  'TraceContext',
);
export type TraceContext = t.TypeOf<typeof TraceContext>;
