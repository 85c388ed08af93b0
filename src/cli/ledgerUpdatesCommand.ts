import type { Command } from 'commander';
import * as E from 'fp-ts/lib/Either.js';
import { createClient } from '../clientFactory/createClient.js';
import * as L from '../codecs/ledger/index.js';
import type { LedgerCheckpoint } from '../streams/checkpoints.js';
import { checkpointOf } from '../streams/checkpointOf.js';
import type { ConnectionFlags } from './connectionConfig.js';
import { ledgerUpdatesRequest, type LedgerFilterFlags } from './ledgerUpdatesRequest.js';
import { parseWholeNumber } from './parseWholeNumber.js';
import { planAction } from './planAction.js';
import type { RecordStreamPlan } from './RecordStreamPlan.js';
import { retryConfig } from './retryConfig.js';
import type { OutputFlags } from './runRecordStream.js';
import type { CommandContext } from './types.js';
import { UsageError } from './UsageError.js';
import { withConnectionOptions } from './withConnectionOptions.js';
import { withLedgerFilterOptions } from './withLedgerFilterOptions.js';
import { withOutputOptions } from './withOutputOptions.js';

interface Flags extends ConnectionFlags, OutputFlags, LedgerFilterFlags {
  readonly follow?: boolean;
  readonly pollInterval: number;
}

const EXAMPLES = `
Examples:
  $ export CANTON_RX_LEDGER_URL=https://participant.example.com
  $ canton-rx ledger updates --party alice::1220ab --token-file ~/.canton/token > alice.ndjson
  $ canton-rx ledger updates --party alice::1220ab --template-id '#splice-amulet:Splice.Amulet:Amulet' --shape ledger-effects
  $ canton-rx ledger updates --party alice::1220ab --resume alice.checkpoint.json --follow | your-consumer
  $ canton-rx ledger updates --any-party --out all.ndjson   # rerun to continue, exactly once
  (the token may come from CANTON_RX_TOKEN instead of --token-file; there is no token flag)`;

/**
 * The plan of `canton-rx ledger updates`: `ledger.updates` with the party, template and shape
 * filters, from `--begin-exclusive` or a checkpoint; `--follow` keeps polling.
 * @example
 * ```ts
 * const plan = ledgerUpdatesPlan(client, { party: ['alice::1220ab'], templateId: [], shape: 'acs-delta', pageSize: 200, pollInterval: 2000 });
 * ```
 * @category CLI
 * @since 0.3.0
 */
export const ledgerUpdatesPlan = (client: ReturnType<typeof createClient>, flags: Flags): RecordStreamPlan<LedgerCheckpoint, L.Update> => {
  if (flags.follow === true && flags.endInclusive !== undefined) throw new UsageError('--follow reads past any end: drop --end-inclusive');
  const request = ledgerUpdatesRequest(flags);
  return {
    command: 'ledger updates',
    stream: 'ledger.updates',
    open: (from, pull, onRetry) => {
      const retry = retryConfig(flags, flags.follow === true, onRetry);
      return client.ledger.updates(request, { from, pull, ...(retry === undefined ? {} : { retry }), ...(flags.follow === true ? { tail: { intervalMs: flags.pollInterval } } : {}) });
    },
    checkpointOf: (update) => checkpointOf(update),
    checkpointOfLine: (line) => {
      const decoded = L.Update.decode(line);
      return E.isRight(decoded) ? checkpointOf(decoded.right) : undefined;
    },
    at: (cp) => `offset ${cp.offset}`,
  };
};

/**
 * Adds `canton-rx ledger updates` to the `ledger` command.
 * @example
 * ```ts
 * ledgerUpdatesCommand(program.command('ledger'), context);
 * ```
 * @category CLI
 * @since 0.3.0
 */
export const ledgerUpdatesCommand = (ledger: Command, context: CommandContext): Command => {
  const command = withLedgerFilterOptions(
    ledger.command('updates').description("a party's (or every party's) ledger updates, one a line, up to the ledger end; --follow keeps tailing"),
  )
    .option('-f, --follow', 'keep polling after catching up (stop with Ctrl-C)')
    .option('--poll-interval <ms>', 'the wait between polls when following', parseWholeNumber(0), 2000);
  withConnectionOptions(command, ['ledger']);
  withOutputOptions(command, { out: true, resume: true, sink: true });
  return command.addHelpText('after', EXAMPLES).action(planAction(context, ['ledger'], ledgerUpdatesPlan));
};
