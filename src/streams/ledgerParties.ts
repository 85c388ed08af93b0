import { listKnownParties } from '../generated/ledger/ops/listKnownParties.js';
import { ledgerIdPaging } from './ledgerIdPaged.js';
import type { LedgerListCheckpoint } from './LedgerListed.js';
import type { StreamOptions } from './options.js';
import { checkpointCodecs } from './checkpointCodecs.js';
import { recordStream, type ReadContext } from './recordStream.js';

/**
 * The request of `ledger.parties`: the query of `GET /v2/parties` without its page token.
 * @category Streams
 * @since 0.2.0
 */
export interface LedgerPartiesRequest {
  readonly pageSize?: number;
  readonly identityProviderId?: string;
}

/**
 * The parties the participant knows (`GET /v2/parties`) as `PartyDetails` entries, page after page
 * through `nextPageToken`, in ascending party id order (the page token family, resuming by id),
 * each with a checkpoint (see `LedgerListCheckpoint`).
 * @example
 * ```ts
 * ledgerPartiesStream.items(transport, { pageSize: 500 }).subscribe(console.log);
 * ```
 * @internal
 */
export const ledgerPartiesStream = /*#__PURE__*/ recordStream({
  name: 'ledger.parties',
  family: 'page token',
  checkpoint: checkpointCodecs['ledger.parties'],
  items: 'records',
  defaultRequest: {},
  checks: (checks, request) => request.pageSize === undefined || checks.positiveInt(request.pageSize, 'pageSize'),
  read: ({ call }: ReadContext, request: LedgerPartiesRequest, options: StreamOptions<LedgerListCheckpoint>) =>
    ledgerIdPaging(
      'ledger.parties',
      (token) => call(listKnownParties, [{ pageSize: request.pageSize, pageToken: token, 'identity-provider-id': request.identityProviderId }]),
      (r) => r.partyDetails,
      (r) => r.nextPageToken || undefined,
      (p) => p.party,
      options.from,
    ),
});

/** The page form of `ledger.parties` (`ledger.pages.parties`). @internal */
export const ledgerPartiesPages = ledgerPartiesStream.pages;

/** The item form of `ledger.parties`: its records, one by one. @internal */
export const ledgerParties = ledgerPartiesStream.items;
