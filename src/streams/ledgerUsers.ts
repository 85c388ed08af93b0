import { listUsers } from '../generated/ledger/ops/listUsers.js';
import { ledgerIdPaging } from './ledgerIdPaged.js';
import type { LedgerListCheckpoint } from './LedgerListed.js';
import type { StreamOptions } from './options.js';
import { checkpointCodecs } from './checkpointCodecs.js';
import { recordStream, type ReadContext } from './recordStream.js';

/**
 * The request of `ledger.users`: the query of `GET /v2/users` without its page token.
 * @category Streams
 * @since 0.2.0
 */
export interface LedgerUsersRequest {
  readonly pageSize?: number;
}

/**
 * The participant's users (`GET /v2/users`, participant admin rights) as `User` entries, page after
 * page through `nextPageToken`, in ascending user id order (the page token family, resuming by
 * id), each with a checkpoint (see `LedgerListCheckpoint`).
 * @example
 * ```ts
 * ledgerUsersStream.items(transport, { pageSize: 500 }).subscribe(console.log);
 * ```
 * @internal
 */
export const ledgerUsersStream = /*#__PURE__*/ recordStream({
  name: 'ledger.users',
  family: 'page token',
  checkpoint: checkpointCodecs['ledger.users'],
  items: 'records',
  defaultRequest: {},
  checks: (checks, request) => request.pageSize === undefined || checks.positiveInt(request.pageSize, 'pageSize'),
  read: ({ call }: ReadContext, request: LedgerUsersRequest, options: StreamOptions<LedgerListCheckpoint>) =>
    ledgerIdPaging(
      'ledger.users',
      (token) => call(listUsers, [{ pageSize: request.pageSize, pageToken: token }]),
      (r) => r.users ?? [],
      (r) => r.nextPageToken || undefined,
      (u) => u.id,
      options.from,
    ),
});

/** The page form of `ledger.users` (`ledger.pages.users`). @internal */
export const ledgerUsersPages = ledgerUsersStream.pages;

/** The item form of `ledger.users`: its records, one by one. @internal */
export const ledgerUsers = ledgerUsersStream.items;
