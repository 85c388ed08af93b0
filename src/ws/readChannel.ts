import { defer, EMPTY, Observable, of, repeat, takeWhile } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import type { CantonError } from '../errors/CantonError.js';
import type { RetryBackoffConfig } from '../retry/retryBackoff.js';
import type { Page } from '../paging/Page.js';
import type { Paging } from '../paging/readPages.js';
import { withRetry } from '../paging/withRetry.js';
import { isRenewal, refusedBy } from './untilRenewal.js';

/**
 * How a WebSocket channel is paced: `retry` opens a new socket after a retryable failure (the
 * engine's page retry); `reopenMs` opens one again this long after the server closed the socket
 * normally (tail), where `undefined` lets a normal close end the read.
 * @internal
 */
export interface ChannelOptions {
  readonly retry: RetryBackoffConfig | undefined;
  readonly reopenMs: number | undefined;
}

/**
 * Reads a WebSocket channel with the paging engine's pieces, as a cold stream of pages that
 * survives its sockets. The channel is a `Paging` like any paged endpoint, except that one
 * request (a connection, opened from a state) answers many times: `step` checks each message
 * against the state it arrives in and names the page it makes (its records with their
 * checkpoints, as the paged streams' records carry them) and the next state. A socket is opened
 * through the engine's `withRetry`, always from the state of the last message stepped, so a
 * retried failure loses and repeats nothing; with `reopenMs`, a normal close is a tail poll
 * (`withRetry`'s wait) from there. A connection ended for its token's renewal is reopened at
 * once from there, in any mode; so is one whose token was refused (401) under the read, once: a
 * second 401 before any message is handed on. A page without records is handed on only when it shows the
 * channel caught up (an offset checkpoint), as the engine does. The first Left that is not
 * retried (a failed socket, a broken rule) is handed on and ends the read, closing the socket;
 * so does a state of `undefined` (nothing left to read). An invalid retry policy is an
 * `InvalidRequest` naming `retry.<field>` before any socket is opened.
 * @example
 * ```ts
 * const pages = readChannel({ request: (at) => openChannel(endpoint, ledgerChannels.updates.path, { ...req, beginExclusive: at }, codec), step }, 0, { retry: { maxRetries: 5 }, reopenMs: undefined });
 * ```
 * @internal
 */
export const readChannel = <S, M, A, C>(paging: Paging<S, M, A, C>, initial: S | undefined, options: ChannelOptions): Observable<E.Either<CantonError, Page<A, C>>> =>
  defer(() => {
    let state: S | undefined = initial;
    // The connection ended for its token's renewal (untilRenewal): reopen at once, from `state`.
    let renewing = false;
    // The last connection was refused (401) and nothing came since: a second refusal is final.
    let refused = false;
    const connection = new Observable<E.Either<CantonError, Page<A, C>>>((subscriber) => {
      if (state === undefined) {
        subscriber.complete();
        return undefined;
      }
      return paging.request(state).subscribe({
        next: (message) => {
          if (E.isLeft(message) && isRenewal(message.left)) {
            const refusal = refusedBy(message.left);
            if (refusal !== undefined && refused) {
              subscriber.next(E.left(refusal));
              return;
            }
            refused = refusal !== undefined;
            renewing = true;
            subscriber.complete();
            return;
          }
          if (E.isRight(message)) refused = false;
          const stepped = E.isLeft(message) ? message : paging.step(message.right, state!);
          if (E.isLeft(stepped)) {
            subscriber.next(stepped);
            return;
          }
          const { page, next, failure } = stepped.right;
          if (page.records.length > 0 || page.caughtUp) subscriber.next(E.right(page));
          if (failure !== undefined) subscriber.next(E.left(failure));
          else state = next;
          if (state === undefined) subscriber.complete();
        },
        error: (defect: unknown) => subscriber.error(defect),
        complete: () => subscriber.complete(),
      });
    });
    // The first socket opens at once, a reopened one after `reopenMs`; `repeat` (not recursion) so
    // that a tail reopened for days holds no chain of finished sockets.
    let waitMs: number | undefined;
    const reopen = () => {
      if (renewing) {
        renewing = false;
        waitMs = undefined;
        return of(0);
      }
      waitMs = options.reopenMs;
      return options.reopenMs === undefined || state === undefined ? EMPTY : of(0);
    };
    return defer(() => withRetry(() => connection, options.retry, waitMs)).pipe(
      repeat({ delay: reopen }),
      takeWhile(E.isRight, true),
    );
  });
