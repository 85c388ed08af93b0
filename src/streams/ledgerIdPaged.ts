import { defer, type Observable } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import type { CantonError } from '../errors/CantonError.js';
import { invariantViolation } from '../paging/invariantViolation.js';
import { tokenGuard } from '../paging/byPageToken.js';
import type { Page } from '../paging/Page.js';
import { readPages, type PageStep } from '../paging/readPages.js';
import type { LedgerListCheckpoint, LedgerListed } from './LedgerListed.js';
import type { StreamOptions } from './options.js';

/** One page of a list the participant pages by id. @internal */
export interface IdPage<A> {
  readonly entries: ReadonlyArray<A>;
  readonly nextPageToken: string | undefined;
}

interface State {
  readonly token: string | undefined;
  /** Drop entries up to and including this id (resuming). */
  readonly after: string | undefined;
}

/**
 * Reads a list the participant pages by token and orders by id (parties, users; the page token
 * family, resuming by id) as a cold stream of pages of entries with checkpoints. Ids must rise
 * strictly, and tokens must not repeat, or the stream ends with a `DecodeError` of reason
 * `invariant`: a resume drops by id, so it relies on the order.
 * @internal
 */
export const ledgerIdPagedPages = <A>(
  stream: LedgerListCheckpoint['stream'],
  fetchPage: (token: string | undefined) => Observable<E.Either<CantonError, IdPage<A>>>,
  idOf: (a: A) => string,
  options: StreamOptions<LedgerListCheckpoint>,
): Observable<E.Either<CantonError, Page<A, LedgerListCheckpoint>>> =>
  defer(() => {
    const tokens = tokenGuard<string>();
    let lastId: string | undefined = options.from?.id;
    const from = options.from;
    const initial: State = { token: from?.pageToken, after: from?.id };
    // Where the read stands: a page without records (an empty last page) leaves it there.
    let stands = from;
    const step = (page: IdPage<A>, state: State): E.Either<CantonError, PageStep<State, A, LedgerListCheckpoint>> => {
      const records: LedgerListed<A>[] = [];
      let failure: CantonError | undefined;
      for (const entry of page.entries) {
        const id = idOf(entry);
        if (state.after !== undefined && id <= state.after) continue;
        if (lastId !== undefined && id <= lastId) {
          failure = invariantViolation('id', `an id after ${lastId}`, id, 'entries must come in ascending id order');
          break;
        }
        lastId = id;
        records.push({ value: entry, checkpoint: { stream, id, ...(state.token !== undefined ? { pageToken: state.token } : {}) } });
      }
      const token = page.nextPageToken;
      failure ??= tokens.next(token, 'nextPageToken');
      stands = records[records.length - 1]?.checkpoint ?? stands;
      return E.right({ page: { records, checkpoint: stands, caughtUp: token === undefined }, next: token === undefined ? undefined : { token, after: undefined }, ...(failure !== undefined ? { failure } : {}) });
    };
    return readPages({ request: (state: State) => fetchPage(state.token), step }, initial, options);
  });
