import { map, type Observable } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import type { CantonError } from '../errors/CantonError.js';
import type { Page } from '../paging/Page.js';
import { flattenPages } from '../paging/flattenPages.js';
import type { Transport } from '../client/createTransport.js';
import { checked } from '../client/send.js';
import { invokeOperation } from '../client/invokeOperation.js';
import * as ledgerOperations from '../generated/ledger/operations.js';
import type { User } from '../generated/ledger/schemas.js';
import { Checks } from '../validation/checks.js';
import { ledgerIdPagedPages } from './ledgerIdPaged.js';
import type { LedgerListCheckpoint, LedgerListed } from './LedgerListed.js';
import type { StreamOptions } from './options.js';
import { checkpointCodecs } from './checkpointCodecs.js';

/**
 * The request of `ledger.users`: the query of `GET /v2/users` without its page token.
 * @category Streams
 * @since 0.2.0
 */
export interface LedgerUsersRequest {
  readonly pageSize?: number;
}

/**
 * The participant's users (`GET /v2/users`, participant admin rights) as a cold stream of `User`
 * entries, page after page through `nextPageToken`, in ascending user id order, each with a
 * checkpoint (see `LedgerListCheckpoint`).
 * This is the page form (`ledger.pages.users`); `ledgerUsers` is its item form.
 * @internal
 */
export const ledgerUsersPages = (transport: Transport, request: LedgerUsersRequest = {}, options: StreamOptions<LedgerListCheckpoint> = {}): Observable<E.Either<CantonError, Page<User, LedgerListCheckpoint>>> =>
  checked(
    () => {
      const checks = new Checks();
      if (request.pageSize !== undefined) checks.positiveInt(request.pageSize, 'pageSize');
      return checks.checkpoint(checkpointCodecs['ledger.users'], options.from).result('ledger.users request', request);
    },
    (req) =>
      ledgerIdPagedPages(
        'ledger.users',
        (token) =>
          invokeOperation(transport, ledgerOperations.listUsers, [{ pageSize: req.pageSize, pageToken: token }]).pipe(
            map(E.map((r) => ({ entries: r.users ?? [], nextPageToken: r.nextPageToken || undefined }))),
          ),
        (u) => u.id,
        options,
      ),
  );

/** The item form of `ledgerUsersPages`: its records, one by one (`ledger.users`). @internal */
export const ledgerUsers = (transport: Transport, request: LedgerUsersRequest = {}, options: StreamOptions<LedgerListCheckpoint> = {}): Observable<E.Either<CantonError, LedgerListed<User>>> =>
  flattenPages(ledgerUsersPages(transport, request, options), (page) => page.records);
