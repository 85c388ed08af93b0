import { Observable } from 'rxjs';

/** `setImmediate` where there is one (Node): it runs right after pending I/O, without a timer's 1 ms floor. */
const schedule: (run: () => void) => () => void =
  typeof setImmediate === 'function'
    ? (run) => {
        const handle = setImmediate(run);
        return () => clearImmediate(handle);
      }
    : (run) => {
        const handle = setTimeout(run, 0);
        return () => clearTimeout(handle);
      };

/**
 * A cold Observable that computes `value` in the next macrotask, emits it and completes; nothing
 * runs if unsubscribed before. A request that `fetch` was asked for just before is on the wire by
 * then: fetch sends only a few ticks after it is called (microtasks and `process.nextTick`
 * included), so synchronous work started at once would hold the request back. A throw from
 * `value` errors the Observable instead of escaping into the event loop.
 *
 * @example
 * ```ts
 * inNextMacrotask(() => JSON.parse(text)).subscribe((json) => decode(json)); // after the sends
 * ```
 * @internal
 */
export const inNextMacrotask = <A>(value: () => A): Observable<A> =>
  new Observable<A>((subscriber) =>
    schedule(() => {
      let result: A;
      try {
        result = value();
      } catch (defect: unknown) {
        subscriber.error(defect);
        return;
      }
      subscriber.next(result);
      subscriber.complete();
    }),
  );
