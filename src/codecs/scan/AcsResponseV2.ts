import * as t from 'io-ts';
import { int64, optional, Timestamp, isTimestamp, isInt64, withFastGuard, isJsonObject } from '../common/primitives.js';
import { ActiveContract } from './ActiveContract.js';

// The io-ts codec; the export wraps it with its fast guard.
const AcsResponseV2Codec = t.intersection(
  [
    t.type({
      /** The snapshot time actually used. */
      record_time: Timestamp,
      migration_id: int64,
      created_events: t.array(ActiveContract),
    }),
    t.partial({
      /** Opaque; absent on the last page. */
      next_page_token: optional(t.string),
    }),
  ],
  'AcsResponseV2',
);
function isAcsResponseV2(u: unknown): boolean {
  if (!isJsonObject(u)) return false;
  const x = u.next_page_token;
  if (!((x === undefined || x === null || typeof x === 'string') && isTimestamp(u.record_time) && isInt64(u.migration_id))) return false;
  const events = u.created_events;
  if (!Array.isArray(events)) return false;
  for (let i = 0; i < events.length; i++) if (!ActiveContract.is(events[i])) return false;
  return true;
}
/**
 * A page of `POST /v2/holdings/state` and `POST /v2/state/acs` (upstream `AcsResponseV2`).
 * @example
 * ```ts
 * import { codecs, decodeWith } from 'canton-rx';
 * // POST /api/scan/v2/holdings/state or /api/scan/v2/state/acs
 * decodeWith(codecs.scan.AcsResponseV2)(await res.json()); // Either<DecodeError, AcsResponseV2>
 * ```
 * @category Codecs
 * @since 0.1.0
 */
export const AcsResponseV2 = withFastGuard(AcsResponseV2Codec, isAcsResponseV2);
export type AcsResponseV2 = t.TypeOf<typeof AcsResponseV2>;
