import { Subject, type Observable, type Subscription } from 'rxjs';

/**
 * Consumes a record stream in pull mode as an async iterable: the next page is asked for only
 * when the loop has taken every item of the current one, so a slow consumer (one that writes
 * each item to a database) never makes the stream run ahead and memory stays flat. Breaking out
 * of the loop unsubscribes, which aborts the request in flight.
 *
 * @example
 * ```ts
 * import { createClient, formatError, toAsyncIterable } from 'canton-rx';
 * import * as E from 'fp-ts/lib/Either.js';
 *
 * const client = createClient({ scan: { url: 'https://scan.example.com/api/scan' } });
 * for await (const item of toAsyncIterable((pull) => client.scan.updates({ page_size: 100 }, { pull }))) {
 *   if (E.isLeft(item)) throw new Error(formatError(item.left));
 *   await db.save(item.right);
 * }
 * ```
 * @category Streams
 * @since 0.1.0
 */
export const toAsyncIterable = <A>(open: (pull: Observable<void>) => Observable<A>): AsyncIterable<A> => ({
  [Symbol.asyncIterator](): AsyncIterator<A> {
    const pull = new Subject<void>();
    const queue: A[] = [];
    let subscription: Subscription | undefined;
    let completed = false;
    let failed: { error: unknown } | undefined;
    // The first page is handed on without a pull, so a page is already on its way at the start.
    let awaitingPage = true;
    let waiter: { resolve: (r: IteratorResult<A>) => void; reject: (e: unknown) => void } | undefined;

    const settle = () => {
      if (!waiter) return;
      const w = waiter;
      if (queue.length > 0) {
        waiter = undefined;
        w.resolve({ value: queue.shift()!, done: false });
      } else if (failed) {
        waiter = undefined;
        w.reject(failed.error);
      } else if (completed) {
        waiter = undefined;
        w.resolve({ value: undefined, done: true });
      }
    };

    return {
      next: () => {
        subscription ??= open(pull.asObservable()).subscribe({
          next: (value) => {
            awaitingPage = false;
            queue.push(value);
            settle();
          },
          error: (error: unknown) => {
            failed = { error };
            settle();
          },
          complete: () => {
            completed = true;
            settle();
          },
        });
        if (queue.length > 0) return Promise.resolve({ value: queue.shift()!, done: false });
        if (failed) return Promise.reject(failed.error);
        if (completed) return Promise.resolve({ value: undefined, done: true });
        return new Promise<IteratorResult<A>>((resolve, reject) => {
          waiter = { resolve, reject };
          if (!awaitingPage) {
            awaitingPage = true;
            pull.next();
          }
        });
      },
      return: () => {
        subscription?.unsubscribe();
        completed = true;
        queue.length = 0;
        return Promise.resolve({ value: undefined, done: true });
      },
    };
  },
});
