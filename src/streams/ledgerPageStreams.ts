import type { Observable } from 'rxjs';
import type * as E from 'fp-ts/lib/Either.js';
import type { CantonError } from '../errors/CantonError.js';
import type { Transport } from '../client/createTransport.js';
import type { Update } from '../codecs/ledger/Update.js';
import type { Page } from '../paging/Page.js';
import type { LedgerCheckpoint, LedgerSnapshotCheckpoint } from './checkpoints.js';
import type { SnapshotContract } from './LedgerFeedItem.js';
import type { LedgerActiveContractsOptions, LedgerActiveContractsRequest } from './ledgerActiveContracts.js';
import type { LedgerUpdatesOptions, LedgerUpdatesRequest } from './ledgerUpdates.js';
import type { PartyDetails, User, VettedPackages } from '../generated/ledger/schemas.js';
import type { VettedPackagesCheckpoint } from './checkpoints.js';
import type { LedgerListCheckpoint } from './LedgerListed.js';
import type { StreamOptions } from './options.js';
import { pageFormsOf, ledgerRecordStreams } from './recordStreams.js';
import type { LedgerPartiesRequest } from './ledgerParties.js';
import type { LedgerUsersRequest } from './ledgerUsers.js';
import type { LedgerVettedPackagesRequest } from './ledgerVettedPackages.js';
import type { LedgerInterfaceViewsOptions, LedgerInterfaceViewsRequest } from './ledgerInterfaceViews.js';
import type { ViewedContract } from './ViewedContract.js';
import type { HoldingView } from '../codecs/tokenStandard/HoldingView.js';
import type { TransferInstructionView } from '../codecs/tokenStandard/TransferInstructionView.js';
import type { TokenStandardHistoryOptions, TokenStandardHistoryRequest } from './ledgerTokenStandardHistory.js';
import type { TokenStandardTransaction } from '../tokenStandard/TokenStandardTransaction.js';

/**
 * The page form of the ledger's record streams (`client.ledger.pages`): the same requests,
 * options and paging as the item methods of the same names, each page whole with its records
 * `{ value, checkpoint }`, the checkpoint after the page and whether it shows the stream caught
 * up (an empty caught-up page of `updates` carries its upper bound). What `drainInto` stores.
 * @example
 * ```ts
 * import { createClient, drainInto } from 'canton-rx';
 * const ledger = createClient({ ledger: { url, token } }).ledger;
 * drainInto(sink, (from, pull) => ledger.pages.updates({ updateFormat, maxPageSize: 500 }, { from, pull, tail: {} })).subscribe(console.log);
 * ```
 * @category Streams
 * @since 0.3.0
 */
export interface LedgerPageStreams {
  /**
   * `ledger.updates` in pages (the offset bound family).
   * @example
   * ```ts
   * ledger.pages.updates({ updateFormat, maxPageSize: 500 }, { tail: {} }).subscribe((r) => E.isRight(r) && db.commit(r.right.records, r.right.checkpoint));
   * ```
   */
  updates(request: LedgerUpdatesRequest, options?: LedgerUpdatesOptions): Observable<E.Either<CantonError, Page<Update, LedgerCheckpoint>>>;
  /**
   * `ledger.parties` in pages (the page token family, resuming by party id).
   * @example
   * ```ts
   * ledger.pages.parties({ pageSize: 1000 }).subscribe((r) => E.isRight(r) && db.commit(r.right.records, r.right.checkpoint));
   * ```
   */
  parties(request?: LedgerPartiesRequest, options?: StreamOptions<LedgerListCheckpoint>): Observable<E.Either<CantonError, Page<PartyDetails, LedgerListCheckpoint>>>;
  /**
   * `ledger.users` in pages (the page token family, resuming by user id).
   * @example
   * ```ts
   * ledger.pages.users({ pageSize: 500 }).subscribe((r) => E.isRight(r) && db.commit(r.right.records, r.right.checkpoint));
   * ```
   */
  users(request?: LedgerUsersRequest, options?: StreamOptions<LedgerListCheckpoint>): Observable<E.Either<CantonError, Page<User, LedgerListCheckpoint>>>;
  /**
   * `ledger.vettedPackages` in pages (the page token family: a record's checkpoint names the page
   * token and its index).
   * @example
   * ```ts
   * ledger.pages.vettedPackages({ pageSize: 100 }).subscribe((r) => E.isRight(r) && db.commit(r.right.records, r.right.checkpoint));
   * ```
   */
  vettedPackages(request?: LedgerVettedPackagesRequest, options?: StreamOptions<VettedPackagesCheckpoint>): Observable<E.Either<CantonError, Page<VettedPackages, VettedPackagesCheckpoint>>>;
  /**
   * `ledger.activeContracts` in pages (one snapshot, paged by token): the records are the
   * `SnapshotContract`s; the last page's checkpoint is the `LedgerCheckpoint` at the snapshot's
   * offset, where `ledger.pages.updates` continues.
   * @example
   * ```ts
   * ledger.pages.activeContracts({ eventFormat: { filtersByParty: { [alice]: {} } }, maxPageSize: 500 }).subscribe((r) => E.isRight(r) && db.commit(r.right.records, r.right.checkpoint));
   * ```
   */
  activeContracts(
    request: LedgerActiveContractsRequest,
    options?: LedgerActiveContractsOptions,
  ): Observable<E.Either<CantonError, Page<SnapshotContract, LedgerSnapshotCheckpoint | LedgerCheckpoint>>>;
  /**
   * `ledger.holdings` in pages: a party's token-standard holdings, paged like
   * `ledger.activeContracts` (docs/token-standard.md).
   * @example
   * ```ts
   * ledger.pages.holdings({ party: alice, maxPageSize: 500 }).subscribe((r) => E.isRight(r) && db.commit(r.right.records, r.right.checkpoint));
   * ```
   * @since 0.4.0
   */
  holdings(request: LedgerInterfaceViewsRequest, options?: LedgerInterfaceViewsOptions): Observable<E.Either<CantonError, Page<ViewedContract<HoldingView>, LedgerSnapshotCheckpoint | LedgerCheckpoint>>>;
  /**
   * `ledger.transferInstructions` in pages: a party's pending token-standard transfer
   * instructions, paged like `ledger.activeContracts` (docs/token-standard.md).
   * @example
   * ```ts
   * ledger.pages.transferInstructions({ party: bob }).subscribe((r) => E.isRight(r) && db.commit(r.right.records, r.right.checkpoint));
   * ```
   * @since 0.4.0
   */
  transferInstructions(
    request: LedgerInterfaceViewsRequest,
    options?: LedgerInterfaceViewsOptions,
  ): Observable<E.Either<CantonError, Page<ViewedContract<TransferInstructionView>, LedgerSnapshotCheckpoint | LedgerCheckpoint>>>;
  /**
   * `ledger.tokenStandardHistory` in pages: a party's token-standard transactions, paged as
   * `ledger.pages.updates` reads the updates behind them (a page may be empty: its checkpoint
   * still moves past the updates without token-standard events). docs/token-standard.md.
   * @example
   * ```ts
   * ledger.pages.tokenStandardHistory({ party: alice }).subscribe((r) => E.isRight(r) && db.commit(r.right.records, r.right.checkpoint));
   * ```
   * @since 0.4.0
   */
  tokenStandardHistory(request: TokenStandardHistoryRequest, options?: TokenStandardHistoryOptions): Observable<E.Either<CantonError, Page<TokenStandardTransaction, LedgerCheckpoint>>>;
}

/** The page streams of a ledger transport: `ledgerRecordStreams`. @internal */
export const ledgerPageStreams = (transport: Transport): LedgerPageStreams => pageFormsOf(ledgerRecordStreams, transport);
