import type { CantonError } from '../errors/CantonError.js';
import { formatError } from '../errors/formatError.js';

/**
 * An `Error` carrying a {@link CantonError}, thrown by `orThrow` for code that prefers the
 * Observable error channel. Its message is `formatError(error)`, which holds no token.
 *
 * @example
 * ```ts
 * import { CantonRxError } from 'canton-rx';
 * try { await lastValueFrom(stream$.pipe(orThrow())); }
 * catch (e) { if (e instanceof CantonRxError && e.error._tag === 'HttpError') retryLater(); }
 * ```
 * @category Operators
 * @since 0.1.0
 */
export class CantonRxError extends Error {
  override readonly name = 'CantonRxError';
  constructor(readonly error: CantonError) {
    super(formatError(error));
  }
}
