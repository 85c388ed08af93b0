import type { RetryBackoffConfig, RetryInfo } from '../retry/retryBackoff.js';

/**
 * The retry policy of a streaming command from `--retries` and `--retry-max-delay`: 5 retries by
 * default, unlimited when following a server that has answered (a tail should outlive an outage;
 * one never reached fails after 5), none with `--retries 0`
 * (the first failure ends the command with exit 1). Every retry is counted on the progress line,
 * with the error that caused it.
 * @example
 * ```ts
 * client.scan.updates(request, { retry: retryConfig({ retries: 8 }, false, ({ error }) => progress.retry(error)) });
 * ```
 * @category CLI
 * @since 0.3.0
 */
export const retryConfig = (flags: { readonly retries?: number; readonly retryMaxDelay?: number }, follow: boolean, onRetry: (info: RetryInfo) => void): RetryBackoffConfig | undefined => {
  // Following without --retries: the stream's own default, unlimited once the server has answered
  // (a first request that never succeeds fails after 5 retries).
  const maxRetries = flags.retries ?? (follow ? undefined : 5);
  if (maxRetries === 0) return undefined;
  return { ...(maxRetries !== undefined ? { maxRetries } : {}), onRetry, ...(flags.retryMaxDelay === undefined ? {} : { maxDelayMs: flags.retryMaxDelay }) };
};
