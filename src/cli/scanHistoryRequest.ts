import type { UpdateHistoryRequestV2 } from '../codecs/scan/UpdateHistoryRequestV2.js';
import { Timestamp } from '../codecs/common/primitives.js';
import type { ScanHistoryFlags } from './withScanHistoryOptions.js';
import { UsageError } from './UsageError.js';

/**
 * The request of a command that reads Scan's update history (`scan updates`, `scan activity`)
 * from its flags: `--page-size`, and the start `--after-migration-id` with `--after-record-time`,
 * checked together (a `UsageError` says what is wrong).
 * @example
 * ```ts
 * const request = scanHistoryRequest({ pageSize: 500, pollInterval: 2000, afterMigrationId: 4, afterRecordTime: '2025-06-01T00:00:00Z' });
 * ```
 * @category CLI
 * @since 0.5.0
 */
export const scanHistoryRequest = (flags: ScanHistoryFlags): UpdateHistoryRequestV2 => {
  if ((flags.afterMigrationId === undefined) !== (flags.afterRecordTime === undefined)) throw new UsageError('give --after-migration-id and --after-record-time together');
  if (flags.afterRecordTime !== undefined && !Timestamp.is(flags.afterRecordTime)) throw new UsageError(`--after-record-time must be an ISO-8601 UTC instant (2025-06-01T00:00:00Z), got ${JSON.stringify(flags.afterRecordTime)}`);
  return { page_size: flags.pageSize, ...(flags.afterMigrationId === undefined ? {} : { after: { after_migration_id: flags.afterMigrationId, after_record_time: flags.afterRecordTime! } }) };
};
