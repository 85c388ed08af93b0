import type { Command } from 'commander';
import { map, type Observable } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import type { CantonError } from '../errors/CantonError.js';
import type { FeedError } from '../operators/mergeFeeds.js';
import type { createClient } from '../clientFactory/createClient.js';
import type * as T from '../codecs/scan/index.js';
import { isJsonObject, isInt64, isTimestamp } from '../codecs/common/primitives.js';
import { activityOf, type ActivityElement } from '../operators/activityOf.js';
import type { ScanCheckpoint } from '../streams/checkpoints.js';
import type { ConnectionFlags } from './connectionConfig.js';
import { planAction } from './planAction.js';
import type { RecordStreamPlan } from './RecordStreamPlan.js';
import { scanUpdatesPlan } from './scanUpdatesCommand.js';
import type { OutputFlags } from './runRecordStream.js';
import type { CommandContext } from './types.js';
import { withConnectionOptions } from './withConnectionOptions.js';
import { withScanHistoryOptions, type ScanHistoryFlags } from './withScanHistoryOptions.js';
import { withOutputOptions } from './withOutputOptions.js';

/** One line of `canton-rx scan activity`: an update's place in the history and its elements. */
interface ActivityLine {
  readonly update_id: string;
  readonly migration_id: number;
  readonly record_time: string;
  readonly elements: ReadonlyArray<ActivityElement>;
}

type Flags = ConnectionFlags & OutputFlags & ScanHistoryFlags;

const EXAMPLES = `
Examples:
  $ canton-rx scan activity --scan-url https://scan.example.com/api/scan > activity.ndjson
  $ canton-rx scan activity --out activity.ndjson            # rerun to continue, exactly once
  $ canton-rx scan activity --resume activity.checkpoint.json --follow
  (one line an update: update_id, migration_id, record_time and its elements; see docs/activity.md)`;

// The checkpoint of scan.updates after the update a line stands for: a resume continues after it.
const checkpointOfLine = (u: unknown): ScanCheckpoint | undefined =>
  isJsonObject(u) && typeof u.update_id === 'string' && isInt64(u.migration_id) && isTimestamp(u.record_time)
    ? { stream: 'scan.updates', migration_id: u.migration_id, record_time: u.record_time, update_id: u.update_id }
    : undefined;

/**
 * The plan of `canton-rx scan activity`: `scan.updates` (v2) read as activity (`activityOf`), one
 * line an update, with the checkpoints of `scan.updates`, so `--out`, `--resume` and `--sink` go on
 * after the last update written.
 * @example
 * ```ts
 * const plan = scanActivityPlan(createClient({ scan: { url } }), { pollInterval: 2000, pageSize: 500 });
 * ```
 * @category CLI
 * @since 0.5.0
 */
export const scanActivityPlan = (client: ReturnType<typeof createClient>, flags: Flags): RecordStreamPlan<ScanCheckpoint, ActivityLine> => {
  const updates = scanUpdatesPlan(client, { ...flags, apiVersion: 'v2' });
  return {
    command: 'scan activity',
    stream: 'scan.updates',
    open: (from, pull, onRetry) =>
      (updates.open(from, pull, onRetry) as Observable<E.Either<CantonError | FeedError, T.UpdateHistoryItemV2>>).pipe(
        map((r) => {
          if (E.isLeft(r)) return r;
          // The item's own checkpoint gives its place (a reassignment carries its migration inside its event).
          const cp = updates.checkpointOf(r.right)!;
          return E.right({ update_id: r.right.update_id, migration_id: cp.migration_id, record_time: cp.record_time, elements: activityOf(r.right) });
        }),
      ),
    checkpointOf: checkpointOfLine,
    checkpointOfLine,
    at: (cp) => `${cp.migration_id}/${cp.record_time}`,
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
    .description("Scan's history as activity (transfers and their fees, rewards minted, taps, traffic, locks, rounds, ANS, licences, votes), one update a line, resumable");
  withScanHistoryOptions(command);
  withConnectionOptions(command, ['scan']);
  withOutputOptions(command, { out: true, resume: true, sink: true });
  const run = planAction(context, ['scan'], scanActivityPlan);
  return command.addHelpText('after', EXAMPLES).action(async (flags: Flags) => run(flags));
};
