import * as t from 'io-ts';
import { Timestamp, isTimestamp, withFastGuard, isJsonObject } from '../common/primitives.js';

// The io-ts codec; the export wraps it with its fast guard.
const AcsSnapshotTimestampResponseCodec = t.type({ record_time: Timestamp }, 'AcsSnapshotTimestampResponse');
function isAcsSnapshotTimestampResponse(u: unknown): boolean {
  return isJsonObject(u) && isTimestamp(u.record_time);
}
/**
 * The record time of an ACS snapshot, from `/v0/state/acs/snapshot-timestamp[-after]` (upstream `AcsSnapshotTimestampResponse`).
 * @example
 * ```ts
 * import { codecs, decodeWith } from 'canton-rx';
 * // GET /api/scan/v0/state/acs/snapshot-timestamp?before=2026-03-19T17:00:00Z&migration_id=4
 * decodeWith(codecs.scan.AcsSnapshotTimestampResponse)(await res.json()); // Right({ record_time: '2026-03-19T15:00:00Z' })
 * ```
 * @category Codecs
 * @since 0.1.0
 */
export const AcsSnapshotTimestampResponse = withFastGuard(AcsSnapshotTimestampResponseCodec, isAcsSnapshotTimestampResponse);
export type AcsSnapshotTimestampResponse = t.TypeOf<typeof AcsSnapshotTimestampResponse>;
