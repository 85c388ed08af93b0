import type { RenewingTokenSource } from './OAuthClientCredentials.js';

/** A token as issued, with when to replace it. @internal */
export interface IssuedToken {
  readonly token: string;
  /** Epoch milliseconds from which a new token is asked for instead. */
  readonly renewsAt: number;
}

/**
 * Caches what `issue` gives and asks it again from the token's `renewsAt` on. However many
 * callers arrive while a token is being issued, they share that one request: it is the only one
 * in flight. A failed issue is not cached: every caller waiting for it is rejected, and the next
 * call asks again. A token a server refused (`refused(token)`) is dropped: the next call asks again.
 * @example
 * ```ts
 * const source = renewingToken(() => fetchToken(), () => Date.now());
 * await Promise.all([source(), source()]); // one fetchToken()
 * ```
 * @internal
 */
export const renewingToken = (issue: () => Promise<IssuedToken>, now: () => number): RenewingTokenSource => {
  let current: IssuedToken | undefined;
  let inFlight: Promise<IssuedToken> | undefined;
  const source = (): Promise<string> => {
    if (current !== undefined && now() < current.renewsAt) return Promise.resolve(current.token);
    if (inFlight === undefined) {
      const request = issue().then(
        (issued) => {
          current = issued;
          inFlight = undefined;
          return issued;
        },
        (error: unknown) => {
          inFlight = undefined;
          throw error;
        },
      );
      inFlight = request;
    }
    return inFlight.then((issued) => issued.token);
  };
  return Object.assign(source, {
    renewsAt: (token: string) => (current !== undefined && current.token === token ? current.renewsAt : undefined),
    // Only the token refused is dropped: a newer one, issued meanwhile, stays.
    refused: (token: string) => {
      if (current !== undefined && current.token === token) current = undefined;
    },
  });
};
