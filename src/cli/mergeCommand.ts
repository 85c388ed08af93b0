import type { Command } from 'commander';
import { createClient } from '../clientFactory/createClient.js';
import type { Checkpoint } from '../streams/checkpoints.js';
import { mergeFeeds, type MergedUpdate } from '../operators/mergeFeeds.js';
import type { ConnectionFlags } from './connectionConfig.js';
import { ledgerUpdatesRequest, type LedgerFilterFlags } from './ledgerUpdatesRequest.js';
import { parseWholeNumber } from './parseWholeNumber.js';
import { planAction } from './planAction.js';
import type { RecordStreamPlan } from './RecordStreamPlan.js';
import { retryConfig } from './retryConfig.js';
import type { OutputFlags } from './runRecordStream.js';
import type { CommandContext } from './types.js';
import { withConnectionOptions } from './withConnectionOptions.js';
import { withLedgerFilterOptions } from './withLedgerFilterOptions.js';
import { withOutputOptions } from './withOutputOptions.js';

interface Flags extends ConnectionFlags, OutputFlags, LedgerFilterFlags {
  readonly follow?: boolean;
  readonly pollInterval: number;
  readonly scanPageSize: number;
  readonly lateness: number;
}

const EXAMPLES = `
Examples:
  $ canton-rx merge --scan-url https://scan.example.com/api/scan --ledger-url https://participant.example.com --party alice::1220ab
  $ canton-rx merge --party alice::1220ab --follow --lateness 30000 | jq 'select(.source == "both")'
  (each line: {updateId, recordTime, source: "ledger" | "scan" | "both", ledger?, scan?})`;

/**
 * The plan of `canton-rx merge`: the party's ledger updates and the Scan history merged by
 * `mergeFeeds` into one feed in Scan's order, joined by update id. The merged feed has no single
 * checkpoint, so it does not resume (no `--out`, `--resume` or `--sink`), and `mergeFeeds` reads
 * its feeds pushed, not pulled: its memory is bounded by `--lateness`, not by the reader of stdout.
 * @example
 * ```ts
 * const plan = mergePlan(client, { party: ['alice::1220ab'], templateId: [], shape: 'acs-delta', pageSize: 200, scanPageSize: 500, pollInterval: 2000, lateness: 30000 });
 * ```
 * @category CLI
 * @since 0.3.0
 */
export const mergePlan = (client: ReturnType<typeof createClient>, flags: Flags): RecordStreamPlan<Checkpoint, MergedUpdate> => {
  const request = ledgerUpdatesRequest(flags);
  const follow = flags.follow === true;
  return {
    command: 'merge',
    open: (_from, _pull, onRetry) => {
      const retry = retryConfig(flags, follow, onRetry);
      const common = { ...(retry === undefined ? {} : { retry }), ...(follow ? { tail: { intervalMs: flags.pollInterval }, heartbeats: true as const } : {}) };
      return mergeFeeds(client.ledger.updates(request, common), client.scan.updates({ page_size: flags.scanPageSize }, common), { latenessMs: flags.lateness });
    },
    checkpointOf: () => undefined,
    at: () => '',
  };
};

/**
 * Adds `canton-rx merge`.
 * @example
 * ```ts
 * mergeCommand(program, context);
 * ```
 * @category CLI
 * @since 0.3.0
 */
export const mergeCommand = (program: Command, context: CommandContext): Command => {
  const command = withLedgerFilterOptions(
    program.command('merge').description('the ledger updates and the Scan history merged into one feed in record-time order, joined by update id'),
  )
    .option('--scan-page-size <n>', 'Scan items a request', parseWholeNumber(1), 500)
    .option('--lateness <ms>', 'how long a feed may lag behind the other before its items count as late', parseWholeNumber(0), 30_000)
    .option('-f, --follow', 'keep tailing both feeds (stop with Ctrl-C)')
    .option('--poll-interval <ms>', 'the wait between polls when following', parseWholeNumber(0), 2000);
  withConnectionOptions(command, ['scan', 'ledger']);
  withOutputOptions(command, { out: false, resume: false, sink: false });
  return command.addHelpText('after', EXAMPLES).action(planAction(context, ['scan', 'ledger'], mergePlan));
};
