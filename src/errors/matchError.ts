import type { CantonError } from './CantonError.js';

/**
 * Handlers for every member of {@link CantonError}, keyed by `_tag`.
 * @category Errors
 * @since 0.1.0
 */
export type CantonErrorHandlers<R> = {
  readonly [K in CantonError['_tag']]: (error: Extract<CantonError, { _tag: K }>) => R;
};

/**
 * Folds a {@link CantonError} by its tag; the compiler checks that every member is handled.
 *
 * @example
 * ```ts
 * import { matchError } from 'canton-rx';
 * const describe = matchError({
 *   HttpError: (e) => `HTTP ${e.status}`,
 *   NetworkError: (e) => `network: ${e.message}`,
 *   TimeoutError: (e) => `timed out after ${e.timeoutMs} ms`,
 *   DecodeError: (e) => `bad body at ${e.issues[0]?.path}`,
 *   InvalidRequest: (e) => `invalid request: ${e.message}`,
 *   ScanDisagreement: (e) => `Scans disagree on ${e.path}`,
 * });
 * ```
 * @category Errors
 * @since 0.1.0
 */
export const matchError =
  <R>(handlers: CantonErrorHandlers<R>) =>
  (error: CantonError): R =>
    (handlers[error._tag] as (e: CantonError) => R)(error);
