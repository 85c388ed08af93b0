import type { CantonError, ErrorBody } from './CantonError.js';
import { matchError } from './matchError.js';
import { redactSecrets } from './redactSecrets.js';

const BODY_LIMIT = 300;

const cut = (s: string): string => (s.length > BODY_LIMIT ? `${s.slice(0, BODY_LIMIT - 1)}…` : s);

const describeBody = (body: ErrorBody): string => {
  switch (body._tag) {
    case 'LedgerError':
      return `${body.error.code}: ${cut(body.error.cause)}`;
    case 'SimpleError':
      return cut(body.error);
    case 'Text':
      return cut(body.text.trim());
    case 'Json':
      return cut(JSON.stringify(body.json));
    case 'Empty':
      return '(empty body)';
  }
};

const describe: (error: CantonError) => string = matchError({
  HttpError: (e) =>
    `${e.method} ${e.url} failed with HTTP ${e.status}${e.condition ? ` (${e.condition}${e.replacement !== undefined ? `: use ${e.replacement}` : ''})` : ''}: ${describeBody(e.body)}` +
    (e.retryAfterMs !== undefined ? ` (retry after ${e.retryAfterMs} ms)` : ''),
  NetworkError: (e) => `${e.method} ${e.url} failed: ${e.message}`,
  TimeoutError: (e) => `${e.method} ${e.url} timed out after ${e.timeoutMs} ms`,
  DecodeError: (e) => {
    const where = e.method && e.url ? `${e.method} ${e.url}: ` : '';
    const what = {
      'invalid-json': 'the body is not valid JSON',
      invariant: 'the pages break the paging contract',
      schema: 'the body does not match the expected shape',
      'too-large': 'the body is too large',
    }[e.reason];
    const issues = e.issues
      .slice(0, 3)
      .map((i) => `at ${i.path || '(root)'} expected ${i.expected}, got ${i.actual}${i.message ? ` (${i.message})` : ''}`)
      .join('; ');
    const more = e.issues.length > 3 ? ` and ${e.issues.length - 3} more` : '';
    return `${where}${what}: ${issues}${more}`;
  },
  // An issue the message already states is named by its path only, so the line reads once.
  InvalidRequest: (e) =>
    `invalid request: ${e.message}${e.issues.length ? ` (${e.issues.map((i) => (e.message.includes(i.message) ? i.path : `${i.path}: ${i.message}`)).join('; ')})` : ''}`,
  ScanDisagreement: (e) =>
    `${e.method} ${e.path}: ${e.reason === 'unavailable' ? `fewer than ${e.needed} Scans of the pool answered` : `fewer than ${e.needed} Scans of the pool agreed`}` +
    `${e.answers.length ? `: ${e.answers.map((a) => `${a.scan} ${a.outcome === 'value' ? 'said' : 'failed:'} ${cut(a.said)}`).join('; ')}` : ''}`,
});

/**
 * A one-line, human-readable description of a {@link CantonError}, for logs and messages.
 * It is built only from the error's own fields, which never hold a bearer token; anything
 * shaped like one (`Bearer <token>`, a JWT, whole or cut short) is redacted once more on the way out.
 *
 * @example
 * ```ts
 * import { formatError } from 'canton-rx';
 * formatError({ _tag: 'TimeoutError', method: 'GET', url: 'http://127.0.0.1:5012/api/scan/livez', timeoutMs: 30000 });
 * // 'GET http://127.0.0.1:5012/api/scan/livez timed out after 30000 ms'
 * ```
 * @category Errors
 * @since 0.1.0
 */
export const formatError = (error: CantonError): string => redactSecrets(describe(error));
