import { Option, type Command } from 'commander';
import { collect } from './collect.js';
import { parseWholeNumber } from './parseWholeNumber.js';

/**
 * Adds the ledger filters (`--party`, `--any-party`, `--template-id`, `--shape`, offsets, page size).
 * @example
 * ```ts
 * withLedgerFilterOptions(program.command('updates'));
 * ```
 * @category CLI
 * @since 0.3.0
 */
export const withLedgerFilterOptions = (command: Command): Command =>
  command
    .option('--party <id>', 'a party whose updates to read (repeatable, or comma-separated)', collect, [])
    .option('--any-party', 'every party the token may read as')
    .option('--template-id <id>', 'only events of this template, e.g. #splice-amulet:Splice.Amulet:Amulet (repeatable)', collect, [])
    .addOption(new Option('--shape <shape>', 'transaction shape: created/archived events, or created/exercised events').choices(['acs-delta', 'ledger-effects']).default('acs-delta'))
    .option('--begin-exclusive <offset>', 'start after this offset', parseWholeNumber(0))
    .option('--end-inclusive <offset>', 'end at this offset (default: the ledger end when read)', parseWholeNumber(0))
    .option('--page-size <n>', 'updates a request', parseWholeNumber(1), 200);
