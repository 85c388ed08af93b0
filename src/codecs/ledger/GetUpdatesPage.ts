import * as t from 'io-ts';
import { int32, int64, optional, isInt64, withFastGuard, isJsonObject } from '../common/primitives.js';
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

// The io-ts codec; the export wraps it with its fast guard.
const JsGetUpdatesPageResponseCodec = t.intersection(
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
function isJsGetUpdatesPageResponse(u: unknown): boolean {
  if (!isJsonObject(u)) return false;
  let x = u.nextPageToken;
  if (!(x === undefined || x === null || typeof x === 'string')) return false;
  if (!(isInt64(u.lowestPageOffsetExclusive) && isInt64(u.highestPageOffsetInclusive))) return false;
  x = u.updates;
  if (x === undefined || x === null) return true;
  if (!Array.isArray(x)) return false;
  for (let i = 0; i < x.length; i++) if (!JsGetUpdateResponse.is(x[i])) return false;
  return true;
}
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
export const JsGetUpdatesPageResponse = withFastGuard(JsGetUpdatesPageResponseCodec, isJsGetUpdatesPageResponse);
export type JsGetUpdatesPageResponse = t.TypeOf<typeof JsGetUpdatesPageResponse>;
