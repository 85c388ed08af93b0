import * as t from 'io-ts';
import { int64, optional } from '../common/primitives.js';
import { Filters, UpdateFormat } from './UpdateFormat.js';

/**
 * The legacy filter of the update and active-contract streams: filters per party, and for any
 * party. Kept for the deprecated `/v2/updates/trees` channel, which refuses an `updateFormat`.
 * @example
 * ```ts
 * import { codecs } from 'canton-rx';
 * const filter: codecs.ledger.TransactionFilter = { filtersByParty: { [alice]: {} } };
 * ```
 * @category Codecs
 * @since 0.2.0
 */
export const TransactionFilter = t.partial(
  {
    filtersByParty: optional(t.record(t.string, Filters)),
    filtersForAnyParty: optional(Filters),
  },
  'TransactionFilter',
);
export type TransactionFilter = t.TypeOf<typeof TransactionFilter>;

/**
 * The one message a client sends on the `/v2/updates` WebSocket channels (and the body of the
 * HTTP `POST /v2/updates`). Without `endInclusive` the stream does not end.
 * @example
 * ```ts
 * import { codecs } from 'canton-rx';
 * const request: codecs.ledger.GetUpdatesRequest = { beginExclusive: 0, updateFormat: { includeTransactions: transactions } };
 * ```
 * @category Codecs
 * @since 0.2.0
 */
export const GetUpdatesRequest = t.intersection(
  [
    t.type({
      beginExclusive: int64,
    }),
    t.partial({
      endInclusive: optional(int64),
      filter: optional(TransactionFilter),
      verbose: optional(t.boolean),
      updateFormat: optional(UpdateFormat),
      descendingOrder: optional(t.boolean),
    }),
  ],
  'GetUpdatesRequest',
);
export type GetUpdatesRequest = t.TypeOf<typeof GetUpdatesRequest>;
