import * as t from 'io-ts';

/**
 * The JSON error body of Scan and the validator, `{"error": "..."}` (upstream `ErrorResponse`).
 * @category Codecs
 * @since 0.1.0
 */
export const ErrorResponse = t.type({ error: t.string }, 'ErrorResponse');
export type ErrorResponse = t.TypeOf<typeof ErrorResponse>;
