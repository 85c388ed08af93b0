import { defer, type Observable } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import type { CantonError } from '../errors/CantonError.js';
import { invariantViolation } from '../paging/invariantViolation.js';
import { tokenGuard } from '../paging/byPageToken.js';
import type { Page, PageRecord } from '../paging/Page.js';
import { readPages, type PageStep } from '../paging/readPages.js';
import { pagedRead, type PagedRead } from '../paging/pagedRead.js';
import type { StreamOptions } from './options.js';

/**
 * The checkpoint shape of a list paged by an opaque token: the token that fetched the page of the
 * last delivered entry (absent for the first page) and that entry's index in the page.
 * @internal
 */
export interface TokenPageCheckpoint<S extends string, T extends string | number> {
  readonly stream: S;
  readonly pageToken?: T;
  readonly index: number;
}

/**
 * An entry of a token-paged list (`scan.voteResults`, `scan.bulkUpdateHistoryObjects`,
 * `ledger.vettedPackages`), with the checkpoint to resume after it: another name of the one
 * record type, {@link PageRecord}.
 * @example
 * ```ts
 * import { createClient } from 'canton-rx';
 * import * as E from 'fp-ts/lib/Either.js';
 * declare const db: { save(value: unknown, checkpoint: unknown): void }; // your database
 * createClient({ scan: { url } }).scan.voteResults({ limit: 100 }).subscribe((r) => {
 *   if (E.isRight(r)) db.save(r.right.value, r.right.checkpoint);
 * });
 * ```
 * @category Streams
 * @since 0.2.0
 */
export type TokenListed<A, C> = PageRecord<A, C>;

/** One page of a token-paged list. @internal */
export interface TokenPage<A, T extends string | number> {
  readonly entries: ReadonlyArray<A>;
  readonly nextPageToken: T | undefined;
}

interface State<T> {
  readonly token: T | undefined;
  /** Resuming: drop the entries of this page up to and including this index. */
  readonly skipThrough: number | undefined;
}

/**
 * The page token family: a list paged by an opaque token, for the engine (`prefetch`, `pull`,
 * `retry`). The server promises no order to resume by, only its pages: a resume asks for the
 * checkpoint's page again and drops its entries up to the index, which is exact as long as that
 * page still holds what it held. A page token that repeats (the pages would loop), or a
 * checkpoint whose page has no entry at its index any more, ends the read with a `DecodeError` of
 * reason `invariant`, after the valid entries before it. `request` asks for a token's page;
 * `entries` and `nextToken` say where the entries and the next token are in its answer.
 * @example
 * ```ts
 * tokenPaging('scan.voteResults', (token) => call(scanOperations.listVoteRequestResults, [{ ...request, pageToken: token }]), (r) => r.dso_rules_vote_results, (r) => r.next_page_token ?? undefined, options.from);
 * ```
 * @internal
 */
export const tokenPaging = <R, A, S extends string, T extends string | number>(
  stream: S,
  request: (token: T | undefined) => Observable<E.Either<CantonError, R>>,
  entriesOf: (answer: R) => ReadonlyArray<A>,
  nextTokenOf: (answer: R) => T | undefined,
  from: TokenPageCheckpoint<S, T> | undefined,
): PagedRead<A, TokenPageCheckpoint<S, T>> => {
  const tokens = tokenGuard<T>(from?.pageToken);
  const initial: State<T> = { token: from?.pageToken, skipThrough: from?.index };
  // Where the read stands: a page without records (an empty last page) leaves it there.
  let stands = from;
  const step = (answer: R, state: State<T>): E.Either<CantonError, PageStep<State<T>, A, TokenPageCheckpoint<S, T>>> => {
    const entries = entriesOf(answer);
    if (state.skipThrough !== undefined && entries.length <= state.skipThrough)
      return E.left(invariantViolation('entries', `an entry at index ${state.skipThrough} of the checkpoint's page`, entries.length, "the checkpoint's page is shorter than it was: entries may have been lost"));
    const records: PageRecord<A, TokenPageCheckpoint<S, T>>[] = [];
    for (let index = state.skipThrough === undefined ? 0 : state.skipThrough + 1; index < entries.length; index++) {
      records.push({ value: entries[index]!, checkpoint: { stream, ...(state.token !== undefined ? { pageToken: state.token } : {}), index } });
    }
    const token = nextTokenOf(answer);
    const failure = tokens.next(token, 'nextPageToken');
    stands = records[records.length - 1]?.checkpoint ?? stands;
    return E.right({ page: { records, checkpoint: stands, caughtUp: token === undefined }, next: token === undefined ? undefined : { token, skipThrough: undefined }, ...(failure !== undefined ? { failure } : {}) });
  };
  return pagedRead({ request: (state: State<T>) => request(state.token), step }, initial);
};

/**
 * `tokenPaging` of pages already cut to `{ entries, nextPageToken }`, read by the engine: a token
 * paged list as a cold stream of pages of entries with checkpoints.
 * @internal
 */
export const tokenPagedPages = <A, S extends string, T extends string | number>(
  stream: S,
  fetchPage: (token: T | undefined) => Observable<E.Either<CantonError, TokenPage<A, T>>>,
  options: StreamOptions<TokenPageCheckpoint<S, T>>,
): Observable<E.Either<CantonError, Page<A, TokenPageCheckpoint<S, T>>>> =>
  defer(() => {
    const read = tokenPaging(stream, fetchPage, (p) => p.entries, (p) => p.nextPageToken, options.from);
    return readPages(read.paging, read.initial as never, options);
  });
