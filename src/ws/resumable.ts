import { concatMap, defer, EMPTY, from, of, repeat, takeWhile, timer, type Observable } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import type { CantonError } from '../errors/CantonError.js';
import type { RetryBackoffConfig } from '../retry/retryBackoff.js';
import { pageRequest } from '../streams/pageRequest.js';

/** What a channel's message does to the stream: the items to hand on and where it stands after them. @internal */
export interface ChannelStep<S, I> {
  readonly items: ReadonlyArray<I>;
  readonly next: S;
}

/** How one WebSocket channel is read and resumed. @internal */
export interface ChannelRun<S, M, I> {
  readonly initial: S;
  /** One connection from a position; `undefined` when nothing is left to read (a bounded range read to its end). */
  readonly connect: (state: S) => Observable<E.Either<CantonError, M>> | undefined;
  /** Checks one message against the position: what to hand on and the next position, or a Left that ends the stream. */
  readonly step: (message: M, state: S) => E.Either<CantonError, ChannelStep<S, I>>;
  readonly retry: RetryBackoffConfig | undefined;
  /** Open again this long after the server closed the socket normally (tail); `undefined`: a normal close ends the stream. */
  readonly reopenMs: number | undefined;
}

/**
 * Reads a WebSocket channel as a cold stream of items that survives its socket: the position
 * moves with every message handed on, and a retried failure (under `retry`, as a paged stream
 * retries a page: `isRetryableRead` unless told otherwise) opens a new socket from that position,
 * so a dropped connection loses and repeats nothing. The first Left that is not retried is handed
 * on and ends the stream, closing the socket. An invalid retry policy is an `InvalidRequest`
 * naming `retry.<field>` before any socket is opened.
 * @internal
 */
export const resumable = <S, M, I>(run: ChannelRun<S, M, I>): Observable<E.Either<CantonError, I>> =>
  defer(() => {
    let state = run.initial;
    const connection = defer(() => run.connect(state) ?? EMPTY).pipe(
      concatMap((message): Observable<E.Either<CantonError, I>> => {
        if (E.isLeft(message)) return of(message);
        const step = run.step(message.right, state);
        if (E.isLeft(step)) return of(step);
        state = step.right.next;
        return step.right.items.length === 0 ? EMPTY : from(step.right.items.map((item) => E.right(item)));
      }),
    );
    const once = pageRequest(() => connection, run.retry, undefined);
    const reopened = run.reopenMs === undefined ? once : once.pipe(repeat({ delay: () => timer(run.reopenMs!) }));
    return reopened.pipe(takeWhile(E.isRight, true));
  });
