import { of, switchMap, timer, type Observable } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import type { CantonError } from '../errors/CantonError.js';
import { isRetryableRead } from '../errors/isRetryableRead.js';
import { checkRetryConfig, retryBackoff, type RetryBackoffConfig } from '../retry/retryBackoff.js';
import { Checks } from '../validation/checks.js';

/**
 * One page request of a paged read (the paging engine's, a WebSocket channel's, a backfill's):
 * after `waitMs` (a tail poll), with the read's retry policy around the request alone, so that a
 * retried page asks again from the same position. Pages are reads: unless told otherwise a 500 is
 * retried too (`isRetryableRead`), and so is a token provider that failed once. An invalid retry
 * policy is an `InvalidRequest` naming `retry.<field>`, before anything is sent.
 *
 * @example
 * ```ts
 * withRetry(() => invokeOperation(transport, scanOperations.getUpdateHistoryV2, [body]), { maxRetries: 3 }, undefined);
 * ```
 * @internal
 */
export const withRetry = <A>(
  request: () => Observable<E.Either<CantonError, A>>,
  retry: RetryBackoffConfig | undefined,
  waitMs: number | undefined,
): Observable<E.Either<CantonError, A>> => {
  if (retry !== undefined) {
    const checked = checkRetryConfig(new Checks(), retry, 'retry.').result('stream options', retry);
    if (E.isLeft(checked)) return of(checked);
  }
  const attempt = (): Observable<E.Either<CantonError, A>> =>
    retry ? request().pipe(retryBackoff<A>({ ...retry, shouldRetry: retry.shouldRetry ?? isRetryableRead })) : request();
  return waitMs !== undefined && waitMs > 0 ? timer(waitMs).pipe(switchMap(attempt)) : attempt();
};
