import * as E from 'fp-ts/lib/Either.js';
import type { CantonError } from '../errors/CantonError.js';
import { getLedgerEnd } from '../generated/ledger/ops/getLedgerEnd.js';
import { getUpdatesPage } from '../generated/ledger/ops/getUpdatesPage.js';
import type { GetUpdatesPageRequest, JsGetUpdatesPageResponse } from '../codecs/ledger/GetUpdatesPage.js';
import type { Update } from '../codecs/ledger/Update.js';
import type { TransactionFormat, TransactionShape, UpdateFormat } from '../codecs/ledger/UpdateFormat.js';
import { validateGetUpdatesPageRequest } from '../validation/validateGetUpdatesPageRequest.js';
import type { Checks } from '../validation/checks.js';
import type { LedgerCheckpoint } from './checkpoints.js';
import { offsetOfUpdate } from './checkpointOf.js';
import { invariantViolation } from '../paging/invariantViolation.js';
import type { PageRecord } from '../paging/Page.js';
import type { PageStep } from '../paging/readPages.js';
import { pagedRead } from '../paging/pagedRead.js';
import { recordStream, type ReadContext } from './recordStream.js';
import type { TailingStreamOptions } from './options.js';
import { checkpointCodecs } from './checkpointCodecs.js';
import { tailFields } from '../paging/tailFields.js';

/** Below this many bytes a page is parsed at once: the next request waits for its checked token. */
const SMALL_BODY = 1024;

/**
 * Options of `ledger.updates`.
 * @category Streams
 * @since 0.1.0
 */
export type LedgerUpdatesOptions = TailingStreamOptions<LedgerCheckpoint>;

/**
 * The `updateFormat` the ledger's update streams take: a `codecs.ledger.UpdateFormat` whose
 * `transactionShape` may be typed `string`, as it is in an object declared with `const` and no
 * `as const`. The request is checked before anything is sent: a shape `TransactionShape` does not
 * list is an `InvalidRequest` Left naming `body.updateFormat.includeTransactions.transactionShape`.
 * @example
 * ```ts
 * import { createClient, type UpdateFormatInput } from 'canton-rx';
 *
 * const updateFormat = { includeTransactions: { transactionShape: 'TRANSACTION_SHAPE_ACS_DELTA', eventFormat: { filtersForAnyParty: {} } } };
 * const ledger = createClient({ ledger: { url: 'http://127.0.0.1:7575' } }).ledger;
 * ledger.updates({ updateFormat }); // no `as const` needed
 * const format: UpdateFormatInput = updateFormat;
 * ```
 * @category Streams
 * @since 0.2.0
 */
export type UpdateFormatInput = Omit<UpdateFormat, 'includeTransactions'> & {
  // `string & {}` keeps the known names as an editor's suggestions.
  readonly includeTransactions?: (Omit<TransactionFormat, 'transactionShape'> & { readonly transactionShape: TransactionShape | (string & {}) }) | null;
};

/**
 * The request of `ledger.updates` (and of `ledger.pages.updates`, `ledger.updatesWithSnapshot`):
 * a get-updates-page request without a page token, whose `updateFormat` is an {@link UpdateFormatInput}.
 * @category Streams
 * @since 0.1.0
 */
export type LedgerUpdatesRequest = Omit<GetUpdatesPageRequest, 'pageToken' | 'updateFormat'> & { readonly updateFormat: UpdateFormatInput };

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

// Tailing follows the head of the ledger: up, without an end.
const checkTail = (checks: Checks, request: LedgerUpdatesRequest, options: LedgerUpdatesOptions): unknown =>
  options.tail === undefined || checks.check(request.descendingOrder !== true && request.endOffsetInclusive == null, 'tail', 'needs ascending order and no endOffsetInclusive');

/**
 * The ledger's updates (see `LedgerGroup.updates`, `LedgerGroup.pages.updates`), the offset
 * bound family: page after page through `nextPageToken`, ascending or descending as asked. Checks
 * that each page starts where the previous one ended, that no token repeats after a page with
 * items and that offsets rise (or fall) strictly; a violation ends the stream with a
 * `DecodeError` of reason `invariant`. An invalid page token restarts the paging once from the
 * last checkpoint with a fresh request; pruned data is a terminal Left with
 * `condition: 'ParticipantPruned'`. A caught-up page's checkpoint is its upper bound when that is
 * past the last update: nothing matched up to there.
 * @example
 * ```ts
 * ledgerUpdatesStream.items(transport, { updateFormat }, { tail: {} }).subscribe(console.log);
 * ```
 * @internal
 */
export const ledgerUpdatesStream = /*#__PURE__*/ recordStream({
  name: 'ledger.updates',
  family: 'offset bound',
  checkpoint: checkpointCodecs['ledger.updates'],
  items: 'values',
  tails: true,
  validate: validateGetUpdatesPageRequest,
  checks: checkTail,
  serverEnd: getLedgerEnd,
  read: ({ call, tailMs }: ReadContext, req: LedgerUpdatesRequest, options: LedgerUpdatesOptions) => {
    const descending = req.descendingOrder === true;
    const begin = req.beginOffsetExclusive ?? undefined;
    const end = req.endOffsetInclusive ?? undefined;
    const from = options.from?.offset;
    // Resuming: ascending continues above the checkpoint, descending below it.
    const initial: State = descending
      ? { begin, end: from !== undefined ? from - 1 : end, token: undefined, bound: undefined, last: from !== undefined ? from : end !== undefined ? end + 1 : undefined }
      : { begin: from ?? begin, end, token: undefined, bound: undefined, last: from ?? begin };
    // A descending resume below the start of the range has nothing left to read.
    if (descending && initial.end !== undefined && (initial.end < 1 || (initial.begin !== undefined && initial.end <= initial.begin))) return undefined;

    const step = (response: JsGetUpdatesPageResponse, state: State): E.Either<CantonError, PageStep<State, Update, LedgerCheckpoint>> => {
      const { lowestPageOffsetExclusive: low, highestPageOffsetInclusive: high } = response;
      if (state.bound !== undefined) {
        const edge = descending ? high : low;
        if (edge !== state.bound) {
          return E.left(invariantViolation(descending ? 'highestPageOffsetInclusive' : 'lowestPageOffsetExclusive', `${state.bound}, where the previous page ended`, edge, 'pages must be contiguous'));
        }
      }
      const updates = response.updates ?? [];
      const records: Array<PageRecord<Update, LedgerCheckpoint>> = [];
      let last = state.last;
      const stop = (failure: CantonError) => E.right({ page: { records, checkpoint: records[records.length - 1]?.checkpoint ?? options.from, caughtUp: false }, next: undefined, failure });
      for (let i = 0; i < updates.length; i++) {
        const update = updates[i]!.update;
        const offset = offsetOfUpdate(update);
        const inOrder = last === undefined || (descending ? offset < last : offset > last);
        if (!inOrder || offset <= low || offset > high) {
          return stop(invariantViolation(`updates.${i}.update`, `an offset in (${low}, ${high}] ${descending ? 'below' : 'above'} ${last ?? 'the start'}`, offset, `offsets must ${descending ? 'fall' : 'rise'} strictly within the page bounds`));
        }
        last = offset;
        records.push({ value: update, checkpoint: { stream: 'ledger.updates', offset } });
      }
      const token = response.nextPageToken ?? undefined;
      // Ascending without an end offset the token always comes back: an empty page means caught up.
      const caughtUp = !descending && state.end === undefined && updates.length === 0;
      if (token !== undefined && updates.length > 0) {
        // Past a page with items the token must be new, or the pages would loop (offsets that
        // must rise catch longer loops). An empty page may repeat its token (nothing to page
        // past), but must then have moved its bounds.
        if (token === state.token) return stop(invariantViolation('nextPageToken', 'a token other than the one asked with', token, 'a page token repeated: the pages would loop'));
      } else if (token !== undefined && !caughtUp && high <= low) {
        return E.left(invariantViolation('highestPageOffsetInclusive', `above ${low}`, high, 'an empty page that does not advance would loop'));
      }
      const at = caughtUp ? Math.max(last ?? 0, high) : (last ?? 0);
      const checkpoint: LedgerCheckpoint | undefined = records[records.length - 1]?.checkpoint ?? (at > 0 ? { stream: 'ledger.updates', offset: at } : options.from);
      const more = token !== undefined && (!caughtUp || tailMs !== undefined);
      const next: State | undefined = more ? { ...state, token, bound: descending ? low : high, last } : undefined;
      return E.right({ page: { records, checkpoint, caughtUp }, next, ...(caughtUp && tailMs !== undefined ? { waitMs: tailMs } : {}) });
    };

    const paging = {
      request: (state: State, onOkBytes?: (bytes: Uint8Array) => void) =>
        // The operation's body codec checks the shape (an UpdateFormatInput's may be any string).
        call(
          getUpdatesPage,
          [
            {
              ...req,
              ...(state.begin !== undefined ? { beginOffsetExclusive: state.begin } : {}),
              ...(state.end !== undefined ? { endOffsetInclusive: state.end } : {}),
              ...(state.token !== undefined ? { pageToken: state.token } : {}),
            } satisfies LedgerUpdatesRequest & Pick<GetUpdatesPageRequest, 'pageToken'>,
          ],
          onOkBytes,
        ),
      step,
      // Sent while the page is parsed and decoded: a new token, read from the body's tail (the
      // token follows the updates). `step` keeps it only if it names the same token (the
      // request depends on nothing else it may change). A small body (an empty page, as tailing
      // sees many, each with a new token) is parsed at once: no request is sent blind for it.
      ahead: {
        guess: (bytes: Uint8Array, state: State): State | undefined => {
          if (bytes.length < SMALL_BODY) return undefined;
          const token = tailFields(bytes, 'nextPageToken', [])?.['nextPageToken'];
          return typeof token === 'string' && token !== state.token ? { ...state, token } : undefined;
        },
        same: (guess: State, next: State) => guess.token === next.token && guess.begin === next.begin && guess.end === next.end,
      },
      // A token the participant no longer accepts: page again from the last checkpoint, once.
      recover: (error: CantonError, state: State): State | undefined =>
        error._tag === 'HttpError' && error.condition === 'InvalidPageToken' && state.token !== undefined
          ? descending
            ? { ...state, end: state.last !== undefined ? state.last - 1 : initial.end, token: undefined, bound: undefined }
            : { ...state, begin: state.last, token: undefined, bound: undefined }
          : undefined,
    };
    return pagedRead(paging, initial);
  },
});

/** The page form of `ledger.updates` (see `LedgerGroup.pages.updates`). @internal */
export const ledgerUpdatesPages = ledgerUpdatesStream.pages;

/** The item form of `ledger.updates`: its updates, and heartbeats when asked for (see `LedgerGroup.updates`). @internal */
export const ledgerUpdates = ledgerUpdatesStream.items;
