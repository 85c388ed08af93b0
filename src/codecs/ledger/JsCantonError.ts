import * as t from 'io-ts';
import { int32, optional } from '../common/primitives.js';

/**
 * The body of every Ledger JSON API error but the plain-text 400 (upstream `JsCantonError`).
 * `context` holds strings such as `category` and `definite_answer`; `retryInfo` is a Scala
 * duration such as `"1 second"`.
 * @example
 * ```ts
 * import { codecs, decodeWith } from 'canton-rx';
 * // Any Ledger JSON API error with a JSON body, e.g. a 404 of POST /v2/updates/transaction-by-offset
 * decodeWith(codecs.ledger.JsCantonError)(await res.json());
 * // Right({ code: 'TRANSACTION_NOT_FOUND', cause: '…', errorCategory: 11, grpcCodeValue: 5, context: { … }, … })
 * ```
 * @category Codecs
 * @since 0.1.0
 */
export const JsCantonError = t.intersection(
  [
    t.type({
      code: t.string,
      cause: t.string,
      context: t.record(t.string, t.string),
      errorCategory: int32,
    }),
    t.partial({
      correlationId: optional(t.string),
      traceId: optional(t.string),
      resources: optional(t.array(t.tuple([t.string, t.string]))),
      grpcCodeValue: optional(int32),
      retryInfo: optional(t.string),
      definiteAnswer: optional(t.boolean),
    }),
  ],
  'JsCantonError',
);
export type JsCantonError = t.TypeOf<typeof JsCantonError>;
