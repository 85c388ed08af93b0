import type { Command } from 'commander';
import { createClient } from '../clientFactory/createClient.js';
import type { LedgerCheckpoint, LedgerSnapshotCheckpoint } from '../streams/checkpoints.js';
import type { SnapshotContract } from '../streams/LedgerFeedItem.js';
import { collect } from './collect.js';
import type { ConnectionFlags } from './connectionConfig.js';
import { ledgerUpdatesRequest } from './ledgerUpdatesRequest.js';
import { parseWholeNumber } from './parseWholeNumber.js';
import { planAction } from './planAction.js';
import type { RecordStreamPlan } from './RecordStreamPlan.js';
import { retryConfig } from './retryConfig.js';
import type { OutputFlags } from './runRecordStream.js';
import type { CommandContext } from './types.js';
import { withConnectionOptions } from './withConnectionOptions.js';
import { withOutputOptions } from './withOutputOptions.js';

interface Flags extends ConnectionFlags, OutputFlags {
  readonly party: string[];
  readonly anyParty?: boolean;
  readonly templateId: string[];
  readonly at?: number;
  readonly pageSize: number;
}

type AcsCheckpoint = LedgerSnapshotCheckpoint | LedgerCheckpoint;

const EXAMPLES = `
Examples:
  $ canton-rx ledger acs --party alice::1220ab --token-file ~/.canton/token > alice-acs.ndjson
  $ canton-rx ledger acs --party alice::1220ab --at 1200 --out alice-acs.ndjson   # rerun to continue, exactly once
  $ canton-rx ledger acs --any-party --template-id '#splice-amulet:Splice.Amulet:Amulet' --resume acs.checkpoint.json
  (each line is a SnapshotContract: its checkpoint; the last one's is where "canton-rx ledger updates --begin-exclusive" continues)`;

const isCheckpoint = (u: unknown): u is AcsCheckpoint =>
  typeof u === 'object' && u !== null && ((u as AcsCheckpoint).stream === 'ledger.snapshot' || (u as AcsCheckpoint).stream === 'ledger.updates');

/**
 * The plan of `canton-rx ledger acs`: `ledger.activeContracts`, the parties' active contracts at
 * one offset (`--at`, default the ledger end when read), one `SnapshotContract` a line. Each line
 * carries its checkpoint, so `--out` resumes from the file itself, and `--resume` from a
 * checkpoint file; both stay on the same snapshot.
 * @example
 * ```ts
 * const plan = ledgerAcsPlan(client, { party: ['alice::1220ab'], templateId: [], pageSize: 500 });
 * ```
 * @category CLI
 * @since 0.3.0
 */
export const ledgerAcsPlan = (client: ReturnType<typeof createClient>, flags: Flags): RecordStreamPlan<AcsCheckpoint, SnapshotContract> => {
  const eventFormat = ledgerUpdatesRequest({ ...flags, shape: 'acs-delta' }).updateFormat.includeTransactions!.eventFormat;
  const request = { eventFormat, maxPageSize: flags.pageSize, ...(flags.at === undefined ? {} : { activeAtOffset: flags.at }) };
  return {
    command: 'ledger acs',
    stream: 'ledger.snapshot',
    alsoResumes: ['ledger.updates'],
    open: (from, pull, onRetry) => {
      const retry = retryConfig(flags, false, onRetry);
      return client.ledger.activeContracts(request, { from, pull, ...(retry === undefined ? {} : { retry }) });
    },
    checkpointOf: (contract) => contract.checkpoint,
    checkpointOfLine: (line) => {
      const cp = typeof line === 'object' && line !== null ? (line as { checkpoint?: unknown }).checkpoint : undefined;
      return isCheckpoint(cp) ? cp : undefined;
    },
    at: (cp) => (cp.stream === 'ledger.snapshot' ? `offset ${cp.activeAtOffset}, entry ${cp.index}` : `offset ${cp.offset} (done)`),
  };
};

/**
 * Adds `canton-rx ledger acs` to the `ledger` command.
 * @example
 * ```ts
 * ledgerAcsCommand(program.command('ledger'), context);
 * ```
 * @category CLI
 * @since 0.3.0
 */
export const ledgerAcsCommand = (ledger: Command, context: CommandContext): Command => {
  const command = ledger
    .command('acs')
    .description("the parties' active contracts at one offset (POST /v2/state/active-contracts-page), one contract a line")
    .option('--party <id>', 'a party whose contracts to read (repeatable, or comma-separated)', collect, [])
    .option('--any-party', 'every party the token may read as')
    .option('--template-id <id>', 'only contracts of this template, e.g. #splice-amulet:Splice.Amulet:Amulet (repeatable)', collect, [])
    .option('--at <offset>', 'the offset of the snapshot (default: the ledger end when read)', parseWholeNumber(0))
    .option('--page-size <n>', 'contracts a request', parseWholeNumber(1), 500);
  withConnectionOptions(command, ['ledger']);
  withOutputOptions(command, { out: true, resume: true, sink: false });
  return command.addHelpText('after', EXAMPLES).action(planAction(context, ['ledger'], ledgerAcsPlan));
};
