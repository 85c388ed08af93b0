import type { PageRecord } from '../paging/Page.js';

/**
 * A checkpoint of `ledger.parties` or `ledger.users`: the id of the last delivered entry (a party
 * id or a user id) and the page token that fetched its page (absent for the first page). The
 * participant lists both by id, ascending, and its page token names the last id of the page
 * before, so a resume fetches that page again and drops every entry up to the id: entries added
 * or deleted meanwhile are neither repeated nor lose the place.
 * @category Streams
 * @since 0.2.0
 */
export interface LedgerListCheckpoint {
  readonly stream: 'ledger.parties' | 'ledger.users';
  readonly id: string;
  readonly pageToken?: string;
}

/**
 * An entry of `ledger.parties` (a `PartyDetails`) or `ledger.users` (a `User`), with the
 * checkpoint to resume after it: the one record type, {@link PageRecord}, with its checkpoint.
 * @example
 * ```ts
 * import { createClient } from 'canton-rx';
 * import * as E from 'fp-ts/lib/Either.js';
 * declare const db: { save(value: unknown, checkpoint: unknown): void }; // your database
 * createClient({ ledger: { url, token } }).ledger.parties({ pageSize: 500 }).subscribe((r) => {
 *   if (E.isRight(r)) db.save(r.right.value.party, r.right.checkpoint);
 * });
 * ```
 * @category Streams
 * @since 0.2.0
 */
export type LedgerListed<A> = PageRecord<A, LedgerListCheckpoint>;
