import { catchError, defaultIfEmpty, defer, from, isObservable, map, of, take, type Observable } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import type { InvalidRequest } from '../errors/CantonError.js';
import { tokenProviderError } from '../errors/constructors.js';
import { redactSecrets } from '../errors/redactSecrets.js';
import { plainError } from './plainError.js';
import type { TokenSource } from './types.js';

/**
 * The tokens each provider gave, newest last: what its failures and the servers' answers are
 * most likely to quote (a refresh that fails names the token it meant to replace, or one before).
 */
const given = new WeakMap<object, string[]>();

/** How many of a provider's tokens are remembered: a refresh every few minutes, for hours. */
const REMEMBERED = 32;

const remember = (provider: object, token: string): void => {
  const tokens = given.get(provider) ?? [];
  if (tokens.at(-1) === token) return;
  const at = tokens.indexOf(token);
  if (at >= 0) tokens.splice(at, 1);
  tokens.push(token);
  if (tokens.length > REMEMBERED) tokens.shift();
  given.set(provider, tokens);
};

/**
 * The secrets of a token source that an error must not show: a fixed token, or the tokens a
 * provider has given so far (the last {@link REMEMBERED}).
 * @example
 * ```ts
 * secretsOf('opaque-token'); // ['opaque-token']
 * ```
 * @internal
 */
export const secretsOf = (source: TokenSource | undefined): ReadonlyArray<string> =>
  source === undefined ? [] : typeof source === 'string' ? [source] : typeof source === 'function' ? (given.get(source) ?? []) : [];

const failed = (provider: TokenSource, what: string, error?: unknown): E.Either<InvalidRequest, never> => {
  const clean = (text: string) => redactSecrets(text, secretsOf(provider));
  const cause = error === undefined ? undefined : plainError(error, clean);
  const detail = cause === undefined ? what : `${what}: ${cause.name}: ${cause.message}`;
  return E.left(tokenProviderError('the token provider failed', [{ path: 'token', message: detail }], cause));
};

/** What a provider's answer is, named for the caller who gave something else. */
const describe = (value: unknown): string => (value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value === 'object' ? 'an object' : `${typeof value}`);

/**
 * Resolves a token source for one request: a fixed string, or the provider's current answer.
 * A provider that throws, rejects, errors or gives no token (an empty string, `undefined`, or
 * anything but a string, a Promise or an Observable of one) is an `InvalidRequest` with
 * `reason: 'token-provider'` (retryable: a refresh can fail once) and nothing is sent; what it
 * threw is kept as a plain copy with every token it gave before, and anything shaped like a
 * bearer token or a JWT, redacted.
 * @internal
 */
export const resolveToken = (source: TokenSource | undefined): Observable<E.Either<InvalidRequest, string | undefined>> => {
  if (source === undefined || typeof source === 'string') return of(E.right(source));
  const answer = (token: unknown): E.Either<InvalidRequest, string> => {
    if (typeof token !== 'string' || token.length === 0) return failed(source, typeof token === 'string' ? 'returned an empty token' : `returned no token (${describe(token)})`);
    remember(source, token);
    return E.right(token);
  };
  return defer(() => {
    const produced: unknown = source();
    if (isObservable(produced)) return produced.pipe(take(1), map(answer));
    if (typeof (produced as { then?: unknown } | null | undefined)?.then === 'function') return from(produced as PromiseLike<unknown>).pipe(map(answer));
    return of(typeof produced === 'string' ? answer(produced) : failed(source, `returned ${describe(produced)}, not a token (a string, or a Promise or an Observable of one)`));
  }).pipe(
    defaultIfEmpty(failed(source, 'completed without a token')),
    catchError((error: unknown) => of(failed(source, 'threw or rejected', error))),
  );
};
