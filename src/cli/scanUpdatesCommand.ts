import { Option, type Command } from 'commander';
import type * as t from 'io-ts';
import type { Observable } from 'rxjs';
import type { CantonError } from '../errors/CantonError.js';
import * as E from 'fp-ts/lib/Either.js';
import { createClient } from '../clientFactory/createClient.js';
import * as S from '../codecs/scan/index.js';
import type * as T from '../codecs/scan/index.js';
import type { ScanCheckpoint } from '../streams/checkpoints.js';
import { checkpointOf } from '../streams/checkpointOf.js';
import type { ConnectionFlags } from './connectionConfig.js';
import { planAction } from './planAction.js';
import type { RecordStreamPlan } from './RecordStreamPlan.js';
import { retryConfig } from './retryConfig.js';
import type { OutputFlags } from './runRecordStream.js';
import type { CommandContext } from './types.js';
import { scanHistoryRequest } from './scanHistoryRequest.js';
import { withConnectionOptions } from './withConnectionOptions.js';
import { withScanHistoryOptions, type ScanHistoryFlags } from './withScanHistoryOptions.js';
import { withOutputOptions } from './withOutputOptions.js';

type Item = T.UpdateHistoryItem | T.UpdateHistoryItemV2;

interface Flags extends ConnectionFlags, OutputFlags, ScanHistoryFlags {
  /** The history endpoint (`--api-version`); default v2. */
  readonly apiVersion?: 'v1' | 'v2';
  /** @deprecated `--version`, the old name of `--api-version`: kept for one minor release. */
  readonly version?: 'v1' | 'v2';
}

const EXAMPLES = `
Examples:
  $ canton-rx scan updates --scan-url https://scan.example.com/api/scan > history.ndjson
  $ canton-rx scan updates --after-migration-id 4 --after-record-time 2025-06-01T00:00:00Z --follow
  $ canton-rx scan updates --api-version v1 --page-size 100
  $ canton-rx scan updates --out history.ndjson            # rerun to continue, exactly once
  $ canton-rx scan updates --resume scan.checkpoint.json | your-indexer
  $ canton-rx scan updates --scan-urls https://a/api/scan,https://b/api/scan,https://c/api/scan,https://d/api/scan
  $ canton-rx scan updates --sink pglite:./scan-feed
  (the Scan URL may come from CANTON_RX_SCAN_URL instead of --scan-url)`;

/**
 * The plan of `canton-rx scan updates`: `scan.updates` from genesis, from `--after-*`, or from a
 * checkpoint; `--follow` keeps polling the head every `--poll-interval` ms.
 * @example
 * ```ts
 * const plan = scanUpdatesPlan(createClient({ scan: { url } }), { apiVersion: 'v2', pollInterval: 2000, pageSize: 500 });
 * ```
 * @category CLI
 * @since 0.3.0
 */
export const scanUpdatesPlan = (client: ReturnType<typeof createClient>, flags: Flags): RecordStreamPlan<ScanCheckpoint, Item> => {
  const request = scanHistoryRequest(flags);
  const version = flags.version ?? flags.apiVersion ?? 'v2';
  const codec: t.Decoder<unknown, Item> = version === 'v1' ? S.UpdateHistoryItem : S.UpdateHistoryItemV2;
  return {
    command: 'scan updates',
    stream: 'scan.updates',
    open: (from, pull, onRetry) => {
      const retry = retryConfig(flags, flags.follow === true, onRetry);
      // Without heartbeats the stream holds items only.
      return client.scan.updates(
        request,
        { version, from, pull, ...(retry === undefined ? {} : { retry }), ...(flags.follow === true ? { tail: { intervalMs: flags.pollInterval } } : {}) },
      ) as Observable<E.Either<CantonError, Item>>;
    },
    checkpointOf: (item) => checkpointOf(item),
    checkpointOfLine: (line) => {
      const decoded = codec.decode(line);
      return E.isRight(decoded) ? checkpointOf(decoded.right) : undefined;
    },
    at: (cp) => `${cp.migration_id}/${cp.record_time}`,
  };
};

/**
 * Adds `canton-rx scan updates` to the `scan` command.
 * @example
 * ```ts
 * scanUpdatesCommand(program.command('scan'), { io: processIo(), exit: (code) => (process.exitCode = code) });
 * ```
 * @category CLI
 * @since 0.3.0
 */
export const scanUpdatesCommand = (scan: Command, context: CommandContext): Command => {
  const command = scan
    .command('updates')
    .description('the Scan update history, one item a line: from the start, from --after-*, or from a checkpoint; --follow keeps tailing')
    .addOption(new Option('--api-version <version>', 'the history endpoint: /v2/updates or /v1/updates').choices(['v1', 'v2']).default('v2'))
    .addOption(new Option('--version <version>', 'deprecated: the old name of --api-version').choices(['v1', 'v2']).hideHelp());
  withScanHistoryOptions(command);
  withConnectionOptions(command, ['scan']);
  withOutputOptions(command, { out: true, resume: true, sink: true });
  const run = planAction(context, ['scan'], scanUpdatesPlan);
  return command.addHelpText('after', EXAMPLES).action(async (flags: Flags) => {
    if (flags.version !== undefined) context.io.stderr.write('canton-rx: scan updates --version is deprecated: use --api-version (canton-rx --version prints the version of canton-rx)\n');
    await run(flags);
  });
};
