import type { Command } from 'commander';
import { filter } from 'rxjs';
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
  $ canton-rx scan acs --migration-id 4 --record-time 2025-06-01T00:00:00Z --match at_or_before --template Splice.Amulet:Amulet --resume scan-acs.checkpoint.json
  (a snapshot time: canton-rx get getDateOfMostRecentSnapshotBefore '{"before":"2025-06-01T00:00:00Z","migration_id":4}')`;

/** Whether a contract is of one of the templates, each PACKAGE_NAME:MODULE:ENTITY or MODULE:ENTITY (of any package). */
const templateMatcher = (templates: ReadonlyArray<string>) => {
  const wanted = templates.map((t) => {
    const parts = t.split(':');
    return parts.length === 2 ? { entity: `:${parts[0]}:${parts[1]}` } : { pkg: parts[0], entity: `:${parts.slice(1).join(':')}` };
  });
  return (c: T.ActiveContract): boolean => wanted.some((w) => c.template_id.endsWith(w.entity) && (w.pkg === undefined || c.package_name === w.pkg));
};

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
  // Scan filters by PACKAGE_NAME:MODULE:ENTITY only; a MODULE:ENTITY (any package) is matched here.
  const anyPackage = flags.template.some((t) => t.split(':').length === 2);
  const request: T.AcsRequestV2 = {
    ...snapshotRequest(flags),
    ...(flags.party.length > 0 ? { party_ids: flags.party } : {}),
    ...(flags.template.length > 0 && !anyPackage ? { templates: flags.template } : {}),
  };
  const keep = anyPackage ? templateMatcher(flags.template) : () => true;
  return {
    command: 'scan acs',
    stream: 'scan.acsSnapshot',
    open: (from, pull, onRetry) => {
      const retry = retryConfig(flags, false, onRetry);
      const contracts = client.scan.acsSnapshot(request, { from, pull, ...(retry === undefined ? {} : { retry }) });
      return anyPackage ? contracts.pipe(filter((r) => r._tag === 'Left' || keep(r.right))) : contracts;
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
    .option('--template <id>', 'only contracts of this template: PACKAGE_NAME:MODULE:ENTITY, or MODULE:ENTITY of any package (repeatable, or comma-separated)', collect, []);
  withSnapshotOptions(command);
  withConnectionOptions(command, ['scan']);
  withOutputOptions(command, { out: false, resume: true, sink: false });
  return command.addHelpText('after', EXAMPLES).action(planAction(context, ['scan'], scanAcsPlan));
};
