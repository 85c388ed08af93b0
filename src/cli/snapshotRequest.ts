import { UsageError } from './UsageError.js';
import { Timestamp } from '../codecs/common/primitives.js';
import type { SnapshotFlags } from './withSnapshotOptions.js';

/**
 * The snapshot fields of a `scan holdings` or `scan acs` request from their flags; a missing
 * migration id or record time is bad usage.
 * @example
 * ```ts
 * snapshotRequest({ migrationId: 4, recordTime: '2025-06-01T00:00:00Z', match: 'exact', pageSize: 500 });
 * // { migration_id: 4, record_time: '2025-06-01T00:00:00Z', record_time_match: 'exact', page_size: 500 }
 * ```
 * @category CLI
 * @since 0.3.0
 */
export const snapshotRequest = (flags: SnapshotFlags) => {
  if (flags.migrationId === undefined || flags.recordTime === undefined) throw new UsageError('give the snapshot: --migration-id <id> and --record-time <time>');
  if (!Timestamp.is(flags.recordTime)) throw new UsageError(`--record-time must be an ISO-8601 UTC instant (2025-06-01T00:00:00Z), got ${JSON.stringify(flags.recordTime)}`);
  return { migration_id: flags.migrationId, record_time: flags.recordTime, record_time_match: flags.match, page_size: flags.pageSize };
};
