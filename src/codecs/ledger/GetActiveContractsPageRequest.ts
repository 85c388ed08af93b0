import * as t from 'io-ts';
import { int32, int64, optional } from '../common/primitives.js';
import { EventFormat } from './UpdateFormat.js';

/**
 * The body of `POST /v2/state/active-contracts-page`: one page of the active contracts at
 * `activeAtOffset` (absent: the ledger end, which the response then names). A follow-up request
 * repeats `activeAtOffset` and `eventFormat` and sets `pageToken` to the previous page's
 * `nextPageToken`; the token stops working once the participant is pruned past the offset.
 * @example
 * ```ts
 * import { codecs } from 'canton-rx';
 * const first: codecs.ledger.GetActiveContractsPageRequest = { activeAtOffset: 1200, eventFormat: { filtersByParty: { 'alice::1220ab': {} } }, maxPageSize: 500 };
 * const next: codecs.ledger.GetActiveContractsPageRequest = { ...first, pageToken: page.nextPageToken };
 * ```
 * @category Codecs
 * @since 0.2.0
 */
export const GetActiveContractsPageRequest = t.intersection(
  [
    t.type({
      eventFormat: EventFormat,
    }),
    t.partial({
      activeAtOffset: optional(int64),
      maxPageSize: optional(int32),
      pageToken: optional(t.string),
    }),
  ],
  'GetActiveContractsPageRequest',
);
export type GetActiveContractsPageRequest = t.TypeOf<typeof GetActiveContractsPageRequest>;
