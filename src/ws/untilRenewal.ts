import { asyncScheduler, map, Observable, type MonoTypeOperatorFunction, type SchedulerAction } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import type { CantonError } from '../errors/CantonError.js';
import { networkError } from '../errors/constructors.js';
import { MAX_TIMEOUT_MS } from '../http/request.js';
import { refuseToken } from '../http/refuseToken.js';
import type { TokenSource } from '../http/types.js';
import type { RenewingTokenSource } from '../auth/OAuthClientCredentials.js';

/** The Lefts that say "reconnect now with a new token": never handed on, only read by `readChannel`. */
const renewals = new WeakSet<CantonError>();
/** A renewal made of a 401 (the token was refused under the read), with that 401. */
const refusals = new WeakMap<CantonError, CantonError>();

/**
 * Whether a connection's Left is its token's renewal (see {@link untilRenewal}) rather than a failure.
 * @example
 * ```ts
 * if (E.isLeft(message) && isRenewal(message.left)) reopenNow();
 * ```
 * @internal
 */
export const isRenewal = (error: CantonError): boolean => renewals.has(error);

/**
 * The 401 a renewal stands for, where the server refused the token under the read (see
 * {@link untilRenewal}); `undefined` for a renewal that came on time. `readChannel` reopens once
 * with a new token, and hands this on when the very next connection is refused too.
 * @example
 * ```ts
 * const refused = refusedBy(message.left); // the HttpError 401, or undefined
 * ```
 * @internal
 */
export const refusedBy = (renewal: CantonError): CantonError | undefined => refusals.get(renewal);

/** A connection's 401 as a renewal, where the source was told and can give another token. */
const asRenewal =
  <A>(source: TokenSource | undefined, token: string | undefined, url: string) =>
  (r: E.Either<CantonError, A>): E.Either<CantonError, A> => {
    if (E.isRight(r) || r.left._tag !== 'HttpError' || r.left.status !== 401 || !refuseToken(source, token)) return r;
    const renewal = networkError('GET', url, 'the token was refused (401): reconnecting with a new one', undefined);
    renewals.add(renewal);
    refusals.set(renewal, r.left);
    return E.left(renewal);
  };

/**
 * Ends a WebSocket connection when the token it was opened with is due for renewal: where the
 * token source says when it replaces that token (`renewsAt`, as `oauthTokenSource` does), the
 * connection emits one renewal Left at that time and completes, closing its socket, so that the
 * channel reopens at once from its checkpoint with the new token, before the old one expires.
 * A source that does not say, a token it does not know or a renewal already due leave the
 * connection as it is: the server decides when it ends. A 401 (the token expired or was revoked
 * under the read) from a token provider is a renewal too, the provider told that the token was
 * refused (`refuseToken`), so that the channel reopens with a new one ({@link refusedBy}).
 * @example
 * ```ts
 * connect(ctor, url, token, message, codec, timeoutMs).pipe(untilRenewal(endpoint.token, token, url));
 * ```
 * @internal
 */
export const untilRenewal =
  <A>(source: TokenSource | undefined, token: string | undefined, url: string): MonoTypeOperatorFunction<E.Either<CantonError, A>> =>
  (connection) => {
    const renewsAt = typeof source === 'function' && token !== undefined && typeof (source as Partial<RenewingTokenSource>).renewsAt === 'function' ? (source as RenewingTokenSource).renewsAt(token) : undefined;
    const delay = renewsAt === undefined ? undefined : renewsAt - asyncScheduler.now();
    const refusable = typeof source === 'function' ? connection.pipe(map(asRenewal<A>(source, token, url))) : connection;
    if (delay === undefined || !(delay > 0)) return refusable;
    return new Observable<E.Either<CantonError, A>>((subscriber) => {
      // A timer may fire before the wall clock reaches `renewsAt` (Node counts it from the event
      // loop's cached time, which lags under load), when the source still hands the old token and
      // the reconnect would reopen with it: it waits again for the rest.
      const due = asyncScheduler.schedule(function (this: SchedulerAction<undefined>) {
        const rest = renewsAt! - asyncScheduler.now();
        if (rest > 0) {
          this.schedule(undefined, Math.min(rest, MAX_TIMEOUT_MS));
          return;
        }
        const renewal = networkError('GET', url, 'the token is due for renewal: reconnecting with the new one', undefined);
        renewals.add(renewal);
        subscriber.next(E.left(renewal));
        subscriber.complete();
      }, Math.min(delay, MAX_TIMEOUT_MS));
      const inner = refusable.subscribe(subscriber);
      return () => {
        due.unsubscribe();
        inner.unsubscribe();
      };
    });
  };
