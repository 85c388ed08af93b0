import type { Command } from 'commander';
import { parseWholeNumber } from './parseWholeNumber.js';

/** The flags `withScanHistoryOptions` adds: how a Scan history command reads and where it starts. */
export interface ScanHistoryFlags {
  readonly follow?: boolean;
  readonly pollInterval: number;
  readonly pageSize: number;
  readonly afterMigrationId?: number;
  readonly afterRecordTime?: string;
}

/**
 * Adds the options of the commands that read Scan's update history (`scan updates`,
 * `scan activity`): `--follow` with its `--poll-interval`, `--page-size`, and the start
 * `--after-migration-id` with `--after-record-time` (checked together by `scanUpdatesPlan`).
 * @example
 * ```ts
 * withScanHistoryOptions(program.command('scan').command('updates'));
 * ```
 * @category CLI
 * @since 0.1.0
 */
export const withScanHistoryOptions = (command: Command): Command =>
  command
    .option('-f, --follow', 'keep polling the head after catching up (stop with Ctrl-C)')
    .option('--poll-interval <ms>', 'the wait between polls when following', parseWholeNumber(0), 2000)
    .option('--page-size <n>', 'items a request (Scan allows at most 1000 by default)', parseWholeNumber(1), 500)
    .option('--after-migration-id <id>', 'start strictly after this (migration id, record time)', parseWholeNumber(0))
    .option('--after-record-time <time>', 'with --after-migration-id: an ISO-8601 UTC instant');
