import * as t from 'io-ts';
import type { JsCantonErrorBody } from '../../errors/CantonError.js';
import { int32, optional } from '../common/primitives.js';

const isStringPair = (u: unknown): u is [string, string] => Array.isArray(u) && u.length === 2 && typeof u[0] === 'string' && typeof u[1] === 'string';

/**
 * One `resources` entry: exactly two strings (upstream `Tuple2_String_String`). Not `t.tuple`,
 * whose decoding cuts a longer array to two elements without a word: a third element would be
 * lost silently, and `is` would disagree with decoding.
 */
const StringPair = new t.Type<[string, string], [string, string], unknown>(
  '[string, string]',
  isStringPair,
  (u, c) => (isStringPair(u) ? t.success(u) : t.failure(u, c, 'expected exactly two strings')),
  t.identity,
);

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
export const JsCantonError: t.Type<JsCantonErrorBody, JsCantonErrorBody, unknown> = t.intersection(
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
      resources: optional(t.array(StringPair)),
      grpcCodeValue: optional(int32),
      retryInfo: optional(t.string),
      definiteAnswer: optional(t.boolean),
    }),
  ],
  'JsCantonError',
);
export type JsCantonError = JsCantonErrorBody;
