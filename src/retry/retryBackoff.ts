import { asyncScheduler, defer, map, of, retry, throwError, timer, type MonoTypeOperatorFunction, type Observable } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import type { CantonError } from '../errors/CantonError.js';
import { isRetryable } from '../errors/isRetryable.js';
import { Checks, MAX_TIMER_MS } from '../validation/checks.js';
import { asAttempt } from './retryAttempt.js';

/**
 * When and how often to try again. Every duration is a whole number of milliseconds from 0 to
 * 2^31 − 1 (about 24.8 days, the longest a timer can wait); an invalid config is an
 * `InvalidRequest` Left naming the field, and nothing is sent.
 * @category Operators
 * @since 0.1.0
 */
export interface RetryBackoffConfig {
  /** The ceiling of the first wait; default 500 ms. */
  readonly initialDelayMs?: number;
  /** How much the ceiling grows with each retry, a finite number ≥ 1; default 2. */
  readonly factor?: number;
  /** The largest ceiling; default 30 000 ms. */
  readonly maxDelayMs?: number;
  /** How many retries in a row at most (a number or `Infinity`); default 5. */
  readonly maxRetries?: number;
  /**
   * How long a run of failures may last, from the first failure of the run: a retry whose wait
   * would end later is not made and the Left is handed on. `Infinity` (the default) sets no limit.
   */
  readonly maxElapsedMs?: number;
  /**
   * The longest wait a server may ask for (`Retry-After`, the ledger's `retryInfo`); default
   * 300 000 ms (5 minutes). A server that asks for longer gets its Left handed on at once
   * instead of a wait: the caller decides (its `retryAfterMs` says how long the server asked for).
   */
  readonly maxServerDelayMs?: number;
  /** A number in [0, 1) for the jitter; default `Math.random`. Inject it to make tests exact. */
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
  /** The failure that is being retried (redacted, as every error is). */
  readonly error: CantonError;
}

/** The defaults of {@link RetryBackoffConfig}, as documented there. @internal */
export const RETRY_DEFAULTS = { initialDelayMs: 500, factor: 2, maxDelayMs: 30_000, maxRetries: 5, maxElapsedMs: Infinity, maxServerDelayMs: 300_000 } as const;

/** A server-chosen wait is stretched by a random share of up to this fraction of itself. @internal */
export const SERVER_DELAY_JITTER = 0.2;

/**
 * Checks a retry config; `prefix` names where it sits (`'retry.'` in stream options).
 * @internal
 */
export const checkRetryConfig = (checks: Checks, config: RetryBackoffConfig, prefix = ''): Checks => {
  const at = (field: string) => `${prefix}${field}`;
  if (config.initialDelayMs !== undefined) checks.duration(config.initialDelayMs, at('initialDelayMs'));
  if (config.maxDelayMs !== undefined) checks.duration(config.maxDelayMs, at('maxDelayMs'));
  if (config.maxServerDelayMs !== undefined) checks.duration(config.maxServerDelayMs, at('maxServerDelayMs'));
  if (config.maxElapsedMs !== undefined) checks.duration(config.maxElapsedMs, at('maxElapsedMs'), { infinity: true });
  if (config.factor !== undefined) checks.check(typeof config.factor === 'number' && Number.isFinite(config.factor) && config.factor >= 1, at('factor'), 'must be a finite number of at least 1');
  if (config.maxRetries !== undefined) checks.check(config.maxRetries === Infinity || (Number.isSafeInteger(config.maxRetries) && config.maxRetries >= 0), at('maxRetries'), 'must be a non-negative integer or Infinity');
  for (const fn of ['random', 'shouldRetry', 'onRetry'] as const) {
    if (config[fn] !== undefined) checks.check(typeof config[fn] === 'function', at(fn), 'must be a function');
  }
  return checks;
};

/**
 * The wait before retry number `attempt` (1-based), or `undefined` when the server asked for
 * more than `maxServerDelayMs` (the Left is handed on instead). Full jitter over an exponential
 * ceiling; a wait the server asked for (`Retry-After`, the ledger's `retryInfo`) is a floor,
 * stretched by a random share of up to a fifth of itself so that the clients it turned away do
 * not all come back at the same instant. Never more than a timer can wait.
 * @internal
 */
export const backoffDelay = (config: RetryBackoffConfig, attempt: number, error: CantonError): number | undefined => {
  const initial = config.initialDelayMs ?? RETRY_DEFAULTS.initialDelayMs;
  const factor = config.factor ?? RETRY_DEFAULTS.factor;
  const max = config.maxDelayMs ?? RETRY_DEFAULTS.maxDelayMs;
  const r = (config.random ?? Math.random)();
  // A random outside [0, 1) (or NaN) must not make a wait negative or endless.
  const share = r > 0 ? Math.min(r, 1) : 0;
  // initial × factor^n overflows to Infinity after enough retries; 0 × Infinity would be NaN.
  const ceiling = initial === 0 ? 0 : Math.min(max, initial * Math.pow(factor, attempt - 1));
  const jittered = Math.floor(share * ceiling);
  const asked = error._tag === 'HttpError' ? error.retryAfterMs : undefined;
  if (asked === undefined || !(asked >= 0)) return Math.min(MAX_TIMER_MS, jittered);
  if (asked > (config.maxServerDelayMs ?? RETRY_DEFAULTS.maxServerDelayMs)) return undefined;
  return Math.min(MAX_TIMER_MS, Math.max(jittered, Math.ceil(asked + share * SERVER_DELAY_JITTER * asked)));
};

/** Carries a Left to retry, and its wait, through `retry`'s error channel; it never leaves this operator. */
class RetrySignal {
  constructor(
    readonly error: CantonError,
    readonly attempt: number,
    readonly delayMs: number,
  ) {}
}

/**
 * Retries the source when it emits a retryable Left: it resubscribes (sending the request again)
 * after an exponential backoff with full jitter. A wait a 429/503 (`Retry-After`) or the ledger's
 * `retryInfo` asks for is a floor, jittered upwards, up to `maxServerDelayMs` (5 minutes by
 * default): a server asking for longer gets its Left handed on, never a wait it did not ask for.
 * Non-retryable Lefts pass straight through, and so does the last Left once `maxRetries` retries
 * in a row have failed or the next wait would end past `maxElapsedMs` since the run of failures
 * began. The count resets after every Right. Each subscription of the source is told its retry
 * number (0 first, then 1, 2, ...: `retryAttempt`), which a request's telemetry span records. An invalid config is an `InvalidRequest` Left,
 * and the source is not subscribed. Waits run on RxJS's async scheduler, so `TestScheduler.run`
 * controls them, and none is longer than a timer can wait (2^31 − 1 ms).
 *
 * ```text
 * source (each subscription):  --L(503)|   --L(503)|   --R(a)|
 * retryBackoff (random = 0.5): --------(250ms)--------(500ms)--R(a)|
 * ```
 *
 * @example
 * ```ts
 * import { createClient, formatError, retryBackoff } from 'canton-rx';
 *
 * const client = createClient({ scan: { url: 'https://scan.example.com/api/scan' } });
 * client.scan.getDsoPartyId()
 *   .pipe(retryBackoff({ maxRetries: 8, maxElapsedMs: 60_000, onRetry: ({ attempt, delayMs, error }) => console.warn(`retry ${attempt} in ${delayMs} ms: ${formatError(error)}`) }))
 *   .subscribe((r) => console.log(r));
 * ```
 * @category Operators
 * @since 0.1.0
 */
export const retryBackoff =
  <A>(config: RetryBackoffConfig = {}): MonoTypeOperatorFunction<E.Either<CantonError, A>> =>
  (source: Observable<E.Either<CantonError, A>>) =>
    defer(() => {
      const checked = checkRetryConfig(new Checks(), config).result('retryBackoff config', config);
      if (E.isLeft(checked)) return of(checked);
      const maxRetries = config.maxRetries ?? RETRY_DEFAULTS.maxRetries;
      const maxElapsedMs = config.maxElapsedMs ?? RETRY_DEFAULTS.maxElapsedMs;
      const shouldRetry = config.shouldRetry ?? isRetryable;
      let attempt = 0;
      let runStartedAt = 0;
      return asAttempt(source, () => attempt).pipe(
        map((r) => {
          if (E.isRight(r)) {
            attempt = 0;
            return r;
          }
          if (attempt >= maxRetries || !shouldRetry(r.left)) return r;
          const now = asyncScheduler.now();
          if (attempt === 0) runStartedAt = now;
          const delayMs = backoffDelay(config, attempt + 1, r.left);
          if (delayMs === undefined || now - runStartedAt + delayMs > maxElapsedMs) return r;
          attempt++;
          throw new RetrySignal(r.left, attempt, delayMs);
        }),
        retry({
          delay: (signal: unknown) => {
            // Anything else on the error channel is a defect: pass it on untouched.
            if (!(signal instanceof RetrySignal)) return throwError(() => signal);
            config.onRetry?.({ attempt: signal.attempt, delayMs: signal.delayMs, error: signal.error });
            return timer(signal.delayMs);
          },
        }),
      );
    });
