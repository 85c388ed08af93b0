import { Observable, asyncScheduler, type Subscription } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import type { CantonError } from '../errors/CantonError.js';

/** The result of reading one page: the items to hand on and the state to read the next from. @internal */
export interface Step<S, I> {
  readonly items: ReadonlyArray<I>;
  /** The state to fetch the next page with; `undefined` ends the stream. */
  readonly next: S | undefined;
  /** A failure found after `items`: handed on after them, and it ends the stream. */
  readonly failure?: CantonError;
}

/** How one paged endpoint is read. @internal */
export interface PagerSpec<S, I> {
  /** Fetches and checks the page for a state; a Left ends the stream after it is handed on. */
  readonly page: (state: S) => Observable<E.Either<CantonError, Step<S, I>>>;
}

/** @internal */
export interface PagerOptions {
  /** Pages fetched beyond the one being handed to the consumer (default 1; 0: one page at a time). */
  readonly prefetch?: number;
  /**
   * Pull mode: the first page is handed on when it arrives, and each value of `pull` asks for
   * one more page. Without it every page is handed on as soon as it arrives.
   */
  readonly pull?: Observable<unknown>;
}

type Fetched<S, I> = E.Either<CantonError, Step<S, I>>;

const handsNothing = <S, I>(result: Fetched<S, I>): boolean => E.isRight(result) && result.right.items.length === 0 && result.right.failure === undefined;

/**
 * Reads a paged endpoint as a cold Observable of items: at most one page request in flight, at
 * most `prefetch` pages fetched beyond the one being handed on, so memory stays flat however long
 * the stream. The next page is asked for before a page is handed on, so the server works while
 * the consumer does, in push mode as in pull mode; in push mode the page then waits one macrotask
 * (`asyncScheduler`), so that the request is sent before the consumer's synchronous work starts.
 * A Left (a failed or invalid page) is handed on in its place and ends the stream. Unsubscribing
 * cancels the request in flight.
 * @internal
 */
export const pager = <S, I>(spec: PagerSpec<S, I>, initial: S, options: PagerOptions = {}): Observable<E.Either<CantonError, I>> =>
  new Observable<E.Either<CantonError, I>>((subscriber) => {
    const prefetch = Math.max(0, options.prefetch ?? 1);
    let demand = options.pull ? 1 : Infinity;
    const buffer: Array<Fetched<S, I>> = [];
    let nextState: S | undefined = initial;
    let inFlight: Subscription | undefined;
    let pumping = false;
    let again = false;
    const push = options.pull === undefined;
    // A completed pull asks for nothing more: the stream ends once the pages asked for are handed on.
    let pullEnded = false;
    // A page waiting one macrotask to be handed on (see pump).
    let yielding: Subscription | undefined;

    const fetch = (state: S) => {
      let arrived = false;
      const sub = spec.page(state).subscribe({
        next: (result) => {
          arrived = true;
          nextState = E.isRight(result) && result.right.failure === undefined ? result.right.next : undefined;
          buffer.push(result);
        },
        error: (defect: unknown) => subscriber.error(defect),
        complete: () => {
          if (!arrived) {
            subscriber.error(new Error('canton-rx: a page request completed without a result (a defect)'));
            return;
          }
          inFlight = undefined;
          pump();
        },
      });
      // A synchronous source has already completed and pumped; keep no handle to it.
      if (arrived && inFlight === undefined) return;
      inFlight = sub.closed ? undefined : sub;
    };

    // At most one request in flight, and at most `prefetch` pages fetched beyond the one being
    // handed on; a pull the consumer has already made may fetch past that window, since its page
    // is wanted now. Tells whether it asked.
    const fetchNext = (pagesAhead: number, mayExceedWindow: boolean): boolean => {
      if (inFlight === undefined && nextState !== undefined && (pagesAhead < prefetch || mayExceedWindow)) {
        const state = nextState;
        nextState = undefined;
        fetch(state);
        return true;
      }
      return false;
    };

    // Hands on buffered pages while there is demand, then fetches if the window allows.
    // Re-entrant calls (a consumer pulling from inside next) are folded into the running loop.
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
          // An empty page hands nothing on: it is taken without demand and must not use up a pull
          // the consumer waits on, so that the read goes on (or ends) without another pull.
          while (!subscriber.closed && buffer.length > 0 && (demand > 0 || handsNothing(buffer[0]!))) {
            // The next cursor is known once a page is decoded: ask for the next page before this
            // one is handed on, so that the server works while the consumer does. A push consumer
            // works synchronously, and fetch sends only a few ticks after it is called: hand the
            // page on in the next macrotask, once the request is out.
            if (fetchNext(buffer.length - 1, false) && push && inFlight !== undefined && !handsNothing(buffer[0]!)) {
              yielding = asyncScheduler.schedule(() => {
                yielding = undefined;
                pump();
              });
              return;
            }
            const result = buffer.shift()!;
            if (!handsNothing(result)) demand--;
            if (E.isLeft(result)) {
              subscriber.next(result);
              subscriber.complete();
              return;
            }
            for (const item of result.right.items) {
              if (subscriber.closed) return;
              subscriber.next(E.right(item));
            }
            const failure = result.right.failure;
            if (failure !== undefined && !subscriber.closed) {
              subscriber.next(E.left(failure));
              subscriber.complete();
              return;
            }
          }
          if (subscriber.closed) return;
          if ((buffer.length === 0 && nextState === undefined && inFlight === undefined) || (pullEnded && demand === 0)) {
            subscriber.complete();
            return;
          }
          fetchNext(buffer.length, demand > 0);
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
