import type { RetryBackoffConfig } from '../retry/retryBackoff.js';
import { DEFAULT_TAIL_INTERVAL_MS, TAIL_RETRY, type TailOptions } from '../streams/options.js';
import type { ChannelOptions } from './readChannel.js';

/**
 * Options of the ledger's WebSocket streams (`ledger.ws`). A socket pushes what the participant
 * sends, so there is no `prefetch` or `pull`: slow consumers are served by the socket's buffers.
 * @category Streams
 * @since 0.2.0
 */
export interface WebSocketStreamOptions<C> {
  /** Continue exactly after the item (or heartbeat) this checkpoint was taken of. */
  readonly from?: C;
  /**
   * Open a new socket after a retryable failure (a dropped connection, a 503 error message, a
   * refused upgrade with a retryable status), from the checkpoint of the last item handed on, so
   * that nothing is lost or repeated; the same policy as the paged streams' `retry` (see
   * `StreamOptions.retry`): `shouldRetry` defaults to `isRetryableRead`, and in tail mode a given
   * config is laid over `{ maxRetries: Infinity }`. Without it a failure is one Left and the end.
   */
  readonly retry?: RetryBackoffConfig;
  /**
   * Open-ended channels only (updates without `endInclusive`, completions): the participant keeps
   * the socket open and pushes what happens; with `tail`, a socket the server closes normally (a
   * proxy's idle timeout, a restart) is opened again from the last checkpoint after
   * `intervalMs` (default 5000), and retryable failures are retried forever unless `retry` bounds
   * them. Without it a normal close ends the stream.
   */
  readonly tail?: TailOptions;
  /** Hand on a `Heartbeat` for each `OffsetCheckpoint` message that moves the stream on. */
  readonly heartbeats?: boolean;
  /**
   * Decode this stream's messages strictly (docs/codecs.md, "Open unions"): an update kind or
   * event this version does not know ends the stream with a `DecodeError`. Absent: the client's
   * `strict` option.
   * @since 0.3.0
   */
  readonly strict?: boolean;
}

/**
 * Where `ledger.ws.completions` stands: the offset of the last completion (or offset checkpoint)
 * handed on. Completions have their own checkpoint, so that one cannot be given to an update
 * stream by mistake.
 * @category Streams
 * @since 0.2.0
 */
export interface CompletionsCheckpoint {
  readonly stream: 'ledger.completions';
  readonly offset: number;
}

/**
 * How an open-ended channel is paced, from its options: with `tail`, retryable failures are
 * retried forever unless `retry` bounds them, and a normal close reopens after `intervalMs`, as a
 * tailing paged stream polls; without it, `retry` as given and a normal close ends the read.
 * @example
 * ```ts
 * channelPacing({ tail: {} }); // { retry: { maxRetries: Infinity }, reopenMs: 5000 }
 * ```
 * @internal
 */
export const channelPacing = (options: WebSocketStreamOptions<unknown>): ChannelOptions =>
  options.tail
    ? { retry: { ...TAIL_RETRY, ...options.retry }, reopenMs: options.tail.intervalMs ?? DEFAULT_TAIL_INTERVAL_MS }
    : { retry: options.retry, reopenMs: undefined };
