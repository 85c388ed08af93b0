import { Option, type Command } from 'commander';
import { parseWholeNumber } from './parseWholeNumber.js';
import { withOAuthOptions } from './withOAuthOptions.js';

/**
 * Adds the connection, retry and rate options to a command. There is no token flag on purpose
 * (a flag shows in `ps`): `--token-file` or `CANTON_RX_TOKEN`, or the OAuth flags
 * ({@link withOAuthOptions}).
 * @example
 * ```ts
 * withConnectionOptions(program.command('get'), ['scan', 'ledger', 'validator']);
 * ```
 * @category CLI
 * @since 0.3.0
 */
export const withConnectionOptions = (command: Command, groups: ReadonlyArray<'scan' | 'ledger' | 'validator' | 'registry'>): Command => {
  if (groups.includes('scan')) {
    command
      .option('--scan-url <url>', 'the Scan base URL, ending in /api/scan (env CANTON_RX_SCAN_URL)')
      .option('--scan-urls <urls>', 'several Scans read as one (BFT pool), comma-separated')
      .option('--discover <urls>', 'seed Scans: the pool is the Scans GET /v0/scans lists, comma-separated')
      .option('--rate <perSecond>', 'at most this many requests a second to each Scan host', parseWholeNumber(1))
      .option('--concurrency <n>', 'at most this many requests at once to each Scan host', parseWholeNumber(1));
  }
  if (groups.includes('ledger')) command.option('--ledger-url <url>', 'the participant JSON API base URL (env CANTON_RX_LEDGER_URL)');
  if (groups.includes('validator')) command.option('--validator-url <url>', 'the validator base URL, ending in /api/validator (env CANTON_RX_VALIDATOR_URL)');
  if (groups.includes('registry')) command.option('--registry-url <url>', "a token registry's root (env CANTON_RX_REGISTRY_URL; default the Scan host's root, Amulet's registry)");
  if (groups.includes('ledger') || groups.includes('validator'))
    withOAuthOptions(command.option('--token-file <file>', 'read the bearer token from this file (else env CANTON_RX_TOKEN); never a flag'));
  return command
    .option('--timeout <ms>', 'per-request timeout in milliseconds', parseWholeNumber(1))
    .addOption(new Option('--retries <n>', 'retries of a failed request (reads only; default 5, unlimited with --follow; 0: none)').argParser(parseWholeNumber(0)))
    .addOption(new Option('--retry-max-delay <ms>', 'the longest wait between retries').argParser(parseWholeNumber(1)))
    .addOption(new Option('--metrics-port <port>', 'streaming commands: serve Prometheus metrics on this port at /metrics (0: a free one; docs/observability.md)').argParser(parseWholeNumber(0)))
    .option('--metrics-host <host>', 'the address --metrics-port listens on (default 127.0.0.1)');
};
