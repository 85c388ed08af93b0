import * as t from 'io-ts';
import { withFastGuard, isJsonObject, isTimestamp, Timestamp } from '../common/primitives.js';

// The io-ts codec; the export wraps it with its fast guard.
const EventLatestRecordTimeResponseCodec = t.type({ record_time: Timestamp }, 'EventLatestRecordTimeResponse');
function isEventLatestRecordTimeResponse(u: unknown): boolean {
  return isJsonObject(u) && isTimestamp(u.record_time);
}
/**
 * The record time of Scan's latest event (upstream `EventLatestRecordTimeResponse`). Written by
 * hand, the same shape as the generated one, so that `scan.updates` (which asks for it to measure
 * how far behind it reads) does not bring every generated Scan codec into a browser app's first
 * chunk (docs/browser.md, "Size").
 * @example
 * ```ts
 * import { codecs, decodeWith } from 'canton-rx';
 * // GET /api/scan/v0/events/latest-record-time
 * decodeWith(codecs.scan.EventLatestRecordTimeResponse)(await res.json()); // Right({ record_time: '2026-03-19T15:00:00Z' })
 * ```
 * @category Codecs
 * @since 0.2.0
 */
export const EventLatestRecordTimeResponse = withFastGuard(EventLatestRecordTimeResponseCodec, isEventLatestRecordTimeResponse);
export type EventLatestRecordTimeResponse = t.TypeOf<typeof EventLatestRecordTimeResponse>;
