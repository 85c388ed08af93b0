import * as t from 'io-ts';
import { int64, optional, Timestamp } from '../common/primitives.js';
import { ActiveContract } from './ActiveContract.js';

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
export const AcsResponseV2 = t.intersection(
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
export type AcsResponseV2 = t.TypeOf<typeof AcsResponseV2>;
