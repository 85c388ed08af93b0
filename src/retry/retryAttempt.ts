import { Observable } from 'rxjs';

// The retry number of the subscription being made right now. Subscribing is synchronous down to
// the request (the HTTP span starts at its subscribe), so a value set around `subscribe` reaches
// it without threading an argument through every page request of every stream.
let current = 0;

/**
 * The retry number of the request being subscribed at this instant: 0 for a first try, `n` for
 * the `n`th retry in a row of the innermost `retryBackoff` around it (what a request's span
 * records). Read it synchronously at subscribe; anywhere else it is 0.
 * @example
 * ```ts
 * const request = new Observable((subscriber) => {
 *   span.setAttribute('http.request.resend_count', retryAttempt());
 *   return send().subscribe(subscriber);
 * });
 * ```
 * @internal
 */
export const retryAttempt = (): number => current;

/**
 * `source`, whose subscribe runs with {@link retryAttempt} reading `attempt()`: how
 * `retryBackoff` tells each resubscription its number.
 * @example
 * ```ts
 * let tries = 0;
 * asAttempt(request, () => tries).pipe(retry({ delay: () => (tries++, timer(100)) }));
 * ```
 * @internal
 */
export const asAttempt = <T>(source: Observable<T>, attempt: () => number): Observable<T> =>
  new Observable<T>((subscriber) => {
    const outer = current;
    current = attempt();
    try {
      return source.subscribe(subscriber);
    } finally {
      current = outer;
    }
  });
