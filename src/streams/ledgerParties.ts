import { map, type Observable } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import type { CantonError } from '../errors/CantonError.js';
import type { Page } from '../paging/Page.js';
import { flattenPages } from '../paging/flattenPages.js';
import type { Transport } from '../client/createTransport.js';
import { checked } from '../client/send.js';
import { invokeOperation } from '../client/invokeOperation.js';
import * as ledgerOperations from '../generated/ledger/operations.js';
import type { PartyDetails } from '../generated/ledger/schemas.js';
import { Checks } from '../validation/checks.js';
import { ledgerIdPagedPages } from './ledgerIdPaged.js';
import type { LedgerListCheckpoint, LedgerListed } from './LedgerListed.js';
import type { StreamOptions } from './options.js';
import { checkpointCodecs } from './checkpointCodecs.js';

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
 * The parties the participant knows (`GET /v2/parties`) as a cold stream of `PartyDetails`
 * entries, page after page through `nextPageToken`, in ascending party id order, each with a
 * checkpoint (see `LedgerListCheckpoint`).
 * This is the page form (`ledger.pages.parties`); `ledgerParties` is its item form.
 * @internal
 */
export const ledgerPartiesPages = (transport: Transport, request: LedgerPartiesRequest = {}, options: StreamOptions<LedgerListCheckpoint> = {}): Observable<E.Either<CantonError, Page<PartyDetails, LedgerListCheckpoint>>> =>
  checked(
    () => {
      const checks = new Checks();
      if (request.pageSize !== undefined) checks.positiveInt(request.pageSize, 'pageSize');
      return checks.checkpoint(checkpointCodecs['ledger.parties'], options.from).result('ledger.parties request', request);
    },
    (req) =>
      ledgerIdPagedPages(
        'ledger.parties',
        (token) =>
          invokeOperation(transport, ledgerOperations.listKnownParties, [{ pageSize: req.pageSize, pageToken: token, 'identity-provider-id': req.identityProviderId }]).pipe(
            map(E.map((r) => ({ entries: r.partyDetails, nextPageToken: r.nextPageToken || undefined }))),
          ),
        (p) => p.party,
        options,
      ),
  );

/** The item form of `ledgerPartiesPages`: its records, one by one (`ledger.parties`). @internal */
export const ledgerParties = (transport: Transport, request: LedgerPartiesRequest = {}, options: StreamOptions<LedgerListCheckpoint> = {}): Observable<E.Either<CantonError, LedgerListed<PartyDetails>>> =>
  flattenPages(ledgerPartiesPages(transport, request, options), (page) => page.records);
