import type { CantonError } from '../errors/CantonError.js';
import type { SinkError } from '../checkpoints/SinkError.js';
import { formatError } from '../errors/formatError.js';
import type { FeedError } from '../operators/mergeFeeds.js';

const isSinkError = (e: CantonError | SinkError): e is SinkError => e._tag === 'CheckpointConflict' || e._tag === 'StoreFailure';

/**
 * The JSON line printed on stderr for a `Left` that ends a command: its tag, its one-line
 * description (`formatError`, built from fields that never hold a token) and, for an HTTP error,
 * the status and condition, so that a script can branch on them without parsing the message;
 * for a merged feed, which feed failed (`source`); and `hint`, what to do about it (`errorHint`).
 * @example
 * ```ts
 * progress.error(errorFields(r.left)); // {"error":{"tag":"HttpError","status":404,"message":"..."}}
 * ```
 * @category CLI
 * @since 0.3.0
 */
export const errorFields = (error: CantonError | SinkError | FeedError, hint?: string): Record<string, unknown> => {
  if ('source' in error && 'error' in error) return { source: error.source, ...errorFields(error.error, hint) };
  if (isSinkError(error)) return { tag: error._tag, message: error.message };
  const extra = error._tag === 'HttpError' ? { status: error.status, ...(error.condition === undefined ? {} : { condition: error.condition }) } : {};
  return { tag: error._tag, ...extra, message: formatError(error), ...(hint !== undefined ? { hint } : {}) };
};
