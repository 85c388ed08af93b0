import * as E from 'fp-ts/lib/Either.js';
import type { CantonError } from '../errors/CantonError.js';
import { getActiveContractsPage } from '../generated/ledger/ops/getActiveContractsPage.js';
import type { JsGetActiveContractsPageResponse } from '../codecs/ledger/JsGetActiveContractsPageResponse.js';
import type { GetActiveContractsPageRequest } from '../codecs/ledger/GetActiveContractsPageRequest.js';
import { validateGetActiveContractsPageRequest } from '../validation/validateGetActiveContractsPageRequest.js';
import type { LedgerCheckpoint, LedgerSnapshotCheckpoint } from './checkpoints.js';
import { invariantViolation } from './invariantViolation.js';
import { tokenGuard } from '../paging/byPageToken.js';
import type { SnapshotContract } from './LedgerFeedItem.js';
import type { StreamOptions } from './options.js';
import type { PageRecord } from '../paging/Page.js';
import type { PageStep } from '../paging/readPages.js';
import { pagedRead } from '../paging/pagedRead.js';
import { recordStream, type ReadContext } from './recordStream.js';
import { checkpointCodecs } from './checkpointCodecs.js';

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

/**
 * The active contracts at an offset (`POST /v2/state/active-contracts-page`) as `SnapshotContract` records, page after page through `nextPageToken`. The snapshot is fixed: the
 * first page names its offset (the ledger end when the request names none) and every later page
 * asks for that offset exactly; a page of another offset, or a repeated token, ends the stream with
 * a `DecodeError` of reason `invariant`. Each item's checkpoint names the page token and the
 * entry's index in that page, so a resume fetches the same page of the same snapshot and drops
 * what was delivered; the last item's checkpoint is a `LedgerCheckpoint` at the snapshot's offset,
 * where `ledger.updates` continues. A snapshot the participant has since pruned cannot be
 * continued: that is a `ParticipantPruned` Left, and the rule is to read a new snapshot.
 * @example
 * ```ts
 * ledgerActiveContractsStream.items(transport, { eventFormat: { filtersByParty: { [alice]: {} } }, maxPageSize: 500 }).subscribe(console.log);
 * ```
 * @internal
 */
export const ledgerActiveContractsStream = /*#__PURE__*/ recordStream({
  name: 'ledger.activeContracts',
  family: 'page token',
  checkpoint: checkpointCodecs['ledger.activeContracts'],
  items: 'values',
  validate: validateGetActiveContractsPageRequest,
  read: ({ call }: ReadContext, req: LedgerActiveContractsRequest, options: LedgerActiveContractsOptions) => {
    const from = options.from;
    // The snapshot was delivered whole: nothing is left of it.
    if (from?.stream === 'ledger.updates') return undefined;
    const initial: State =
      from === undefined ? { at: req.activeAtOffset ?? undefined, token: undefined, skip: 0 } : { at: from.activeAtOffset, token: from.pageToken, skip: from.index + 1 };
    // The token a resume starts from counts as seen: a page answering it again would loop.
    const tokens = tokenGuard<string>(initial.token);
    // Where the read stands: a page without records leaves it there.
    let stands: LedgerSnapshotCheckpoint | LedgerCheckpoint | undefined = from;

    const step = (page: JsGetActiveContractsPageResponse, state: State): E.Either<CantonError, PageStep<State, SnapshotContract, LedgerSnapshotCheckpoint | LedgerCheckpoint>> => {
      const at = state.at ?? page.activeAtOffset;
      if (page.activeAtOffset !== at) return E.left(invariantViolation('activeAtOffset', String(at), page.activeAtOffset, 'every page must come from the same snapshot'));
      const token = page.nextPageToken ?? undefined;
      const entries = page.activeContracts;
      const last = token === undefined;
      const records: PageRecord<SnapshotContract, LedgerSnapshotCheckpoint | LedgerCheckpoint>[] = [];
      for (let i = state.skip; i < entries.length; i++) {
        const checkpoint: LedgerSnapshotCheckpoint | LedgerCheckpoint =
          last && i === entries.length - 1 ? { stream: 'ledger.updates', offset: at } : { stream: 'ledger.snapshot', activeAtOffset: at, ...(state.token !== undefined ? { pageToken: state.token } : {}), index: i };
        records.push({ value: { _tag: 'SnapshotContract', activeAtOffset: at, element: entries[i]!, checkpoint }, checkpoint });
      }
      // After the snapshot's last page the read stands at its offset, where `ledger.updates` goes on (an empty last page too).
      stands = last ? { stream: 'ledger.updates', offset: at } : (records[records.length - 1]?.checkpoint ?? stands);
      const failure = tokens.next(token, 'nextPageToken');
      return E.right({
        page: { records, checkpoint: stands, caughtUp: last },
        next: last || failure !== undefined ? undefined : { at, token, skip: 0 },
        ...(failure !== undefined ? { failure } : {}),
      });
    };

    const { activeAtOffset: _at, ...rest } = req;
    const pageRequest = (state: State) => {
      const body: GetActiveContractsPageRequest = { ...rest, ...(state.at !== undefined ? { activeAtOffset: state.at } : {}), ...(state.token !== undefined ? { pageToken: state.token } : {}) };
      return call(getActiveContractsPage, [body]);
    };
    return pagedRead({ request: pageRequest, step }, initial);
  },
});

/** The page form of `ledger.activeContracts` (see `LedgerGroup.pages.activeContracts`): a page's records are its `SnapshotContract`s. @internal */
export const ledgerActiveContractsPages = ledgerActiveContractsStream.pages;

/** The item form of `ledger.activeContracts`: its `SnapshotContract`s, each carrying its checkpoint (see `LedgerGroup.activeContracts`). @internal */
export const ledgerActiveContracts = ledgerActiveContractsStream.items;
