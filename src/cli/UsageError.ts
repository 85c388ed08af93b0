/**
 * Bad usage: a missing URL, a flag that does not parse, flags that do not go together. The
 * command prints the message with a hint and exits with 2, before anything is sent.
 * @example
 * ```ts
 * throw new UsageError('missing the Scan URL: give --scan-url <url> or set CANTON_RX_SCAN_URL');
 * ```
 * @category CLI
 * @since 0.3.0
 */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}
