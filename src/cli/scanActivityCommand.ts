import type { Command } from 'commander';
import type { Observable } from 'rxjs';
import type * as E from 'fp-ts/lib/Either.js';
import type { CantonError } from '../errors/CantonError.js';
import type { createClient } from '../clientFactory/createClient.js';
import { isJsonObject, isInt64, isTimestamp } from '../codecs/common/primitives.js';
import type { ScanActivityCheckpoint } from '../streams/checkpoints.js';
import { elementCheckpoint, type ScanActivityElement } from '../streams/scanActivity.js';
import type { ConnectionFlags } from './connectionConfig.js';
import { planAction } from './planAction.js';
import type { RecordStreamPlan } from './RecordStreamPlan.js';
import { retryConfig } from './retryConfig.js';
import type { OutputFlags } from './runRecordStream.js';
import { scanHistoryRequest } from './scanHistoryRequest.js';
import type { CommandContext } from './types.js';
import { withConnectionOptions } from './withConnectionOptions.js';
import { withScanHistoryOptions, type ScanHistoryFlags } from './withScanHistoryOptions.js';
import { withOutputOptions } from './withOutputOptions.js';

type Flags = ConnectionFlags & OutputFlags & ScanHistoryFlags;

const EXAMPLES = `
Examples:
  $ canton-rx scan activity --scan-url https://scan.example.com/api/scan > activity.ndjson
  $ canton-rx scan activity --out activity.ndjson            # rerun to continue, exactly once
  $ canton-rx scan activity --resume activity.checkpoint.json --follow
  $ canton-rx scan activity --sink pglite:./activity
  (one line an element: update_id, migration_id, record_time, index, count and the element; see docs/activity.md)`;

const isIndex = (u: unknown): u is number => typeof u === 'number' && Number.isSafeInteger(u) && u >= 0;

/**
 * The checkpoint after an element, from the element alone: its update's at the update's last
 * element (`index` = `count` - 1), else its update's with the element's index.
 */
const checkpointOfElement = (u: unknown): ScanActivityCheckpoint | undefined => {
  if (!isJsonObject(u) || typeof u.update_id !== 'string' || !isInt64(u.migration_id) || !isTimestamp(u.record_time) || !isIndex(u.index) || !isIndex(u.count) || u.index >= u.count) return undefined;
  return elementCheckpoint({ stream: 'scan.updates', migration_id: u.migration_id, record_time: u.record_time, update_id: u.update_id }, u.index, u.count);
};

/**
 * The plan of `canton-rx scan activity`: the `scan.activity` record stream, one line an element
 * (`ScanActivityElement`), with its checkpoints, so `--out`, `--resume` and `--sink` go on after
 * the last element written, inside an update too.
 * @example
 * ```ts
 * const plan = scanActivityPlan(createClient({ scan: { url } }), { pollInterval: 2000, pageSize: 500 });
 * ```
 * @category CLI
 * @since 0.5.0
 */
export const scanActivityPlan = (client: ReturnType<typeof createClient>, flags: Flags): RecordStreamPlan<ScanActivityCheckpoint, ScanActivityElement> => {
  const request = scanHistoryRequest(flags);
  return {
    command: 'scan activity',
    stream: 'scan.updates',
    // Its checkpoints are scan.updates' (with an element's index): a sink holds it under its own name.
    sinkName: 'scan.activity',
    open: (from, pull, onRetry) => {
      const retry = retryConfig(flags, flags.follow === true, onRetry);
      return client.scan.activity(request, { from, pull, ...(retry === undefined ? {} : { retry }), ...(flags.follow === true ? { tail: { intervalMs: flags.pollInterval } } : {}) }) as Observable<E.Either<CantonError, ScanActivityElement>>;
    },
    checkpointOf: checkpointOfElement,
    checkpointOfLine: checkpointOfElement,
    at: (cp) => `${cp.migration_id}/${cp.record_time}${cp.element === undefined ? '' : `#${cp.element}`}`,
  };
};

/**
 * Adds `canton-rx scan activity` to the `scan` command.
 * @example
 * ```ts
 * scanActivityCommand(program.command('scan'), { io: processIo(), exit: (code) => (process.exitCode = code) });
 * ```
 * @category CLI
 * @since 0.5.0
 */
export const scanActivityCommand = (scan: Command, context: CommandContext): Command => {
  const command = scan
    .command('activity')
    .description("Scan's history as activity (transfers and their fees, rewards minted, taps, traffic, locks, rounds, ANS, licences, votes), one element a line, resumable");
  withScanHistoryOptions(command);
  withConnectionOptions(command, ['scan']);
  withOutputOptions(command, { out: true, resume: true, sink: true });
  const run = planAction(context, ['scan'], scanActivityPlan);
  return command.addHelpText('after', EXAMPLES).action(async (flags: Flags) => run(flags));
};
