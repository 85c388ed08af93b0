import type { Command } from 'commander';
import { createClient } from '../clientFactory/createClient.js';
import type { LedgerCheckpoint } from '../streams/checkpoints.js';
import type { TokenStandardHistoryRequest } from '../streams/ledgerTokenStandardHistory.js';
import type { TokenStandardTransaction } from '../tokenStandard/TokenStandardTransaction.js';
import type { ConnectionFlags } from './connectionConfig.js';
import { collect } from './collect.js';
import { parseWholeNumber } from './parseWholeNumber.js';
import { planAction } from './planAction.js';
import type { RecordStreamPlan } from './RecordStreamPlan.js';
import { retryConfig } from './retryConfig.js';
import type { OutputFlags } from './runRecordStream.js';
import type { CommandContext } from './types.js';
import { UsageError } from './UsageError.js';
import { withConnectionOptions } from './withConnectionOptions.js';
import { withOutputOptions } from './withOutputOptions.js';

/** The flags of `ledger token-history` and `ledger balances`. @internal */
export interface TokenHistoryFlags extends ConnectionFlags, OutputFlags {
  readonly party?: string;
  readonly standardVersion: string;
  readonly strict?: boolean;
  readonly strictIgnore: string[];
  readonly beginExclusive?: number;
  readonly endInclusive?: number;
  readonly pageSize: number;
  readonly follow?: boolean;
  readonly pollInterval: number;
}

const EXAMPLES = `
Examples:
  $ export CANTON_RX_LEDGER_URL=https://participant.example.com
  $ canton-rx ledger token-history --party alice::1220ab --token-file ~/.canton/token > alice-tokens.ndjson
  $ canton-rx ledger token-history --party alice::1220ab --standard-version V2
  $ canton-rx ledger token-history --party alice::1220ab --out alice-tokens.ndjson --follow   # rerun to continue, exactly once
  (the token may come from CANTON_RX_TOKEN instead of --token-file; there is no token flag)`;

/** The request both token commands read with, from their flags. @internal */
export const tokenHistoryRequest = (flags: TokenHistoryFlags): TokenStandardHistoryRequest => {
  if (flags.party === undefined || flags.party === '') throw new UsageError('--party is required: whose tokens to read');
  if (flags.standardVersion !== 'V1' && flags.standardVersion !== 'V2') throw new UsageError(`--standard-version is V1 or V2, not ${flags.standardVersion}`);
  if (flags.follow === true && flags.endInclusive !== undefined) throw new UsageError('--follow reads past any end: drop --end-inclusive');
  return {
    party: flags.party,
    standardVersion: flags.standardVersion,
    maxPageSize: flags.pageSize,
    ...(flags.strict === true ? { strict: true } : {}),
    ...(flags.strictIgnore.length > 0 ? { strictIgnore: flags.strictIgnore } : {}),
    ...(flags.beginExclusive === undefined ? {} : { beginOffsetExclusive: flags.beginExclusive }),
    ...(flags.endInclusive === undefined ? {} : { endOffsetInclusive: flags.endInclusive }),
  };
};

/** The options of the token commands shared with the other record commands' flags. @internal */
export const withTokenHistoryOptions = (command: Command): Command => {
  command
    .option('--party <id>', 'the party whose tokens to read')
    .option('--standard-version <V1|V2>', "the token standard's version to read by (as the Splice CLI's --standard-version)", 'V1')
    .option('--begin-exclusive <offset>', 'start after this offset', parseWholeNumber(0))
    .option('--end-inclusive <offset>', 'end at this offset (default: the ledger end when read)', parseWholeNumber(0))
    .option('--page-size <n>', 'updates a request', parseWholeNumber(1), 200)
    .option('-f, --follow', 'keep polling after catching up (stop with Ctrl-C)')
    .option('--poll-interval <ms>', 'the wait between polls when following', parseWholeNumber(0), 2000);
  withConnectionOptions(command, ['ledger']);
  withOutputOptions(command, { out: true, resume: true, sink: true });
  return command;
};

/**
 * The plan of `canton-rx ledger token-history`: `ledger.tokenStandardHistory` for `--party`, one
 * transaction a line as the Splice token-standard CLI's parser writes it; `--follow` keeps polling.
 * @example
 * ```ts
 * const plan = ledgerTokenHistoryPlan(client, { party: 'alice::1220ab', standardVersion: 'V1', strictIgnore: [], pageSize: 200, pollInterval: 2000 });
 * ```
 * @category CLI
 * @since 0.4.0
 */
export const ledgerTokenHistoryPlan = (client: ReturnType<typeof createClient>, flags: TokenHistoryFlags): RecordStreamPlan<LedgerCheckpoint, TokenStandardTransaction> => {
  const request = tokenHistoryRequest(flags);
  return {
    command: 'ledger token-history',
    stream: 'ledger.updates',
    open: (from, pull, onRetry) => {
      const retry = retryConfig(flags, flags.follow === true, onRetry);
      return client.ledger.tokenStandardHistory(request, { from, pull, ...(retry === undefined ? {} : { retry }), ...(flags.follow === true ? { tail: { intervalMs: flags.pollInterval } } : {}) });
    },
    checkpointOf: (tx) => ({ stream: 'ledger.updates', offset: tx.offset }),
    checkpointOfLine: (line) => {
      const offset = (line as { offset?: unknown } | null)?.offset;
      return typeof offset === 'number' && Number.isSafeInteger(offset) && offset >= 0 ? { stream: 'ledger.updates', offset } : undefined;
    },
    at: (cp) => `offset ${cp.offset}`,
  };
};

/**
 * Adds `canton-rx ledger token-history` to the `ledger` command.
 * @example
 * ```ts
 * ledgerTokenHistoryCommand(program.command('ledger'), context);
 * ```
 * @category CLI
 * @since 0.4.0
 */
export const ledgerTokenHistoryCommand = (ledger: Command, context: CommandContext): Command => {
  const command = withTokenHistoryOptions(ledger.command('token-history').description("a party's token-standard transactions (transfers in and out, mints, burns, locks), one a line, as the Splice parser reads them"))
    .option('--strict', 'a holding created or archived that no token-standard event explains is an error (as the Splice CLI\'s --strict)')
    .option('--strict-ignore <template>', 'a template name --strict lets through (repeatable)', collect, []);
  return command.addHelpText('after', EXAMPLES).action(planAction(context, ['ledger'], ledgerTokenHistoryPlan));
};
