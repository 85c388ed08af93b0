import * as t from 'io-ts';
import { int64, optional } from '../common/primitives.js';
import { TransactionFilter } from './GetUpdatesRequest.js';
import { EventFormat } from './UpdateFormat.js';

/**
 * The message of the `/v2/state/active-contracts` WebSocket channel: the active contracts at
 * `activeAtOffset` (0: the empty set), as `eventFormat` selects them, from the start or after
 * the element a `streamContinuationToken` was read from.
 * @example
 * ```ts
 * import { codecs } from 'canton-rx';
 * const request: codecs.ledger.GetActiveContractsRequest = { activeAtOffset: ledgerEnd, eventFormat: { filtersByParty: { [alice]: {} } } };
 * ```
 * @category Codecs
 * @since 0.2.0
 */
export const GetActiveContractsRequest = t.intersection(
  [
    t.type({
      activeAtOffset: int64,
    }),
    t.partial({
      filter: optional(TransactionFilter),
      verbose: optional(t.boolean),
      eventFormat: optional(EventFormat),
      streamContinuationToken: optional(t.string),
    }),
  ],
  'GetActiveContractsRequest',
);
export type GetActiveContractsRequest = t.TypeOf<typeof GetActiveContractsRequest>;
