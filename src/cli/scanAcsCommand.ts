import type { Command } from 'commander';
import { createClient } from '../clientFactory/createClient.js';
import type * as T from '../codecs/scan/index.js';
import type { AcsSnapshotCheckpoint } from '../streams/checkpoints.js';
import { checkpointOf } from '../streams/checkpointOf.js';
import { collect } from './collect.js';
import type { ConnectionFlags } from './connectionConfig.js';
import { planAction } from './planAction.js';
import type { RecordStreamPlan } from './RecordStreamPlan.js';
import { retryConfig } from './retryConfig.js';
import type { OutputFlags } from './runRecordStream.js';
import type { CommandContext } from './types.js';
import { withConnectionOptions } from './withConnectionOptions.js';
import { withOutputOptions } from './withOutputOptions.js';
import { snapshotRequest } from './snapshotRequest.js';
import { withSnapshotOptions, type SnapshotFlags } from './withSnapshotOptions.js';

interface Flags extends ConnectionFlags, OutputFlags, SnapshotFlags {
  readonly party: string[];
  readonly template: string[];
}

const EXAMPLES = `
Examples:
  $ canton-rx scan acs --migration-id 4 --record-time 2025-06-01T00:00:00Z --match at_or_before
  $ canton-rx scan acs --migration-id 4 --record-time 2025-06-01T00:00:00Z --match at_or_before --template Splice.Amulet:Amulet --resume acs.checkpoint.json
  (a snapshot time: canton-rx get getDateOfMostRecentSnapshotBefore '{"before":"2025-06-01T00:00:00Z","migration_id":4}')`;

/**
 * The plan of `canton-rx scan acs`: `scan.acsSnapshot`, Scan's active contracts at a snapshot
 * (`POST /v2/state/acs`), optionally only some stakeholders' or templates'. Resumable with
 * `--resume` (its checkpoint names the page token, which the output lines do not hold: no `--out`
 * resume), like `scan holdings`.
 * @example
 * ```ts
 * const plan = scanAcsPlan(client, { party: [], template: [], migrationId: 4, recordTime: '2025-06-01T00:00:00Z', match: 'at_or_before', pageSize: 500 });
 * ```
 * @category CLI
 * @since 0.3.0
 */
export const scanAcsPlan = (client: ReturnType<typeof createClient>, flags: Flags): RecordStreamPlan<AcsSnapshotCheckpoint, T.ActiveContract> => {
  const request: T.AcsRequestV2 = {
    ...snapshotRequest(flags),
    ...(flags.party.length > 0 ? { party_ids: flags.party } : {}),
    ...(flags.template.length > 0 ? { templates: flags.template } : {}),
  };
  return {
    command: 'scan acs',
    stream: 'scan.acsSnapshot',
    open: (from, pull, onRetry) => {
      const retry = retryConfig(flags, false, onRetry);
      return client.scan.acsSnapshot(request, { from, pull, ...(retry === undefined ? {} : { retry }) });
    },
    checkpointOf: (contract) => checkpointOf(contract, 'scan.acsSnapshot'),
    at: (cp) => cp.contract_id,
  };
};

/**
 * Adds `canton-rx scan acs` to the `scan` command.
 * @example
 * ```ts
 * scanAcsCommand(program.command('scan'), context);
 * ```
 * @category CLI
 * @since 0.3.0
 */
export const scanAcsCommand = (scan: Command, context: CommandContext): Command => {
  const command = scan
    .command('acs')
    .description("Scan's active contracts at a snapshot (POST /v2/state/acs), one contract a line")
    .option('--party <party>', 'only contracts with this stakeholder (repeatable, or comma-separated)', collect, [])
    .option('--template <id>', 'only contracts of this template, PACKAGE_NAME:MODULE:ENTITY (repeatable, or comma-separated)', collect, []);
  withSnapshotOptions(command);
  withConnectionOptions(command, ['scan']);
  withOutputOptions(command, { out: false, resume: true, sink: false });
  return command.addHelpText('after', EXAMPLES).action(planAction(context, ['scan'], scanAcsPlan));
};
