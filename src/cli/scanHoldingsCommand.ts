import type { Command } from 'commander';
import { createClient } from '../clientFactory/createClient.js';
import type * as T from '../codecs/scan/index.js';
import type { HoldingsCheckpoint } from '../streams/checkpoints.js';
import { checkpointOf } from '../streams/checkpointOf.js';
import { collect } from './collect.js';
import type { ConnectionFlags } from './connectionConfig.js';
import { planAction } from './planAction.js';
import type { RecordStreamPlan } from './RecordStreamPlan.js';
import { retryConfig } from './retryConfig.js';
import type { OutputFlags } from './runRecordStream.js';
import type { CommandContext } from './types.js';
import { UsageError } from './UsageError.js';
import { withConnectionOptions } from './withConnectionOptions.js';
import { withOutputOptions } from './withOutputOptions.js';
import { snapshotRequest } from './snapshotRequest.js';
import { withSnapshotOptions, type SnapshotFlags } from './withSnapshotOptions.js';

interface Flags extends ConnectionFlags, OutputFlags, SnapshotFlags {
  readonly owner: string[];
}

const EXAMPLES = `
Examples:
  $ canton-rx scan holdings --owner alice::1220ab --migration-id 4 --record-time 2025-06-01T00:00:00Z --match at_or_before
  $ canton-rx scan holdings --owner alice::1220ab,bob::1220cd --migration-id 4 --record-time 2025-06-01T00:00:00Z --match at_or_before --resume holdings.checkpoint.json
  (a snapshot time: canton-rx get getDateOfFirstSnapshotAfter '{"after":"2025-06-01T00:00:00Z","migration_id":4}')`;

/**
 * The plan of `canton-rx scan holdings`: `scan.holdings`, the owners' active holdings at a
 * snapshot, through `next_page_token`. Resumable with `--resume` (its checkpoint names the page
 * token, which the output lines do not hold: no `--out` resume).
 * @example
 * ```ts
 * const plan = scanHoldingsPlan(client, { owner: ['alice::1220ab'], migrationId: 4, recordTime: '2025-06-01T00:00:00Z', match: 'exact', pageSize: 100 });
 * ```
 * @category CLI
 * @since 0.3.0
 */
export const scanHoldingsPlan = (client: ReturnType<typeof createClient>, flags: Flags): RecordStreamPlan<HoldingsCheckpoint, T.ActiveContract> => {
  if (flags.owner.length === 0) throw new UsageError('give at least one --owner <party>');
  const request: T.HoldingsStateRequestV2 = {
    ...snapshotRequest(flags),
    owner_party_ids: flags.owner as unknown as T.HoldingsStateRequestV2['owner_party_ids'],
  };
  return {
    command: 'scan holdings',
    stream: 'scan.holdings',
    open: (from, pull, onRetry) => {
      const retry = retryConfig(flags, false, onRetry);
      return client.scan.holdings(request, { from, pull, ...(retry === undefined ? {} : { retry }) });
    },
    checkpointOf: (contract) => checkpointOf(contract),
    at: (cp) => cp.contract_id,
  };
};

/**
 * Adds `canton-rx scan holdings` to the `scan` command.
 * @example
 * ```ts
 * scanHoldingsCommand(program.command('scan'), context);
 * ```
 * @category CLI
 * @since 0.3.0
 */
export const scanHoldingsCommand = (scan: Command, context: CommandContext): Command => {
  const command = scan
    .command('holdings')
    .description("the owners' active holdings at a snapshot (POST /v2/holdings/state), one contract a line")
    .option('--owner <party>', 'an owner party id (repeatable, or comma-separated)', collect, []);
  withSnapshotOptions(command);
  withConnectionOptions(command, ['scan']);
  withOutputOptions(command, { out: false, resume: true, sink: false });
  return command.addHelpText('after', EXAMPLES).action(planAction(context, ['scan'], scanHoldingsPlan));
};
