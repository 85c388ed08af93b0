import { Option, type Command } from 'commander';
import { parseWholeNumber } from './parseWholeNumber.js';

/**
 * The flags `withSnapshotOptions` adds, as commander parses them.
 * @category CLI
 * @since 0.3.0
 */
export interface SnapshotFlags {
  readonly migrationId?: number;
  readonly recordTime?: string;
  readonly match: 'exact' | 'at_or_before';
  readonly pageSize: number;
}

/**
 * The flags of a read at one Scan snapshot (`scan holdings`, `scan acs`): the migration id, the
 * record time, how it is matched, and the page size.
 * @example
 * ```ts
 * withSnapshotOptions(scan.command('acs'));
 * ```
 * @category CLI
 * @since 0.3.0
 */
export const withSnapshotOptions = (command: Command): Command =>
  command
    .option('--migration-id <id>', 'the snapshot migration id', parseWholeNumber(0))
    .option('--record-time <time>', 'the snapshot record time (ISO-8601 UTC)')
    .addOption(new Option('--match <match>', 'exact: a snapshot taken at --record-time; at_or_before: the last one up to it').choices(['exact', 'at_or_before']).default('exact'))
    .option('--page-size <n>', 'contracts a request', parseWholeNumber(1), 500);
