import { defer, EMPTY, map, type Observable } from 'rxjs';
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
import { invariantViolation, stopAfter } from './invariantViolation.js';
import type { StreamOptions } from './options.js';
import { pager, type Step } from './pager.js';

/**
 * Options of `ledger.updates`.
 * @category Streams
 * @since 0.1.0
 */
export type LedgerUpdatesOptions = StreamOptions<LedgerCheckpoint>;

/** The request of `ledger.updates`: a get-updates-page request without a page token. */
export type LedgerUpdatesRequest = Omit<GetUpdatesPageRequest, 'pageToken'>;

interface State {
  /** The bounds of the current paging run; a fresh run starts at the last delivered offset. */
  readonly begin: number | undefined;
  readonly end: number | undefined;
  readonly token: string | undefined;
  /** The bound the next page must start from: the previous page's highest (ascending) or lowest (descending). */
  readonly bound: number | undefined;
  /** The offset of the last item handed on, or the start of the range. */
  readonly last: number | undefined;
}

const checkFrom = (from: LedgerCheckpoint | undefined) =>
  from === undefined
    ? new Checks()
    : new Checks().check(from.stream === 'ledger.updates', 'from.stream', "must be 'ledger.updates'").nonNegativeInt(from.offset, 'from.offset');

/**
 * The ledger's updates as a cold stream of `Update` items (see `LedgerGroup.updates`), page
 * after page through `nextPageToken`, ascending or descending as asked. Checks that each page
 * starts where the previous one ended, that no page token repeats and that offsets rise (or
 * fall) strictly; a violation ends the stream with a `DecodeError` of reason `invariant`.
 * @internal
 */
export const ledgerUpdates = (
  transport: Transport,
  request: LedgerUpdatesRequest,
  options: LedgerUpdatesOptions = {},
): Observable<E.Either<CantonError, Update>> =>
  checked(
    () => {
      const r = validateGetUpdatesPageRequest(request);
      if (E.isLeft(r)) return r;
      return checkFrom(options.from).result('ledger.updates options', r.right);
    },
    (req) =>
      defer(() => {
        const descending = req.descendingOrder === true;
        const seenTokens = new Set<string>();
        const begin = req.beginOffsetExclusive ?? undefined;
        const end = req.endOffsetInclusive ?? undefined;
        const from = options.from?.offset;
        // Resuming: ascending continues above the checkpoint, descending below it.
        const initial: State = descending
          ? { begin, end: from !== undefined ? from - 1 : end, token: undefined, bound: undefined, last: from !== undefined ? from : end !== undefined ? end + 1 : undefined }
          : { begin: from ?? begin, end, token: undefined, bound: undefined, last: from ?? begin };
        const exhausted = descending && initial.end !== undefined && (initial.end < 1 || (initial.begin !== undefined && initial.end <= initial.begin));

        const step = (response: JsGetUpdatesPageResponse, state: State): E.Either<CantonError, Step<State, Update>> => {
          const { lowestPageOffsetExclusive: low, highestPageOffsetInclusive: high } = response;
          if (state.bound !== undefined) {
            const edge = descending ? high : low;
            if (edge !== state.bound) {
              return E.left(invariantViolation(descending ? 'highestPageOffsetInclusive' : 'lowestPageOffsetExclusive', `${state.bound}, where the previous page ended`, edge, 'pages must be contiguous'));
            }
          }
          const updates = response.updates ?? [];
          const items: Update[] = [];
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
            // Past a page with items the token must be new, or the pages would loop. An empty page
            // may repeat the token (nothing to page past), but must then have moved its bounds.
            if (seenTokens.has(token)) return stopAfter(items, invariantViolation('nextPageToken', 'a token not seen before', token, 'a page token repeated: the pages would loop'));
            seenTokens.add(token);
          } else if (token !== undefined && !caughtUp && high <= low) {
            return E.left(invariantViolation('highestPageOffsetInclusive', `above ${low}`, high, 'an empty page that does not advance would loop'));
          }
          const next = token === undefined || caughtUp ? undefined : { ...state, token, bound: descending ? low : high, last };
          return E.right({ items, next });
        };

        const page = (state: State) => {
          const body: GetUpdatesPageRequest = {
            ...req,
            ...(state.begin !== undefined ? { beginOffsetExclusive: state.begin } : {}),
            ...(state.end !== undefined ? { endOffsetInclusive: state.end } : {}),
            ...(state.token !== undefined ? { pageToken: state.token } : {}),
          };
          return send(transport, { method: 'POST', path: '/v2/updates/get-updates-page', body }, JsGetUpdatesPageResponse).pipe(map(E.chain((r) => step(r, state))));
        };
        // A descending resume below the start of the range has nothing left to read.
        return exhausted ? EMPTY : pager({ page }, initial, options);
      }),
  );
