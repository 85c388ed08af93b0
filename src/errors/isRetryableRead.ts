import type { CantonError } from './CantonError.js';
import { isRetryable } from './isRetryable.js';

/**
 * {@link isRetryable}, widened for reads that change nothing (every page of a record stream):
 * any 5xx but 501 is worth another try there too, since a flaky public Scan or an overloaded
 * participant answers 500 for trouble that passes, and asking again cannot do harm. 501 (not
 * implemented) stays final.
 *
 * @example
 * ```ts
 * import { isRetryableRead } from 'canton-rx';
 * client.scan.getDsoPartyId().pipe(retryBackoff({ shouldRetry: isRetryableRead }));
 * ```
 * @category Errors
 * @since 0.1.0
 */
export const isRetryableRead = (error: CantonError): boolean =>
  isRetryable(error) || (error._tag === 'HttpError' && error.status >= 500 && error.status <= 599 && error.status !== 501 && error.condition !== 'DeprecatedApiDisabled');
