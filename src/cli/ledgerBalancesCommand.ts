import type { Command } from 'commander';
import { createClient } from '../clientFactory/createClient.js';
import type { LedgerCheckpoint } from '../streams/checkpoints.js';
import type { TokenBalances } from '../streams/ledgerTokenBalances.js';
import { planAction } from './planAction.js';
import type { RecordStreamPlan } from './RecordStreamPlan.js';
import { retryConfig } from './retryConfig.js';
import type { CommandContext } from './types.js';
import { tokenHistoryRequest, withTokenHistoryOptions, type TokenHistoryFlags } from './ledgerTokenHistoryCommand.js';

const EXAMPLES = `
Examples:
  $ export CANTON_RX_LEDGER_URL=https://participant.example.com
  $ canton-rx ledger balances --party alice::1220ab --token-file ~/.canton/token | tail -1
  $ canton-rx ledger balances --party alice::1220ab --begin-exclusive 120000 --out alice-balances.ndjson --follow
  (the token may come from CANTON_RX_TOKEN instead of --token-file; there is no token flag)`;

/**
 * The plan of `canton-rx ledger balances`: `ledger.tokenBalances` for `--party`, the balances per
 * instrument at the start, then after each transaction that changed the party's holdings, one a line.
 * @example
 * ```ts
 * const plan = ledgerBalancesPlan(client, { party: 'alice::1220ab', standardVersion: 'V1', strictIgnore: [], pageSize: 200, pollInterval: 2000 });
 * ```
 * @category CLI
 * @since 0.4.0
 */
export const ledgerBalancesPlan = (client: ReturnType<typeof createClient>, flags: TokenHistoryFlags): RecordStreamPlan<LedgerCheckpoint, TokenBalances> => {
  const { strict: _strict, strictIgnore: _ignore, ...request } = tokenHistoryRequest(flags);
  return {
    command: 'ledger balances',
    stream: 'ledger.updates',
    open: (from, pull, onRetry) => {
      const retry = retryConfig(flags, flags.follow === true, onRetry);
      return client.ledger.tokenBalances(request, { from, pull, ...(retry === undefined ? {} : { retry }), ...(flags.follow === true ? { tail: { intervalMs: flags.pollInterval } } : {}) });
    },
    checkpointOf: (b) => b.checkpoint,
    checkpointOfLine: (line) => {
      const cp = (line as { checkpoint?: { stream?: unknown; offset?: unknown } } | null)?.checkpoint;
      return cp?.stream === 'ledger.updates' && typeof cp.offset === 'number' && Number.isSafeInteger(cp.offset) && cp.offset >= 0 ? { stream: 'ledger.updates', offset: cp.offset } : undefined;
    },
    at: (cp) => `offset ${cp.offset}`,
  };
};

/**
 * Adds `canton-rx ledger balances` to the `ledger` command.
 * @example
 * ```ts
 * ledgerBalancesCommand(program.command('ledger'), context);
 * ```
 * @category CLI
 * @since 0.4.0
 */
export const ledgerBalancesCommand = (ledger: Command, context: CommandContext): Command =>
  withTokenHistoryOptions(ledger.command('balances').description("a party's token balance per instrument (unlocked, locked, total) at the start, then after each transaction that moved its holdings, one a line"))
    .addHelpText('after', EXAMPLES)
    .action(planAction(context, ['ledger'], (client, flags: TokenHistoryFlags) => ledgerBalancesPlan(client, { ...flags, strictIgnore: flags.strictIgnore ?? [] })));
