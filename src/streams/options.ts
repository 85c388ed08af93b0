import type { Observable } from 'rxjs';
import type { RetryBackoffConfig } from '../operators/retryBackoff.js';

/**
 * Options every record stream takes.
 * @category Streams
 * @since 0.1.0
 */
export interface StreamOptions<C> {
  /** Continue exactly after the item this checkpoint (from `checkpointOf`) was taken of. */
  readonly from?: C;
  /** Pages fetched beyond the one being handed on (default 1: the next page loads while this one is handed on). */
  readonly prefetch?: number;
  /**
   * Pull mode for asynchronous consumers: the first page is handed on when it arrives and each
   * value of `pull` asks for one more. See `toAsyncIterable` for a ready-made loop.
   */
  readonly pull?: Observable<unknown>;
  /**
   * Retry failed page requests (see `retryBackoff`); a retried page asks again from the
   * checkpoint of the last item handed on, so faults never lose or repeat an item. Without it a
   * failed page is one Left and the end of the stream (in tail mode the default is to retry
   * retryable failures forever).
   */
  readonly retry?: RetryBackoffConfig;
}

/**
 * Checkpoint polling: after the stream has caught up it keeps polling from its checkpoint every
 * `intervalMs` (default 5000), forever, emitting new items as they appear.
 * @category Streams
 * @since 0.1.0
 */
export interface TailOptions {
  readonly intervalMs?: number;
}

/**
 * Options of the streams that can follow the head of their history.
 * @category Streams
 * @since 0.1.0
 */
export interface TailingStreamOptions<C> extends StreamOptions<C> {
  /** Keep polling after catching up. */
  readonly tail?: TailOptions;
  /** Interleave a `Heartbeat` each time a page shows the stream caught up. */
  readonly heartbeats?: boolean;
}

/** The tail interval used when `tail` is given without one. @internal */
export const DEFAULT_TAIL_INTERVAL_MS = 5000;

/** The retry policy of a tailing stream given none: retryable failures are retried forever. @internal */
export const TAIL_RETRY: RetryBackoffConfig = { maxRetries: Infinity };
