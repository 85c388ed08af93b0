import { Subject, type Observable, type Subscription } from 'rxjs';

interface Waiter<A> {
  readonly resolve: (r: IteratorResult<A>) => void;
  readonly reject: (e: unknown) => void;
}

/**
 * Consumes a record stream in pull mode as an async iterable: the next page is asked for only
 * when the loop has taken every item of the current one, so a slow consumer (one that writes
 * each item to a database) never makes the stream run ahead and memory stays flat. Breaking out
 * of the loop (or calling `return()`) unsubscribes, which aborts the request in flight, and
 * settles every `next()` still waiting as done. A defect of the stream rejects the waiting
 * `next()`; the end of the stream ends the loop.
 *
 * @example
 * ```ts
 * import { createClient, formatError, toAsyncIterable } from 'canton-rx';
 * import * as E from 'fp-ts/lib/Either.js';
 *
 * const client = createClient({ scan: { url: 'https://scan.example.com/api/scan' } });
 * for await (const item of toAsyncIterable((pull) => client.scan.updates({ page_size: 100 }, { pull }))) {
 *   if (E.isLeft(item)) throw new Error(formatError(item.left));
 *   console.log(item.right.update_id);
 * }
 * ```
 * @category Streams
 * @since 0.1.0
 */
export const toAsyncIterable = <A>(open: (pull: Observable<void>) => Observable<A>): AsyncIterable<A> => ({
  [Symbol.asyncIterator](): AsyncIterator<A> {
    const pull = new Subject<void>();
    const queue: A[] = [];
    // More than one next() may wait at once: the protocol allows calls without awaiting each.
    const waiters: Array<Waiter<A>> = [];
    let subscription: Subscription | undefined;
    let ended: { error: unknown } | 'done' | undefined;
    // The first page is handed on without a pull, so a page is already on its way at the start.
    let awaitingPage = true;

    // Asks for one more page if a next() waits and nothing is buffered or on its way. Run after
    // the page being handed on has been handed on in full, so that it never asks twice.
    const refill = () => {
      if (ended === undefined && waiters.length > 0 && queue.length === 0 && !awaitingPage) {
        awaitingPage = true;
        pull.next();
      }
    };

    const finish = (end: { error: unknown } | 'done') => {
      ended ??= end;
      for (const w of waiters.splice(0)) {
        if (ended === 'done') w.resolve({ value: undefined, done: true });
        else w.reject(ended.error);
      }
    };

    const start = () => {
      subscription = open(pull.asObservable()).subscribe({
        next: (value) => {
          awaitingPage = false;
          const w = waiters.shift();
          if (w) w.resolve({ value, done: false });
          else queue.push(value);
          if (waiters.length > 0) queueMicrotask(refill);
        },
        error: (error: unknown) => finish({ error }),
        complete: () => finish('done'),
      });
    };

    return {
      next: () => {
        if (queue.length > 0) return Promise.resolve({ value: queue.shift()!, done: false });
        if (ended === 'done') return Promise.resolve({ value: undefined, done: true });
        if (ended !== undefined) return Promise.reject(ended.error);
        const result = new Promise<IteratorResult<A>>((resolve, reject) => waiters.push({ resolve, reject }));
        if (subscription === undefined) start();
        else refill();
        return result;
      },
      return: () => {
        // Items not taken are dropped with the stream: the loop asked to stop.
        queue.length = 0;
        subscription?.unsubscribe();
        finish('done');
        return Promise.resolve({ value: undefined, done: true });
      },
    };
  },
});
