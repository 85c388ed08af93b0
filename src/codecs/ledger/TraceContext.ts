import * as t from 'io-ts';
import { optional } from '../common/primitives.js';

/**
 * The W3C trace context of the submission a transaction, reassignment or topology change came from.
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
