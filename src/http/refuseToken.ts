import type { TokenSource } from './types.js';

/**
 * Tells a token source that a server refused `token` (HTTP 401), where it can give another: a
 * provider (a function) is asked again, and one that has a `refused(token)` method (as
 * `oauthTokenSource` has) drops that token first, so that it issues a new one. A fixed token, or
 * none, cannot change: `false`, nothing to try again with. A `refused` that throws is ignored: the
 * provider is asked again all the same.
 * @example
 * ```ts
 * if (answer.status === 401 && refuseToken(source, sentWith)) sendAgain();
 * ```
 * @internal
 */
export const refuseToken = (source: TokenSource | undefined, token: string | undefined): boolean => {
  if (typeof source !== 'function') return false;
  const refused = (source as { refused?: unknown }).refused;
  if (typeof refused === 'function' && token !== undefined) {
    try {
      refused.call(source, token);
    } catch {
      // The provider's own bookkeeping failed: asking it again is still the way to a new token.
    }
  }
  return true;
};
