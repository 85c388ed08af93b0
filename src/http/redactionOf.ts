import { redactSecrets } from '../errors/redactSecrets.js';
import type { HttpResponse } from './types.js';

/** The redaction of each 2xx answer: kept beside it, so that the answer stays plain data. */
const redactions = new WeakMap<HttpResponse, (text: string) => string>();

/** Records how to redact the excerpts of an answer: with the secrets of the request that got it. @internal */
export const keepRedaction = (response: HttpResponse, clean: (text: string) => string): HttpResponse => {
  redactions.set(response, clean);
  return response;
};

/**
 * How to redact an excerpt of a 2xx answer before it goes into an error: with every token the
 * request's source has given (the HTTP core records it), else (an answer made elsewhere, a copy)
 * with the shapes of bearer tokens and JWTs only.
 * @example
 * ```ts
 * const clean = redactionOf(response);
 * decodeError('schema', [{ path: '', expected: 'JSON', actual: clean(text) }]);
 * ```
 * @internal
 */
export const redactionOf = (response: HttpResponse): ((text: string) => string) => redactions.get(response) ?? ((text) => redactSecrets(text));
