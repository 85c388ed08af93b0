import { defer, EMPTY, map, type Observable } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import type { CantonError } from '../errors/CantonError.js';
import type { Transport } from '../client/createTransport.js';
import { checked } from '../client/send.js';
import { invokeOperation } from '../client/invokeOperation.js';
import { ledgerOperations } from '../generated/ledger/operations.js';
import type { JsGetActiveContractsPageResponse } from '../codecs/ledger/JsGetActiveContractsPageResponse.js';
import type { GetActiveContractsPageRequest } from '../codecs/ledger/GetActiveContractsPageRequest.js';
import { validateGetActiveContractsPageRequest } from '../validation/validateGetActiveContractsPageRequest.js';
import { Checks } from '../validation/checks.js';
import type { LedgerCheckpoint, LedgerSnapshotCheckpoint } from './checkpoints.js';
import { invariantViolation, stopAfter } from './invariantViolation.js';
import { tokenGuard } from '../paging/byPageToken.js';
import type { SnapshotContract } from './LedgerFeedItem.js';
import type { StreamOptions } from './options.js';
import { pageRequest } from './pageRequest.js';
import { pager, type Step } from './pager.js';

/**
 * The request of `ledger.activeContracts`: an active-contracts-page request without its page token
 * (the stream pages itself).
 * @category Streams
 * @since 0.2.0
 */
export type LedgerActiveContractsRequest = Omit<GetActiveContractsPageRequest, 'pageToken'>;

/**
 * Options of `ledger.activeContracts`: `from` is the checkpoint of a `SnapshotContract` (a
 * `LedgerSnapshotCheckpoint`, or the `LedgerCheckpoint` after the last one: then nothing is left).
 * @category Streams
 * @since 0.2.0
 */
export type LedgerActiveContractsOptions = StreamOptions<LedgerSnapshotCheckpoint | LedgerCheckpoint>;

interface State {
  /** The snapshot's offset, once known (the first page names it when the request does not). */
  readonly at: number | undefined;
  /** The token of the page to fetch; absent for the first page. */
  readonly token: string | undefined;
  /** Entries of that page already delivered (resuming from a checkpoint). */
  readonly skip: number;
}

const checkFrom = (from: LedgerSnapshotCheckpoint | LedgerCheckpoint | undefined): Checks => {
  const checks = new Checks();
  if (from === undefined) return checks;
  if (from.stream === 'ledger.updates') return checks.nonNegativeInt(from.offset, 'from.offset');
  return checks
    .check(from.stream === 'ledger.snapshot', 'from.stream', "must be 'ledger.snapshot' or 'ledger.updates'")
    .nonNegativeInt(from.activeAtOffset, 'from.activeAtOffset')
    .check(Number.isSafeInteger(from.index) && from.index >= -1, 'from.index', 'must be an integer ≥ -1')
    .check(from.pageToken === undefined || (typeof from.pageToken === 'string' && from.pageToken !== ''), 'from.pageToken', 'must be a page token');
};

/**
 * The active contracts at an offset (`POST /v2/state/active-contracts-page`) as a cold stream of
 * `SnapshotContract` items, page after page through `nextPageToken`. The snapshot is fixed: the
 * first page names its offset (the ledger end when the request names none) and every later page
 * asks for that offset exactly; a page of another offset, or a repeated token, ends the stream with
 * a `DecodeError` of reason `invariant`. Each item's checkpoint names the page token and the
 * entry's index in that page, so a resume fetches the same page of the same snapshot and drops
 * what was delivered; the last item's checkpoint is a `LedgerCheckpoint` at the snapshot's offset,
 * where `ledger.updates` continues. A snapshot the participant has since pruned cannot be
 * continued: that is a `ParticipantPruned` Left, and the rule is to read a new snapshot.
 * @internal
 */
export const ledgerActiveContracts = (
  transport: Transport,
  request: LedgerActiveContractsRequest,
  options: LedgerActiveContractsOptions = {},
): Observable<E.Either<CantonError, SnapshotContract>> =>
  checked(
    () => {
      const r = validateGetActiveContractsPageRequest(request);
      const f = checkFrom(options.from).result('ledger.activeContracts options', request);
      // Every issue at once: the request's and the checkpoint's.
      if (E.isLeft(r) && E.isLeft(f)) return E.left({ ...r.left, issues: [...r.left.issues, ...f.left.issues] });
      return E.isLeft(r) ? r : f;
    },
    (req) =>
      defer(() => {
        const from = options.from;
        // The snapshot was delivered whole: nothing is left of it.
        if (from?.stream === 'ledger.updates') return EMPTY;
        const initial: State =
          from === undefined ? { at: req.activeAtOffset ?? undefined, token: undefined, skip: 0 } : { at: from.activeAtOffset, token: from.pageToken, skip: from.index + 1 };
        // The token a resume starts from counts as seen: a page answering it again would loop.
        const tokens = tokenGuard<string>(initial.token);

        const step = (page: JsGetActiveContractsPageResponse, state: State): E.Either<CantonError, Step<State, SnapshotContract>> => {
          const at = state.at ?? page.activeAtOffset;
          if (page.activeAtOffset !== at) return E.left(invariantViolation('activeAtOffset', String(at), page.activeAtOffset, 'every page must come from the same snapshot'));
          const token = page.nextPageToken ?? undefined;
          const entries = page.activeContracts;
          const last = token === undefined;
          const items: SnapshotContract[] = [];
          for (let i = state.skip; i < entries.length; i++) {
            const checkpoint: LedgerSnapshotCheckpoint | LedgerCheckpoint =
              last && i === entries.length - 1 ? { stream: 'ledger.updates', offset: at } : { stream: 'ledger.snapshot', activeAtOffset: at, ...(state.token !== undefined ? { pageToken: state.token } : {}), index: i };
            items.push({ _tag: 'SnapshotContract', activeAtOffset: at, element: entries[i]!, checkpoint });
          }
          const looped = tokens.next(token, 'nextPageToken');
          if (looped !== undefined) return stopAfter(items, looped);
          return E.right({ items, next: last ? undefined : { at, token, skip: 0 } });
        };

        const { activeAtOffset: _at, ...rest } = req;
        const page = (state: State) => {
          const body: GetActiveContractsPageRequest = { ...rest, ...(state.at !== undefined ? { activeAtOffset: state.at } : {}), ...(state.token !== undefined ? { pageToken: state.token } : {}) };
          return pageRequest(() => invokeOperation(transport, ledgerOperations.getActiveContractsPage, [body]), options.retry, undefined).pipe(
            map(E.chain((response: JsGetActiveContractsPageResponse) => step(response, state))),
          );
        };
        return pager({ page }, initial, options);
      }),
  );
