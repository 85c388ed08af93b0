import type { CantonError } from './CantonError.js';

const RETRYABLE_STATUS: ReadonlySet<number> = new Set([429, 502, 503, 504]);

/**
 * Canton error categories whose errors are transient (upstream `ErrorCategory`, with a retry
 * time): TransientServerFailure (1), ContentionOnSharedResources (2),
 * DeadlineExceededRequestStateUnknown (3) and InvalidGivenCurrentSystemStateSeekAfterEnd (12).
 */
const RETRYABLE_LEDGER_CATEGORIES: ReadonlySet<number> = new Set([1, 2, 3, 12]);

/**
 * Whether trying the same request again later can succeed. The full table is in docs/errors.md:
 * network errors, timeouts, bodies that are not JSON (cut off in transit), HTTP 429, 502, 503,
 * 504, ledger errors whose category or `retryInfo` says so, and a token provider that failed
 * (`InvalidRequest` with `reason: 'token-provider'`) are retryable; other HTTP errors, bodies
 * of the wrong shape and other invalid requests are not.
 *
 * @example
 * ```ts
 * import { isRetryable } from 'canton-rx';
 * isRetryable({ _tag: 'TimeoutError', method: 'GET', url: 'http://127.0.0.1/livez', timeoutMs: 1000 }); // true
 * ```
 * @category Errors
 * @since 0.1.0
 */
export const isRetryable = (error: CantonError): boolean => {
  switch (error._tag) {
    case 'NetworkError':
    case 'TimeoutError':
      return true;
    case 'DecodeError':
      return error.reason === 'invalid-json';
    case 'ScanDisagreement':
      // Too few Scans answered: they may be back later. Scans that answered differently are not asked again by default.
      return error.reason === 'unavailable';
    case 'InvalidRequest':
      // Nothing was sent; a token provider that failed once (a refresh blip) can succeed next time.
      return error.reason === 'token-provider';
    case 'HttpError': {
      // Disabled by the server's configuration: asking again gets the same answer.
      if (error.condition === 'DeprecatedApiDisabled') return false;
      if (RETRYABLE_STATUS.has(error.status)) return true;
      if (error.body._tag !== 'LedgerError') return false;
      const ledger = error.body.error;
      return RETRYABLE_LEDGER_CATEGORIES.has(ledger.errorCategory) || (ledger.retryInfo != null && ledger.retryInfo !== '');
    }
  }
};
