import * as t from 'io-ts';
import { int32, int64, nonEmptyArray, optional, Timestamp } from '../common/primitives.js';

/**
 * The body of `POST /v2/holdings/state` (upstream `HoldingsStateRequestV2`).
 * @example
 * ```ts
 * import { codecs } from 'canton-rx';
 * const body: codecs.scan.HoldingsStateRequestV2 = {
 *   migration_id: 4,
 *   record_time: '2026-03-19T15:00:00Z',
 *   record_time_match: 'at_or_before',
 *   page_size: 100,
 *   owner_party_ids: ['alice::1220ab'],
 * };
 * ```
 * @category Codecs
 * @since 0.1.0
 */
export const HoldingsStateRequestV2 = t.intersection(
  [
    t.type({
      migration_id: int64,
      /** With `exact` (the default), a time given by `/v0/state/acs/snapshot-timestamp`. */
      record_time: Timestamp,
      page_size: int32,
      /** 1 to 1000 party ids (the server enforces the maximum). */
      owner_party_ids: nonEmptyArray(t.string),
    }),
    t.partial({
      record_time_match: optional(t.keyof({ exact: null, at_or_before: null }, '"exact" | "at_or_before"')),
      /** The opaque `next_page_token` of the previous page. */
      after: optional(t.string),
    }),
  ],
  'HoldingsStateRequestV2',
);
export type HoldingsStateRequestV2 = t.TypeOf<typeof HoldingsStateRequestV2>;
