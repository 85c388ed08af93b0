import * as t from 'io-ts';
import { int64, optional, Timestamp } from '../common/primitives.js';
import { CreatedEvent } from './CreatedEvent.js';

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
export const AcsResponse = t.intersection(
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
export type AcsResponse = t.TypeOf<typeof AcsResponse>;
