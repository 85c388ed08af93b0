import { defer, map, type Observable } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import type { CantonError } from '../errors/CantonError.js';
import { Checks } from '../validation/checks.js';
import { invariantViolation, stopAfter } from './invariantViolation.js';
import type { LedgerListCheckpoint, LedgerListed } from './LedgerListed.js';
import type { StreamOptions } from './options.js';
import { pageRequest } from './pageRequest.js';
import { pager, type Step } from './pager.js';

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

/** Checks a checkpoint of one of these streams. @internal */
export const checkListFrom = (checks: Checks, stream: LedgerListCheckpoint['stream'], from: LedgerListCheckpoint | undefined): Checks =>
  from === undefined
    ? checks
    : checks
        .check(from.stream === stream, 'from.stream', `must be '${stream}'`)
        .check(typeof from.id === 'string' && from.id !== '', 'from.id', 'must be an id')
        .check(from.pageToken === undefined || (typeof from.pageToken === 'string' && from.pageToken !== ''), 'from.pageToken', 'must be a page token');

/**
 * Reads a list the participant pages by token and orders by id (parties, users) as a cold stream
 * of entries with checkpoints. Ids must rise strictly, and tokens must not repeat, or the stream
 * ends with a `DecodeError` of reason `invariant`: a resume drops by id, so it relies on the order.
 * @internal
 */
export const ledgerIdPaged = <A>(
  stream: LedgerListCheckpoint['stream'],
  fetchPage: (token: string | undefined) => Observable<E.Either<CantonError, IdPage<A>>>,
  idOf: (a: A) => string,
  options: StreamOptions<LedgerListCheckpoint>,
): Observable<E.Either<CantonError, LedgerListed<A>>> =>
  defer(() => {
    const seenTokens = new Set<string>();
    let lastId: string | undefined = options.from?.id;
    const from = options.from;
    const initial: State = { token: from?.pageToken, after: from?.id };
    const step = (page: IdPage<A>, state: State): E.Either<CantonError, Step<State, LedgerListed<A>>> => {
      const items: LedgerListed<A>[] = [];
      for (const entry of page.entries) {
        const id = idOf(entry);
        if (state.after !== undefined && id <= state.after) continue;
        if (lastId !== undefined && id <= lastId) return stopAfter(items, invariantViolation('id', `an id after ${lastId}`, id, 'entries must come in ascending id order'));
        lastId = id;
        items.push({ value: entry, checkpoint: { stream, id, ...(state.token !== undefined ? { pageToken: state.token } : {}) } });
      }
      const token = page.nextPageToken;
      if (token !== undefined) {
        if (seenTokens.has(token)) return stopAfter(items, invariantViolation('nextPageToken', 'a token not seen before', token, 'a page token repeated: the pages would loop'));
        seenTokens.add(token);
      }
      return E.right({ items, next: token === undefined ? undefined : { token, after: undefined } });
    };
    const page = (state: State) => pageRequest(() => fetchPage(state.token), options.retry, undefined).pipe(map(E.chain((p: IdPage<A>) => step(p, state))));
    return pager({ page }, initial, options);
  });
