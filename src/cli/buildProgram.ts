import { Command } from 'commander';
import { demoCommand } from './demoCommand.js';
import { getCommand } from './getCommand.js';
import { ledgerAcsCommand } from './ledgerAcsCommand.js';
import { ledgerUpdatesCommand } from './ledgerUpdatesCommand.js';
import { ledgerTokenHistoryCommand } from './ledgerTokenHistoryCommand.js';
import { ledgerBalancesCommand } from './ledgerBalancesCommand.js';
import { mergeCommand } from './mergeCommand.js';
import { scanAcsCommand } from './scanAcsCommand.js';
import { scanHoldingsCommand } from './scanHoldingsCommand.js';
import { scanUpdatesCommand } from './scanUpdatesCommand.js';
import { scanActivityCommand } from './scanActivityCommand.js';
import { singleShotOperations, type CliOperation } from './singleShotOperations.js';
import { operationsFromIndex } from './operationsFromIndex.js';
import { operationIndex } from '../generated/operationIndex.js';
import { programVersion } from './programVersion.js';
import type { CommandContext } from './types.js';

const OVERVIEW = `
Output: one decoded item a line (NDJSON) on stdout; progress and errors on stderr (JSON lines
when stderr is not a terminal). Exit codes: 0 done (or stopped by Ctrl-C/SIGTERM after the
current item), 1 a failure ended the read (a JSON error line on stderr), 2 bad usage.
Connection: --scan-url/--ledger-url/--validator-url or CANTON_RX_SCAN_URL, CANTON_RX_LEDGER_URL,
CANTON_RX_VALIDATOR_URL; the token from --token-file or CANTON_RX_TOKEN (never a flag).

Examples:
  $ canton-rx demo                                   # a simulated network, and what to try on it
  $ canton-rx scan updates --scan-url https://scan.example.com/api/scan > history.ndjson
  $ canton-rx ledger updates --party alice::1220ab --token-file token --resume alice.json
  $ canton-rx get scan.getDsoPartyId --scan-url https://scan.example.com/api/scan
  $ canton-rx --version
  $ canton-rx scan updates --help                    # every command has its examples`;

/**
 * The `canton-rx` program: its commands, with the process's output streams and the exit code
 * going through `context`. Bad usage throws commander's error (`exitOverride`), which `runCli`
 * turns into exit 2. `operations` is the table `get` runs.
 * @example
 * ```ts
 * const program = buildProgram({ io: processIo(), exit: (code) => (process.exitCode = code) });
 * await program.parseAsync(['scan', 'updates', '--follow'], { from: 'user' });
 * ```
 * @category CLI
 * @since 0.3.0
 */
export const buildProgram = (context: CommandContext, operations: ReadonlyArray<CliOperation> = operationsFromIndex(operationIndex, singleShotOperations)): Command => {
  const program = new Command('canton-rx')
    .description('Read the Canton Ledger JSON API, the Splice validator API and the Splice Scan API from the shell: decoded records, resumable, as NDJSON.')
    .configureOutput({ writeOut: (s) => void context.io.stdout.write(s), writeErr: (s) => void context.io.stderr.write(s) })
    .version(programVersion(), '-V, --version', 'print the version of canton-rx')
    // The program's own options go before the command, so that a command may have a --version of its own.
    .enablePositionalOptions()
    .exitOverride()
    .showHelpAfterError('(add --help for usage and examples)')
    .allowExcessArguments(false)
    .addHelpText('after', OVERVIEW);
  const scan = program
    .command('scan')
    .description('the Scan API: updates (the history), holdings and acs (at a snapshot)')
    .addHelpText('after', '\nExamples:\n  $ canton-rx scan updates --scan-url https://scan.example.com/api/scan\n  $ canton-rx scan holdings --help\n  $ canton-rx scan acs --help');
  scanUpdatesCommand(scan, context);
  scanActivityCommand(scan, context);
  scanHoldingsCommand(scan, context);
  scanAcsCommand(scan, context);
  const ledger = program
    .command('ledger')
    .description('the Ledger JSON API: updates, acs (the active contracts at an offset)')
    .addHelpText('after', '\nExamples:\n  $ canton-rx ledger updates --ledger-url https://participant.example.com --party alice::1220ab --token-file token');
  ledgerUpdatesCommand(ledger, context);
  ledgerAcsCommand(ledger, context);
  ledgerTokenHistoryCommand(ledger, context);
  ledgerBalancesCommand(ledger, context);
  mergeCommand(program, context);
  getCommand(program, context, operations);
  demoCommand(program, context);
  return program;
};
