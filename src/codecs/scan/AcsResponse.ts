import * as t from 'io-ts';
import { int64, optional, Timestamp, isTimestamp, isInt64, withFastGuard, isJsonObject } from '../common/primitives.js';
import { CreatedEvent } from './CreatedEvent.js';

// The io-ts codec; the export wraps it with its fast guard.
const AcsResponseCodec = t.intersection(
  [
    t.type({
      record_time: Timestamp,
      migration_id: int64,
      created_events: t.array(CreatedEvent),
    }),
    t.partial({
      /** Absent or `null` on the last page. */
      next_page_token: optional(int64),
    }),
  ],
  'AcsResponse',
);
function isAcsResponse(u: unknown): boolean {
  if (!isJsonObject(u)) return false;
  const x = u.next_page_token;
  if (!((x === undefined || x === null || isInt64(x)) && isTimestamp(u.record_time) && isInt64(u.migration_id))) return false;
  const events = u.created_events;
  if (!Array.isArray(events)) return false;
  for (let i = 0; i < events.length; i++) if (!CreatedEvent.is(events[i])) return false;
  return true;
}
/**
 * A page of the older `/v0` `state/acs` and `holdings/state` endpoints: `#`-prefixed event ids, a numeric token (upstream `AcsResponse`, no longer in scan.yaml).
 * @example
 * ```ts
 * import { codecs, decodeWith } from 'canton-rx';
 * // POST /api/scan/v0/holdings/state on a Scan older than /v2
 * decodeWith(codecs.scan.AcsResponse)(await res.json()); // Either<DecodeError, AcsResponse>
 * ```
 * @category Codecs
 * @since 0.1.0
 */
export const AcsResponse = withFastGuard(AcsResponseCodec, isAcsResponse);
export type AcsResponse = t.TypeOf<typeof AcsResponse>;
