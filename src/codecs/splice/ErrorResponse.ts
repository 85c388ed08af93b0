import * as t from 'io-ts';
import { withFastGuard, isJsonObject } from '../common/primitives.js';

// The io-ts codec; the export wraps it with its fast guard.
const ErrorResponseCodec = t.type({ error: t.string }, 'ErrorResponse');
function isErrorResponse(u: unknown): boolean {
  return isJsonObject(u) && typeof u.error === 'string';
}
/**
 * The JSON error body of Scan and the validator, `{"error": "..."}` (upstream `ErrorResponse`).
 * @example
 * ```ts
 * import { codecs, decodeWith } from 'canton-rx';
 * // The JSON body of a Scan or validator 4xx/5xx
 * decodeWith(codecs.scan.ErrorResponse)(await res.json()); // Right({ error: 'No ans entry found for party: alice::1220…' })
 * ```
 * @category Codecs
 * @since 0.1.0
 */
export const ErrorResponse = withFastGuard(ErrorResponseCodec, isErrorResponse);
export type ErrorResponse = t.TypeOf<typeof ErrorResponse>;
