import * as t from 'io-ts';
import { int64, optional } from '../common/primitives.js';
import { JsGetActiveContractsResponse } from './JsGetActiveContractsResponse.js';

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
export const JsGetActiveContractsPageResponse = t.intersection(
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
export type JsGetActiveContractsPageResponse = t.TypeOf<typeof JsGetActiveContractsPageResponse>;
