import type { Observable } from 'rxjs';
import type { RetryBackoffConfig } from '../retry/retryBackoff.js';

/**
 * Options every record stream takes.
 * @category Streams
 * @since 0.1.0
 */
export interface StreamOptions<C> {
  /** Continue exactly after the record this checkpoint was taken of (a record's or a page's checkpoint of the page form, `pages.*`, or what `drainInto`'s sink stored). */
  readonly from?: C;
  /** Pages fetched beyond the one being handed on (default 1: the next page loads while this one is handed on). */
  readonly prefetch?: number;
  /**
   * Pull mode for asynchronous consumers: the first page is handed on when it arrives and each
   * value of `pull` asks for one more. See `toAsyncIterable` for a ready-made loop. When `pull`
   * completes, nothing more can be asked for: the stream ends once the pages already asked for
   * have been handed on.
   */
  readonly pull?: Observable<unknown>;
  /**
   * Retry failed page requests (see `retryBackoff`, and docs/operators.md); a retried page asks
   * again from the checkpoint of the last item handed on, so faults never lose or repeat an item.
   * Pages are reads: `shouldRetry` defaults to `isRetryableRead` here. `onRetry` is told of every
   * page retry (attempt, wait, redacted error), so a stream that retries forever can be watched.
   * Without it a failed page is one Left and the end of the stream; in tail mode, without it,
   * retryable failures are retried forever (`{ maxRetries: Infinity }`) once the server has
   * answered (a page or any HTTP status; before that, a network failure 5 times: a server never
   * reached is an error, not an outage to outlive), and a config given here is laid over that default: `{ onRetry }` alone
   * watches the retries without capping them; give `maxRetries` (`Infinity` too: then from the
   * first request) or `maxElapsedMs` to bound them. An invalid config is an
   * `InvalidRequest` naming `retry.<field>`, before any request.
   */
  readonly retry?: RetryBackoffConfig;
  /**
   * Decode this stream's pages strictly: an unknown member of an open union is a `DecodeError`
   * that ends it (docs/codecs.md, "Open unions"). Absent: the client's `strict` option.
   * @since 0.3.0
   */
  readonly strict?: boolean;
}

/**
 * Checkpoint polling: after the stream has caught up it keeps polling from its checkpoint every
 * `intervalMs` (default 5000), forever, emitting new items as they appear.
 * @category Streams
 * @since 0.1.0
 */
export interface TailOptions {
  /**
   * The wait between polls once caught up, in whole milliseconds from 0 to 2^31 − 1 (about 24.8
   * days, the longest a timer can wait); anything else is an `InvalidRequest` naming
   * `tail.intervalMs`.
   */
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
