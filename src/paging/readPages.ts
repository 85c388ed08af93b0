import { asapScheduler, Observable, type Subscription } from 'rxjs';
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
 * @internal
 */
export interface Paging<S, R, A, C> {
  readonly request: (state: S) => Observable<E.Either<CantonError, R>>;
  readonly step: (response: R, state: S) => E.Either<CantonError, PageStep<S, A, C>>;
  readonly recover?: (error: CantonError, state: S) => S | undefined;
}

/**
 * How a read is paced.
 * @category Streams
 * @since 0.3.0
 */
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
 * state, before the page is handed on; in push mode the page then waits one microtask
 * (`asapScheduler`) so that the request reaches `fetch` before the consumer's synchronous work.
 * No timer runs per page: only a tail poll (`PageStep.waitMs`) and retries wait. Every request
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
    // The page at the head of the buffer, waiting one microtask for the request sent ahead of it.
    let yielding: Subscription | undefined;
    // A failed request that `recover` turned into a fresh state: asked once its request completes.
    let retryFrom = false;

    const fetch = (state: S, waitMs: number | undefined, recovered: boolean): void => {
      let arrived = false;
      let sync = true;
      // Read by the callbacks of an asynchronous answer; a synchronous one completes before it is set.
      let sub: Subscription | undefined;
      sub = withRetry(() => paging.request(state), options.retry, waitMs).subscribe({
        next: (result) => {
          arrived = true;
          if (E.isLeft(result) && !recovered && paging.recover !== undefined) {
            const fresh = paging.recover(result.left, state);
            if (fresh !== undefined) {
              // Asked again, once, from where the read stands: the failure is not handed on.
              nextState = fresh;
              nextWait = undefined;
              retryFrom = true;
              return;
            }
          }
          const stepped = E.isLeft(result) ? result : paging.step(result.right, state);
          nextState = E.isRight(stepped) && stepped.right.failure === undefined ? stepped.right.next : undefined;
          nextWait = E.isRight(stepped) ? stepped.right.waitMs : undefined;
          // A page that goes out empty-handed is buffered too: it counts in the prefetch window.
          buffer.push(stepped);
        },
        error: (defect: unknown) => subscriber.error(defect),
        complete: () => {
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
          if (!sync) pump();
        },
      });
      sync = false;
      // A synchronous answer has completed already (and may have asked again): keep no handle to it.
      if (!sub.closed) inFlight = sub;
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
              yielding = asapScheduler.schedule(() => {
                yielding = undefined;
                pump();
              });
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
      inFlight?.unsubscribe();
    };
  });
