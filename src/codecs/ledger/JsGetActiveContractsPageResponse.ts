import * as t from 'io-ts';
import { int64, optional, isInt64, withFastGuard, isJsonObject } from '../common/primitives.js';
import { JsGetActiveContractsResponse } from './JsGetActiveContractsResponse.js';

// The io-ts codec; the export wraps it with its fast guard.
const JsGetActiveContractsPageResponseCodec = t.intersection(
  [
    t.type({
      activeAtOffset: int64,
      activeContracts: t.array(JsGetActiveContractsResponse),
    }),
    t.partial({
      nextPageToken: optional(t.string),
    }),
  ],
  'JsGetActiveContractsPageResponse',
);
function isJsGetActiveContractsPageResponse(u: unknown): boolean {
  if (!isJsonObject(u)) return false;
  const x = u.nextPageToken;
  if (!((x === undefined || x === null || typeof x === 'string') && isInt64(u.activeAtOffset))) return false;
  const items = u.activeContracts;
  if (!Array.isArray(items)) return false;
  for (let i = 0; i < items.length; i++) if (!JsGetActiveContractsResponse.is(items[i])) return false;
  return true;
}
/**
 * One page of the active contracts at `activeAtOffset` (`POST /v2/state/active-contracts-page`);
 * no `nextPageToken` means the last page. Stream updates from `activeAtOffset` on afterwards.
 * @example
 * ```ts
 * import { codecs, decodeWith } from 'canton-rx';
 * decodeWith(codecs.ledger.JsGetActiveContractsPageResponse)(await res.json()); // Either<DecodeError, JsGetActiveContractsPageResponse>
 * ```
 * @category Codecs
 * @since 0.2.0
 */
export const JsGetActiveContractsPageResponse = withFastGuard(JsGetActiveContractsPageResponseCodec, isJsGetActiveContractsPageResponse);
export type JsGetActiveContractsPageResponse = t.TypeOf<typeof JsGetActiveContractsPageResponse>;
