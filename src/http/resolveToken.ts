import { catchError, defaultIfEmpty, defer, from, isObservable, map, of, take, type Observable } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import type { InvalidRequest } from '../errors/CantonError.js';
import { tokenProviderError } from '../errors/constructors.js';
import { plainError } from './plainError.js';
import { redact } from './redact.js';
import type { TokenSource } from './types.js';

/** The last token each provider gave: what its failure message is most likely to quote. */
const lastTokens = new WeakMap<object, string>();

/** Three base64url parts: the shape of a JWT, whoever's it is. @internal */
export const JWT_SHAPE = /eyJ[A-Za-z0-9_-]*\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g;

const failed = (provider: object, what: string, error?: unknown): E.Either<InvalidRequest, never> => {
  const last = lastTokens.get(provider);
  const clean = (text: string) => redact(text, last).replace(JWT_SHAPE, '[redacted]');
  const cause = error === undefined ? undefined : plainError(error, clean);
  const detail = cause === undefined ? what : `${what}: ${cause.name}: ${cause.message}`;
  return E.left(tokenProviderError('the token provider failed', [{ path: 'token', message: detail }], cause));
};

/**
 * Resolves a token source for one request: a fixed string, or the provider's current answer.
 * A provider that throws, rejects, errors or gives no token is an `InvalidRequest` with
 * `reason: 'token-provider'` (retryable: a refresh can fail once) and nothing is sent; what it
 * threw is kept as a plain copy with the last token it gave, and anything shaped like a JWT,
 * redacted.
 * @internal
 */
export const resolveToken = (source: TokenSource | undefined): Observable<E.Either<InvalidRequest, string | undefined>> => {
  if (source === undefined || typeof source === 'string') return of(E.right(source));
  return defer(() => {
    const produced = source();
    return typeof produced === 'string' ? of(produced) : isObservable(produced) ? produced : from(produced);
  }).pipe(
    take(1),
    map((token): E.Either<InvalidRequest, string | undefined> => {
      if (typeof token !== 'string' || token.length === 0) return failed(source, 'returned no token');
      lastTokens.set(source, token);
      return E.right(token);
    }),
    defaultIfEmpty(failed(source, 'completed without a token')),
    catchError((error: unknown) => of(failed(source, 'threw or rejected', error))),
  );
};
