import { defer, map, retry, throwError, timer, type MonoTypeOperatorFunction, type Observable } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import type { CantonError } from '../errors/CantonError.js';
import { isRetryable } from '../errors/isRetryable.js';

/**
 * When and how often to try again.
 * @category Operators
 * @since 0.1.0
 */
export interface RetryBackoffConfig {
  /** The ceiling of the first wait; default 500 ms. */
  readonly initialDelayMs?: number;
  /** How much the ceiling grows with each retry; default 2. */
  readonly factor?: number;
  /** The largest ceiling; default 30 000 ms. */
  readonly maxDelayMs?: number;
  /** How many retries in a row at most (a number or `Infinity`); default 5. */
  readonly maxRetries?: number;
  /** A number in [0, 1) for the full jitter; default `Math.random`. Inject it to make tests exact. */
  readonly random?: () => number;
  /** Which failures to retry; default {@link isRetryable}. */
  readonly shouldRetry?: (error: CantonError) => boolean;
  /** Called before each wait, so services can log and count retries. */
  readonly onRetry?: (info: RetryInfo) => void;
}

/**
 * What `onRetry` is told.
 * @category Operators
 * @since 0.1.0
 */
export interface RetryInfo {
  /** 1 for the first retry after a success (or the start), 2 for the next, ... */
  readonly attempt: number;
  /** How long it waits before trying again. */
  readonly delayMs: number;
  /** The failure that is being retried. */
  readonly error: CantonError;
}

/** The defaults of {@link RetryBackoffConfig}, as documented there. @internal */
export const RETRY_DEFAULTS = { initialDelayMs: 500, factor: 2, maxDelayMs: 30_000, maxRetries: 5 } as const;

/**
 * The wait before retry number `attempt` (1-based): full jitter over an exponential ceiling, but
 * never less than what the server asked for (`Retry-After`, the ledger's `retryInfo`).
 * @internal
 */
export const backoffDelay = (config: RetryBackoffConfig, attempt: number, error: CantonError): number => {
  const initial = config.initialDelayMs ?? RETRY_DEFAULTS.initialDelayMs;
  const factor = config.factor ?? RETRY_DEFAULTS.factor;
  const max = config.maxDelayMs ?? RETRY_DEFAULTS.maxDelayMs;
  const random = config.random ?? Math.random;
  const ceiling = Math.min(max, initial * Math.pow(factor, attempt - 1));
  const jittered = Math.floor(random() * ceiling);
  const asked = error._tag === 'HttpError' ? (error.retryAfterMs ?? 0) : 0;
  return Math.max(jittered, asked);
};

/** Carries a retryable Left through `retry`'s error channel; it never leaves this operator. */
class RetrySignal {
  constructor(readonly left: E.Left<CantonError>) {}
}

/**
 * Retries the source when it emits a retryable Left: it resubscribes (sending the request again)
 * after an exponential backoff with full jitter, waiting at least the `retryAfterMs` a 429/503 or
 * the ledger's `retryInfo` asked for. Non-retryable Lefts pass straight through, and so does the
 * last Left once `maxRetries` retries in a row have failed. The count resets after every Right.
 * Waits run on RxJS's async scheduler, so `TestScheduler.run` controls them.
 *
 * ```text
 * source (each subscription):  --L(503)|   --L(503)|   --R(a)|
 * retryBackoff (random = 0.5): --------(250ms)--------(500ms)--R(a)|
 * ```
 *
 * @example
 * ```ts
 * import { createClient, retryBackoff } from 'canton-rx';
 * createClient({ scan: { url } }).scan.getDsoPartyId()
 *   .pipe(retryBackoff({ maxRetries: 8, onRetry: ({ attempt, delayMs }) => metrics.retries.inc() }))
 *   .subscribe(...);
 * ```
 * @category Operators
 * @since 0.1.0
 */
export const retryBackoff =
  <A>(config: RetryBackoffConfig = {}): MonoTypeOperatorFunction<E.Either<CantonError, A>> =>
  (source: Observable<E.Either<CantonError, A>>) =>
    defer(() => {
      const maxRetries = config.maxRetries ?? RETRY_DEFAULTS.maxRetries;
      const shouldRetry = config.shouldRetry ?? isRetryable;
      let attempt = 0;
      return source.pipe(
        map((r) => {
          if (E.isRight(r)) {
            attempt = 0;
            return r;
          }
          if (attempt < maxRetries && shouldRetry(r.left)) throw new RetrySignal(r);
          return r;
        }),
        retry({
          delay: (signal: unknown) => {
            // Anything else on the error channel is a defect: pass it on untouched.
            if (!(signal instanceof RetrySignal)) return throwError(() => signal);
            attempt++;
            const delayMs = backoffDelay(config, attempt, signal.left.left);
            config.onRetry?.({ attempt, delayMs, error: signal.left.left });
            return timer(delayMs);
          },
        }),
      );
    });
