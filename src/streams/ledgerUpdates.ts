import { asyncScheduler, defer, EMPTY, finalize, map, of, switchMap, type Observable } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import type { CantonError } from '../errors/CantonError.js';
import type { Transport } from '../client/createTransport.js';
import { checked, send } from '../client/send.js';
import { JsGetUpdatesPageResponse } from '../codecs/ledger/GetUpdatesPage.js';
import type { GetUpdatesPageRequest } from '../codecs/ledger/GetUpdatesPage.js';
import type { Update } from '../codecs/ledger/Update.js';
import { validateGetUpdatesPageRequest } from '../validation/validateGetUpdatesPageRequest.js';
import { Checks } from '../validation/checks.js';
import type { LedgerCheckpoint } from './checkpoints.js';
import { offsetOfUpdate } from './checkpointOf.js';
import type { Heartbeat } from './heartbeat.js';
import { invariantViolation, stopAfter } from './invariantViolation.js';
import { DEFAULT_TAIL_INTERVAL_MS, TAIL_RETRY, type TailingStreamOptions } from './options.js';
import { pageRequest } from './pageRequest.js';
import { pager, type Step } from './pager.js';
import { nextPageTokenInText } from './nextPageTokenInText.js';
import { sendAhead } from './sendAhead.js';

/**
 * Options of `ledger.updates`.
 * @category Streams
 * @since 0.1.0
 */
export type LedgerUpdatesOptions = TailingStreamOptions<LedgerCheckpoint>;

/** The request of `ledger.updates`: a get-updates-page request without a page token. */
export type LedgerUpdatesRequest = Omit<GetUpdatesPageRequest, 'pageToken'>;

type Element = Update | Heartbeat<LedgerCheckpoint>;

interface State {
  /** The bounds of the current paging run; a fresh run starts at the last delivered offset. */
  readonly begin: number | undefined;
  readonly end: number | undefined;
  readonly token: string | undefined;
  /** The bound the next page must start from: the previous page's highest (ascending) or lowest (descending). */
  readonly bound: number | undefined;
  /** The offset of the last item handed on, or the start of the range. */
  readonly last: number | undefined;
  /** Wait this long before asking (a tail poll). */
  readonly waitMs: number | undefined;
}

const checkOptions = (request: LedgerUpdatesRequest, options: LedgerUpdatesOptions) => {
  const checks = new Checks();
  const from = options.from;
  if (from !== undefined) checks.check(from.stream === 'ledger.updates', 'from.stream', "must be 'ledger.updates'").nonNegativeInt(from.offset, 'from.offset');
  if (options.tail !== undefined) {
    checks.check(request.descendingOrder !== true && request.endOffsetInclusive == null, 'tail', 'needs ascending order and no endOffsetInclusive');
    if (options.tail.intervalMs !== undefined) checks.duration(options.tail.intervalMs, 'tail.intervalMs');
  }
  return checks;
};

/**
 * The ledger's updates as a cold stream of `Update` items (see `LedgerGroup.updates`), page
 * after page through `nextPageToken`, ascending or descending as asked. Checks that each page
 * starts where the previous one ended, that no token repeats after a page with items and that
 * offsets rise (or fall) strictly; a violation ends the stream with a `DecodeError` of reason
 * `invariant`. An invalid page token restarts the paging once from the last checkpoint with a
 * fresh request; pruned data is a terminal Left with `condition: 'ParticipantPruned'`.
 * @internal
 */
export const ledgerUpdates = (transport: Transport, request: LedgerUpdatesRequest, options: LedgerUpdatesOptions = {}): Observable<E.Either<CantonError, Element>> =>
  checked(
    () => {
      const r = validateGetUpdatesPageRequest(request);
      if (E.isLeft(r)) return r;
      return checkOptions(request, options).result('ledger.updates options', r.right);
    },
    (req) =>
      defer(() => {
        const descending = req.descendingOrder === true;
        const tailMs = options.tail ? (options.tail.intervalMs ?? DEFAULT_TAIL_INTERVAL_MS) : undefined;
        const retry = options.tail ? { ...TAIL_RETRY, ...options.retry } : options.retry;
        const begin = req.beginOffsetExclusive ?? undefined;
        const end = req.endOffsetInclusive ?? undefined;
        const from = options.from?.offset;
        // Resuming: ascending continues above the checkpoint, descending below it.
        const initial: State = descending
          ? { begin, end: from !== undefined ? from - 1 : end, token: undefined, bound: undefined, last: from !== undefined ? from : end !== undefined ? end + 1 : undefined, waitMs: undefined }
          : { begin: from ?? begin, end, token: undefined, bound: undefined, last: from ?? begin, waitMs: undefined };
        const exhausted = descending && initial.end !== undefined && (initial.end < 1 || (initial.begin !== undefined && initial.end <= initial.begin));

        /** A fresh paging run from the last delivered update: what a bad token or a restart needs. */
        const restartFrom = (state: State): State =>
          descending
            ? { ...state, end: state.last !== undefined ? state.last - 1 : initial.end, token: undefined, bound: undefined, waitMs: undefined }
            : { ...state, begin: state.last, token: undefined, bound: undefined, waitMs: undefined };

        const step = (response: JsGetUpdatesPageResponse, state: State): E.Either<CantonError, Step<State, Element>> => {
          const { lowestPageOffsetExclusive: low, highestPageOffsetInclusive: high } = response;
          if (state.bound !== undefined) {
            const edge = descending ? high : low;
            if (edge !== state.bound) {
              return E.left(invariantViolation(descending ? 'highestPageOffsetInclusive' : 'lowestPageOffsetExclusive', `${state.bound}, where the previous page ended`, edge, 'pages must be contiguous'));
            }
          }
          const updates = response.updates ?? [];
          const items: Element[] = [];
          let last = state.last;
          for (let i = 0; i < updates.length; i++) {
            const update = updates[i]!.update;
            const offset = offsetOfUpdate(update);
            const inOrder = last === undefined || (descending ? offset < last : offset > last);
            if (!inOrder || offset <= low || offset > high) {
              return stopAfter(items, invariantViolation(`updates.${i}.update`, `an offset in (${low}, ${high}] ${descending ? 'below' : 'above'} ${last ?? 'the start'}`, offset, `offsets must ${descending ? 'fall' : 'rise'} strictly within the page bounds`));
            }
            last = offset;
            items.push(update);
          }
          const token = response.nextPageToken ?? undefined;
          // Ascending without an end offset the token always comes back: an empty page means caught up.
          const caughtUp = !descending && state.end === undefined && updates.length === 0;
          if (token !== undefined && updates.length > 0) {
            // Past a page with items the token must be new, or the pages would loop (offsets that
            // must rise catch longer loops). An empty page may repeat its token (nothing to page
            // past), but must then have moved its bounds.
            if (token === state.token) return stopAfter(items, invariantViolation('nextPageToken', 'a token other than the one asked with', token, 'a page token repeated: the pages would loop'));
          } else if (token !== undefined && !caughtUp && high <= low) {
            return E.left(invariantViolation('highestPageOffsetInclusive', `above ${low}`, high, 'an empty page that does not advance would loop'));
          }
          if (caughtUp && options.heartbeats) {
            const at = Math.max(last ?? 0, high);
            items.push({ _tag: 'Heartbeat', checkpoint: at > 0 ? { stream: 'ledger.updates', offset: at } : undefined, polledAt: asyncScheduler.now() });
          }
          const more = token !== undefined && (!caughtUp || tailMs !== undefined);
          const next: State | undefined = more ? { ...state, token, bound: descending ? low : high, last, waitMs: caughtUp ? tailMs : undefined } : undefined;
          return E.right({ items, next });
        };

        const path = '/v2/updates/get-updates-page';
        const bodyOf = (state: State): GetUpdatesPageRequest => ({
          ...req,
          ...(state.begin !== undefined ? { beginOffsetExclusive: state.begin } : {}),
          ...(state.end !== undefined ? { endOffsetInclusive: state.end } : {}),
          ...(state.token !== undefined ? { pageToken: state.token } : {}),
        });
        // The next request, sent on the token read from the raw text of a page with updates, so
        // that the participant works while this page is parsed and decoded; handed over only to
        // the very request the decoded page asks for (the same bounds, that token). Push mode
        // only, and only with a prefetch window; never from an empty page (a tail waits first).
        const ahead = options.pull === undefined && (options.prefetch ?? 1) >= 1 ? sendAhead(transport, path, JsGetUpdatesPageResponse) : undefined;
        const guessNext = (key: string) => (text: string) => {
          const token = nextPageTokenInText(text);
          if (token === undefined) return undefined;
          const body = JSON.parse(key) as GetUpdatesPageRequest;
          return body.pageToken === token ? undefined : { ...body, pageToken: token };
        };

        const fetchPage = (state: State) => {
          const body = bodyOf(state);
          const request = () => (ahead ? ahead.take(body, guessNext) : send(transport, { method: 'POST', path, body }, JsGetUpdatesPageResponse));
          return pageRequest(request, retry, state.waitMs);
        };

        const page = (state: State): Observable<E.Either<CantonError, Step<State, Element>>> =>
          fetchPage(state).pipe(
            switchMap((r) => {
              // A token the participant no longer accepts: page again from the last checkpoint, once.
              if (E.isLeft(r) && r.left._tag === 'HttpError' && r.left.condition === 'InvalidPageToken' && state.token !== undefined) {
                const fresh = restartFrom(state);
                return fetchPage(fresh).pipe(map(E.chain((response) => step(response, fresh))));
              }
              return of(E.chain((response: JsGetUpdatesPageResponse) => step(response, state))(r));
            }),
          );
        // A descending resume below the start of the range has nothing left to read.
        if (exhausted) return EMPTY;
        const stream = pager({ page }, initial, options);
        return ahead ? stream.pipe(finalize(() => ahead.cancel())) : stream;
      }),
  );
