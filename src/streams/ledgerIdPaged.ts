import type { Observable } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import type { CantonError } from '../errors/CantonError.js';
import { invariantViolation } from '../paging/invariantViolation.js';
import { tokenGuard } from '../paging/byPageToken.js';
import type { PageStep } from '../paging/readPages.js';
import { pagedRead, type PagedRead } from '../paging/pagedRead.js';
import type { LedgerListCheckpoint, LedgerListed } from './LedgerListed.js';

interface State {
  readonly token: string | undefined;
  /** Drop entries up to and including this id (resuming). */
  readonly after: string | undefined;
}

/**
 * A list the participant pages by token and orders by id (parties, users; the page token family,
 * resuming by id), for the engine. Ids must rise strictly, and tokens must not repeat, or the read
 * ends with a `DecodeError` of reason `invariant`: a resume drops by id, so it relies on the
 * order. `request` asks for a token's page; `entriesOf` and `nextTokenOf` say where the entries
 * and the next token are in its answer.
 * @example
 * ```ts
 * ledgerIdPaging('ledger.users', (token) => call(ledgerOperations.listUsers, [{ pageToken: token }]), (r) => r.users ?? [], (r) => r.nextPageToken || undefined, (u) => u.id, options.from);
 * ```
 * @internal
 */
export const ledgerIdPaging = <R, A>(
  stream: LedgerListCheckpoint['stream'],
  request: (token: string | undefined) => Observable<E.Either<CantonError, R>>,
  entriesOf: (answer: R) => ReadonlyArray<A>,
  nextTokenOf: (answer: R) => string | undefined,
  idOf: (a: A) => string,
  from: LedgerListCheckpoint | undefined,
): PagedRead<A, LedgerListCheckpoint> => {
  const tokens = tokenGuard<string>();
  let lastId: string | undefined = from?.id;
  const initial: State = { token: from?.pageToken, after: from?.id };
  // Where the read stands: a page without records (an empty last page) leaves it there.
  let stands = from;
  const step = (answer: R, state: State): E.Either<CantonError, PageStep<State, A, LedgerListCheckpoint>> => {
    const records: LedgerListed<A>[] = [];
    let failure: CantonError | undefined;
    for (const entry of entriesOf(answer)) {
      const id = idOf(entry);
      if (state.after !== undefined && id <= state.after) continue;
      if (lastId !== undefined && id <= lastId) {
        failure = invariantViolation('id', `an id after ${lastId}`, id, 'entries must come in ascending id order');
        break;
      }
      lastId = id;
      records.push({ value: entry, checkpoint: { stream, id, ...(state.token !== undefined ? { pageToken: state.token } : {}) } });
    }
    const token = nextTokenOf(answer);
    failure ??= tokens.next(token, 'nextPageToken');
    stands = records[records.length - 1]?.checkpoint ?? stands;
    return E.right({ page: { records, checkpoint: stands, caughtUp: token === undefined }, next: token === undefined ? undefined : { token, after: undefined }, ...(failure !== undefined ? { failure } : {}) });
  };
  return pagedRead({ request: (state: State) => request(state.token), step }, initial);
};
