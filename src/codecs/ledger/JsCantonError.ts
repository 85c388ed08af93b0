import * as t from 'io-ts';
import type { JsCantonErrorBody } from '../../errors/CantonError.js';
import { int32, optional, isInt32, withFastGuard, isJsonObject } from '../common/primitives.js';

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

// The io-ts codec; the export wraps it with its fast guard.
const JsCantonErrorCodec = t.intersection(
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
function isJsCantonError(u: unknown): boolean {
  if (!isJsonObject(u)) return false;
  let x = u.correlationId;
  if (!(x === undefined || x === null || typeof x === 'string')) return false;
  x = u.traceId;
  if (!(x === undefined || x === null || typeof x === 'string')) return false;
  x = u.retryInfo;
  if (!(x === undefined || x === null || typeof x === 'string')) return false;
  x = u.grpcCodeValue;
  if (!(x === undefined || x === null || isInt32(x))) return false;
  x = u.definiteAnswer;
  if (!(x === undefined || x === null || typeof x === 'boolean')) return false;
  x = u.resources;
  if (x !== undefined && x !== null) {
    if (!Array.isArray(x)) return false;
    for (let i = 0; i < x.length; i++) if (!isStringPair(x[i])) return false;
  }
  if (!(typeof u.code === 'string' && typeof u.cause === 'string' && isInt32(u.errorCategory))) return false;
  const context = u.context;
  if (!isJsonObject(context)) return false;
  for (const k in context) if (typeof context[k] !== 'string') return false;
  return true;
}
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
export const JsCantonError: t.Type<JsCantonErrorBody, JsCantonErrorBody, unknown> = withFastGuard(JsCantonErrorCodec, isJsCantonError);
export type JsCantonError = JsCantonErrorBody;
