import { switchMap, timer, type Observable } from 'rxjs';
import type * as E from 'fp-ts/lib/Either.js';
import type { CantonError } from '../errors/CantonError.js';
import { isRetryableRead } from '../errors/isRetryableRead.js';
import { retryBackoff, type RetryBackoffConfig } from '../retry/retryBackoff.js';

/**
 * One page request of a record stream: after `waitMs` (a tail poll), with the stream's retry
 * policy around the request alone, so that a retried page asks again from the same position:
 * the checkpoint of the last item handed on.
 * @internal
 */
export const pageRequest = <A>(
  request: () => Observable<E.Either<CantonError, A>>,
  retry: RetryBackoffConfig | undefined,
  waitMs: number | undefined,
): Observable<E.Either<CantonError, A>> => {
  // Pages are reads: unless told otherwise, a 500 is retried too (see isRetryableRead).
  const attempt = (): Observable<E.Either<CantonError, A>> => (retry ? request().pipe(retryBackoff<A>({ shouldRetry: isRetryableRead, ...retry })) : request());
  return waitMs !== undefined && waitMs > 0 ? timer(waitMs).pipe(switchMap(attempt)) : attempt();
};
