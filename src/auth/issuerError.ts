import type { CantonError } from '../errors/CantonError.js';
import { httpError, networkError, timeoutError } from '../errors/constructors.js';
import { plainError } from '../http/plainError.js';

type Thrown = { name?: unknown; status?: unknown; error?: unknown; error_description?: unknown; cause?: unknown; code?: unknown } | null | undefined;

/** The HTTP status an openid-client error carries: an OAuth error body's, or the refused response's. */
const statusOf = (e: Thrown): number | undefined => {
  if (typeof e?.status === 'number') return e.status;
  const cause = e?.cause as Thrown;
  return typeof cause?.status === 'number' && typeof (cause as { headers?: unknown }).headers === 'object' ? cause.status : undefined;
};

/**
 * The OAuth error the issuer answered with: from its JSON body, or from its `WWW-Authenticate`
 * challenge (a 401 for bad client credentials), which openid-client keeps as the cause.
 */
const oauthErrorOf = (e: Thrown): { error: string; error_description?: string } | undefined => {
  const challenge = Array.isArray(e?.cause) ? (e.cause[0] as { parameters?: Thrown } | undefined)?.parameters : undefined;
  for (const source of [e, challenge]) {
    if (typeof source?.error === 'string') return typeof source.error_description === 'string' ? { error: source.error, error_description: source.error_description } : { error: source.error };
  }
  return undefined;
};

/** A timeout or an abort, here or in a cause a few levels down (openid-client wraps what fetch threw). */
const isTimeout = (e: Thrown, depth = 0): boolean =>
  e?.name === 'TimeoutError' || e?.name === 'AbortError' || (depth < 3 && e?.cause !== undefined && isTimeout(e.cause as Thrown, depth + 1));

/**
 * What a request to the issuer failed with, as the `CantonError` an API request would be, so that
 * the retry policy treats it the same way: an answer with a status is an `HttpError` (an OAuth
 * error body kept as `{ error, error_description }`), a timeout a `TimeoutError`, anything else
 * (refused connection, reset, a document that is not what OAuth says) a `NetworkError` with a
 * plain copy of the cause, every string passed through `clean`.
 * @example
 * ```ts
 * issuerError(e, 'POST', tokenUrl, 30_000, (s) => redact(s, secret));
 * ```
 * @internal
 */
export const issuerError = (error: unknown, method: string, url: string, timeoutMs: number, clean: (text: string) => string): CantonError => {
  const e = error as Thrown;
  const status = statusOf(e);
  if (status !== undefined) {
    const said = oauthErrorOf(e);
    const body =
      said !== undefined
        ? { _tag: 'Json' as const, json: { error: clean(said.error), ...(said.error_description !== undefined ? { error_description: clean(said.error_description) } : {}) } }
        : { _tag: 'Empty' as const };
    return httpError({ status, method, url, body });
  }
  if (isTimeout(e)) return timeoutError(method, url, timeoutMs);
  const cause = plainError(error, clean);
  return networkError(method, url, `the issuer could not be read: ${cause.message}`, cause);
};
