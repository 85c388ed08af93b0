import * as t from 'io-ts';
import { int32, int64, optional, Timestamp } from '../common/primitives.js';

/**
 * The body of `POST /v2/state/acs` (upstream `AcsRequestV2`): one page of Scan's ACS snapshot at
 * `record_time` (with `exact`, the default, a time given by `/v0/state/acs/snapshot-timestamp`),
 * optionally only the contracts of `party_ids` (stakeholders) or of `templates`
 * (`PACKAGE_NAME:MODULE:ENTITY`).
 * @example
 * ```ts
 * import { codecs } from 'canton-rx';
 * const body: codecs.scan.AcsRequestV2 = { migration_id: 4, record_time: '2026-03-19T15:00:00Z', page_size: 500 };
 * const next: codecs.scan.AcsRequestV2 = { ...body, after: page.next_page_token };
 * ```
 * @category Codecs
 * @since 0.2.0
 */
export const AcsRequestV2 = t.intersection(
  [
    t.type({
      migration_id: int64,
      record_time: Timestamp,
      page_size: int32,
    }),
    t.partial({
      record_time_match: optional(t.keyof({ exact: null, at_or_before: null }, '"exact" | "at_or_before"')),
      /** The opaque `next_page_token` of the previous page. */
      after: optional(t.string),
      party_ids: optional(t.array(t.string)),
      templates: optional(t.array(t.string)),
    }),
  ],
  'AcsRequestV2',
);
export type AcsRequestV2 = t.TypeOf<typeof AcsRequestV2>;
