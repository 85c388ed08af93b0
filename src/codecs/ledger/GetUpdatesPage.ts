import * as t from 'io-ts';
import { int32, int64, optional } from '../common/primitives.js';
import { JsGetUpdateResponse } from './Update.js';
import { UpdateFormat } from './UpdateFormat.js';

/**
 * The body of `POST /v2/updates/get-updates-page` (Canton 3.5.1+). A follow-up request repeats
 * everything but `pageToken`, which takes the previous page's `nextPageToken`.
 * @example
 * ```ts
 * import { codecs } from 'canton-rx';
 * const first: codecs.ledger.GetUpdatesPageRequest = { updateFormat: { includeTransactions: transactions }, beginOffsetExclusive: 0, maxPageSize: 100 };
 * const next: codecs.ledger.GetUpdatesPageRequest = { ...first, pageToken: page.nextPageToken };
 * ```
 * @category Codecs
 * @since 0.1.0
 */
export const GetUpdatesPageRequest = t.intersection(
  [
    t.type({
      updateFormat: UpdateFormat,
    }),
    t.partial({
      beginOffsetExclusive: optional(int64),
      endOffsetInclusive: optional(int64),
      maxPageSize: optional(int32),
      descendingOrder: optional(t.boolean),
      pageToken: optional(t.string),
    }),
  ],
  'GetUpdatesPageRequest',
);
export type GetUpdatesPageRequest = t.TypeOf<typeof GetUpdatesPageRequest>;

/**
 * One page of updates; no `nextPageToken` means the last page.
 * @example
 * ```ts
 * import { codecs, decodeWith } from 'canton-rx';
 * // POST /v2/updates/get-updates-page
 * decodeWith(codecs.ledger.JsGetUpdatesPageResponse)(await res.json()); // Either<DecodeError, JsGetUpdatesPageResponse>
 * ```
 * @category Codecs
 * @since 0.1.0
 */
export const JsGetUpdatesPageResponse = t.intersection(
  [
    t.type({
      lowestPageOffsetExclusive: int64,
      highestPageOffsetInclusive: int64,
    }),
    t.partial({
      updates: optional(t.array(JsGetUpdateResponse)),
      nextPageToken: optional(t.string),
    }),
  ],
  'JsGetUpdatesPageResponse',
);
export type JsGetUpdatesPageResponse = t.TypeOf<typeof JsGetUpdatesPageResponse>;
