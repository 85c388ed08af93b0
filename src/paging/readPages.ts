import { asyncScheduler, Observable, type SchedulerLike, type Subscription } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import type { CantonError } from '../errors/CantonError.js';
import type { RetryBackoffConfig } from '../retry/retryBackoff.js';
import type { Page } from './Page.js';
import { withRetry } from './withRetry.js';

/**
 * What one answer does to a read: the page to hand on, the state to ask for the next page with
 * (`undefined` ends the read), how long to wait before asking (a tail poll once caught up), and a
 * broken paging rule found after the page's records (handed on after them; it ends the read).
 * @internal
 */
export interface PageStep<S, A, C> {
  readonly page: Page<A, C>;
  readonly next: S | undefined;
  readonly waitMs?: number;
  readonly failure?: CantonError;
}

/**
 * How one paged endpoint is read: `request` sends one page request for a state (cold, no retry:
 * the engine adds it), `step` checks an answer against the state it was asked with (a cursor
 * family's rules) and says what comes next, synchronously. `recover` may turn a failed request
 * into a fresh state, asked once (a page token the server no longer accepts: page again from the
 * last checkpoint); a second failure stands.
 *
 * `ahead` lets the engine ask for the next page while this one is parsed and decoded: `request`
 * passes `onOkBytes` to the HTTP core, which hands it the raw, unchecked bytes of the body before
 * it parses them; `ahead.guess` reads the next state from them (the body's tail, `tailFields`;
 * `undefined`: no guess; it must not throw, a throw counts as no guess) and the engine sends that
 * request at once. The guess is a guess: once `step` has named the next
 * state from the decoded page, the request sent ahead is kept only if `ahead.same(guess, next)`
 * says it is the request for `next` (and no wait is asked for), and its answer is then stepped
 * with `next`, never with the guess; otherwise it is cancelled and `next` is asked for.
 * @internal
 */
export interface Paging<S, R, A, C> {
  readonly request: (state: S, onOkBytes?: (bytes: Uint8Array) => void) => Observable<E.Either<CantonError, R>>;
  readonly step: (response: R, state: S) => E.Either<CantonError, PageStep<S, A, C>>;
  readonly recover?: (error: CantonError, state: S) => S | undefined;
  readonly ahead?: {
    readonly guess: (bytes: Uint8Array, state: S) => S | undefined;
    readonly same: (guess: S, next: S) => boolean;
  };
}

/** How a read is paced. @internal */
export interface ReadPagesOptions {
  /** Pages fetched beyond the one being handed on (default 1; 0: one page at a time). */
  readonly prefetch?: number;
  /**
   * Pull mode: the first page is handed on when it arrives and each value of `pull` asks for one
   * more page. A page without records is handed on without using up a pull. When `pull`
   * completes nothing more is asked for: the read ends once the pages asked for are handed on.
   */
  readonly pull?: Observable<unknown>;
  /** Retry failed page requests (see `withRetry`); without it a failed page is one Left and the end. */
  readonly retry?: RetryBackoffConfig;
  /** Where a push-mode page waits for the request sent ahead of it (default `asyncScheduler`: a zero-delay timer, a macrotask that virtual time controls). */
  readonly handOnScheduler?: SchedulerLike;
}

type Fetched<S, A, C> = E.Either<CantonError, PageStep<S, A, C>>;

/** A page without records takes no pull: handing it on must not use up one the consumer waits on. */
const free = <S, A, C>(f: Fetched<S, A, C>): boolean => E.isRight(f) && f.right.page.records.length === 0 && f.right.failure === undefined;

/** Whether a page goes out at all: one without records only when it shows the read caught up (it may move the checkpoint). */
const shown = <S, A, C>(step: PageStep<S, A, C>): boolean => step.page.records.length > 0 || step.page.caughtUp;

/**
 * The paging engine: reads a paged endpoint as a cold Observable of pages, one request in flight
 * at most, at most `prefetch` pages fetched beyond the one being handed on, so memory stays flat
 * however long the read. Send-ahead: the next request leaves as soon as `step` has named its
 * state, before the page is handed on; in push mode the page then waits one macrotask (a
 * zero-delay `asyncScheduler` timer, which virtual time controls) so that the request is on the
 * wire before the consumer's synchronous work (a microtask is not enough: fetch sends a few ticks
 * after it is called). With `Paging.ahead` the next request leaves earlier still, from the raw
 * bytes before the page is parsed and decoded (the HTTP core then waits one `setImmediate`), and
 * is kept only if `step` then names the same request; the page needs no wait of its own then.
 * No other timer runs per page: only a tail poll (`PageStep.waitMs`) and retries wait. Every request
 * goes through `withRetry` with `options.retry`. A Left (a request that failed for good, an
 * invalid page) is handed on and ends the read; a step's `failure` is handed on after its page.
 * Unsubscribing aborts the request in flight.
 *
 * Other readers reuse the pieces: `withRetry` is the one retry of a page request, and a `Paging`
 * (request + step) is what a WebSocket channel or a backfill writes to be read by this engine.
 *
 * @example
 * ```ts
 * const paging: Paging<number, Answer, Item, number> = {
 *   request: (n) => invokeOperation(transport, ops.listThings, [{ page: n }]),
 *   step: (answer, n) => E.right({ page: { records: answer.items.map((value, i) => ({ value, checkpoint: n })), checkpoint: n, caughtUp: false }, next: answer.more ? n + 1 : undefined }),
 * };
 * readPages(paging, 0, { prefetch: 1 }).subscribe(console.log);
 * ```
 * @internal
 */
export const readPages = <S, R, A, C>(paging: Paging<S, R, A, C>, initial: S, options: ReadPagesOptions = {}): Observable<E.Either<CantonError, Page<A, C>>> =>
  new Observable<E.Either<CantonError, Page<A, C>>>((subscriber) => {
    const prefetch = Math.max(0, options.prefetch ?? 1);
    const push = options.pull === undefined;
    let demand = push ? Infinity : 1;
    const buffer: Array<Fetched<S, A, C>> = [];
    let nextState: S | undefined = initial;
    let nextWait: number | undefined;
    let inFlight: Subscription | undefined;
    let pumping = false;
    let again = false;
    let pullEnded = false;
    // The page at the head of the buffer, waiting one macrotask for the request sent ahead of it.
    let yielding: Subscription | undefined;
    // The request sent from a guess (`Paging.ahead`), not yet confirmed by `step`.
    let guessed: { readonly state: S; readonly sub: Subscription; readonly adopt: (state: S) => void } | undefined;
    // A failed request that `recover` turned into a fresh state: asked once its request completes.
    let retryFrom = false;

    // Sends the request for `requested`. A guessed request holds its answer until `adopt` names
    // the checked state it is stepped with (the guess itself is never used to check a page).
    const fetch = (requested: S, waitMs: number | undefined, recovered: boolean, guess = false): { readonly sub: Subscription; readonly adopt: (state: S) => void } => {
      let state: S | undefined = guess ? undefined : requested;
      const held: Array<() => void> = [];
      let arrived = false;
      let sync = true;
      // Read by the callbacks of an asynchronous answer; a synchronous one completes before it is set.
      let sub: Subscription | undefined;
      const onNext = (result: E.Either<CantonError, R>): void => {
        arrived = true;
        const asked = state!;
        if (E.isLeft(result) && !recovered && paging.recover !== undefined) {
          const fresh = paging.recover(result.left, asked);
          if (fresh !== undefined) {
            // Asked again, once, from where the read stands: the failure is not handed on.
            dropGuess();
            nextState = fresh;
            nextWait = undefined;
            retryFrom = true;
            return;
          }
        }
        const stepped = E.isLeft(result) ? result : paging.step(result.right, asked);
        nextState = E.isRight(stepped) && stepped.right.failure === undefined ? stepped.right.next : undefined;
        nextWait = E.isRight(stepped) ? stepped.right.waitMs : undefined;
        if (guessed !== undefined && !(nextState !== undefined && nextWait === undefined && paging.ahead!.same(guessed.state, nextState))) dropGuess();
        // A page that goes out empty-handed is buffered too: it counts in the prefetch window.
        buffer.push(stepped);
      };
      const onComplete = (): void => {
        if (!arrived) {
          subscriber.error(new Error('canton-rx: a page request completed without a result (a defect)'));
          return;
        }
        if (inFlight === sub) inFlight = undefined;
        if (retryFrom) {
          retryFrom = false;
          const fresh = nextState!;
          nextState = undefined;
          fetch(fresh, undefined, true);
          return;
        }
        if (guessed !== undefined) {
          // `step` named the request sent from the guess: it is the next one in flight.
          const kept = guessed;
          guessed = undefined;
          const next = nextState!;
          nextState = undefined;
          if (!kept.sub.closed) inFlight = kept.sub;
          kept.adopt(next);
        }
        if (!sync) pump();
      };
      const onOkBytes =
        paging.ahead === undefined
          ? undefined
          : (bytes: Uint8Array): void => {
              // Only for a checked state, one guess at a time, and within the prefetch window.
              // The window as `pump` will see it once this page is in: handed on at once when pulled for.
              if (state === undefined || guessed !== undefined || subscriber.closed || buffer.length + (demand > buffer.length ? 0 : 1) >= prefetch) return;
              let next: S | undefined;
              try {
                next = paging.ahead!.guess(bytes, state);
              } catch {
                next = undefined;
              }
              if (next === undefined) return;
              const sent = fetch(next, undefined, false, true);
              guessed = { state: next, ...sent };
            };
      sub = withRetry(() => paging.request(requested, onOkBytes), options.retry, waitMs).subscribe({
        next: (result) => (state === undefined ? held.push(() => onNext(result)) : onNext(result)),
        error: (defect: unknown) => subscriber.error(defect),
        complete: () => (state === undefined ? held.push(onComplete) : onComplete()),
      });
      sync = false;
      // A synchronous answer has completed already (and may have asked again): keep no handle to it.
      if (!sub.closed && !guess) inFlight = sub;
      return {
        sub,
        adopt: (checked) => {
          state = checked;
          for (const run of held.splice(0)) run();
        },
      };
    };

    const dropGuess = (): void => {
      guessed?.sub.unsubscribe();
      guessed = undefined;
    };

    // At most one request in flight, and at most `prefetch` pages fetched beyond the one being
    // handed on; a pull the consumer has made may fetch past that window, its page is wanted now.
    const fetchNext = (pagesAhead: number, wanted: boolean): boolean => {
      if (inFlight !== undefined || nextState === undefined || !(pagesAhead < prefetch || wanted)) return false;
      const state = nextState;
      nextState = undefined;
      fetch(state, nextWait, false);
      return true;
    };

    const pump = (): void => {
      if (pumping) {
        again = true;
        return;
      }
      pumping = true;
      try {
        do {
          again = false;
          if (yielding !== undefined) return;
          while (!subscriber.closed && buffer.length > 0 && (demand > 0 || free(buffer[0]!))) {
            const head = buffer[0]!;
            // Send-ahead: the next state is known once the page is stepped; ask before handing on.
            if (fetchNext(buffer.length - 1, false) && push && inFlight !== undefined && !free(head)) {
              const resume = (): void => {
                yielding = undefined;
                pump();
              };
              yielding = (options.handOnScheduler ?? asyncScheduler).schedule(resume);
              return;
            }
            buffer.shift();
            if (E.isLeft(head)) {
              subscriber.next(head);
              subscriber.complete();
              return;
            }
            const { page, failure } = head.right;
            if (page.records.length > 0) demand--;
            if (shown(head.right)) subscriber.next(E.right(page));
            if (failure !== undefined && !subscriber.closed) {
              subscriber.next(E.left(failure));
              subscriber.complete();
              return;
            }
          }
          if (subscriber.closed) return;
          if ((buffer.length === 0 && nextState === undefined && inFlight === undefined) || (pullEnded && demand <= 0)) {
            subscriber.complete();
            return;
          }
          // A synchronous answer has arrived already: go round again to hand it on (or end).
          if (fetchNext(buffer.length, demand > 0) && inFlight === undefined) again = true;
        } while (again);
      } finally {
        pumping = false;
      }
    };

    const pullSub = options.pull?.subscribe({
      next: () => {
        demand++;
        pump();
      },
      error: (defect: unknown) => subscriber.error(defect),
      complete: () => {
        pullEnded = true;
        pump();
      },
    });
    pump();
    return () => {
      pullSub?.unsubscribe();
      yielding?.unsubscribe();
      dropGuess();
      inFlight?.unsubscribe();
    };
  });
