import { asyncScheduler, Observable, type MonoTypeOperatorFunction, type SchedulerAction } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import type { CantonError } from '../errors/CantonError.js';
import { networkError } from '../errors/constructors.js';
import { MAX_TIMEOUT_MS } from '../http/request.js';
import type { TokenSource } from '../http/types.js';
import type { RenewingTokenSource } from '../auth/OAuthClientCredentials.js';

/** The Lefts that say "reconnect now with a new token": never handed on, only read by `readChannel`. */
const renewals = new WeakSet<CantonError>();

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
 * Ends a WebSocket connection when the token it was opened with is due for renewal: where the
 * token source says when it replaces that token (`renewsAt`, as `oauthTokenSource` does), the
 * connection emits one renewal Left at that time and completes, closing its socket, so that the
 * channel reopens at once from its checkpoint with the new token, before the old one expires.
 * A source that does not say, a token it does not know or a renewal already due leave the
 * connection as it is: the server decides when it ends.
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
    if (delay === undefined || !(delay > 0)) return connection;
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
      const inner = connection.subscribe(subscriber);
      return () => {
        due.unsubscribe();
        inner.unsubscribe();
      };
    });
  };
