import type { Observable } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import { invalidRequest } from '../errors/constructors.js';
import type { CantonError } from '../errors/CantonError.js';
import { withStrict, type Transport } from '../client/createTransport.js';
import { invokeOperation } from '../client/invokeOperation.js';
import type * as T from '../codecs/ledger/index.js';
import * as O from '../generated/ledger/operations.js';
import { ledgerUpdates, type LedgerUpdatesOptions, type LedgerUpdatesRequest } from '../streams/ledgerUpdates.js';
import { ledgerPageStreams, type LedgerPageStreams } from '../streams/ledgerPageStreams.js';
import type { Heartbeat } from '../streams/heartbeat.js';
import type { LedgerCheckpoint } from '../streams/checkpoints.js';
import { ledgerWebSocketStreams, type LedgerWebSocketStreams } from '../ws/ledgerWebSocketStreams.js';
import type { WebSocketEndpoint } from '../ws/webSocketEndpoint.js';
import { generatedLedgerMethods, type GeneratedLedgerMethods } from '../generated/ledger/methods.js';
import { ledgerUpdatesWithSnapshot, type LedgerUpdatesWithSnapshotOptions } from '../streams/ledgerUpdatesWithSnapshot.js';
import type { LedgerFeedItem, SnapshotContract } from '../streams/LedgerFeedItem.js';
import { ledgerActiveContracts, type LedgerActiveContractsOptions, type LedgerActiveContractsRequest } from '../streams/ledgerActiveContracts.js';
import { ledgerParties, type LedgerPartiesRequest } from '../streams/ledgerParties.js';
import { ledgerUsers, type LedgerUsersRequest } from '../streams/ledgerUsers.js';
import type { LedgerListCheckpoint, LedgerListed } from '../streams/LedgerListed.js';
import { ledgerVettedPackages, type LedgerVettedPackagesRequest } from '../streams/ledgerVettedPackages.js';
import type { TokenListed } from '../streams/tokenPaged.js';
import type { VettedPackagesCheckpoint } from '../streams/checkpoints.js';
import type { StreamOptions } from '../streams/options.js';
import type { PartyDetails, User, VettedPackages } from '../generated/ledger/schemas.js';
import { ledgerHoldings } from '../streams/ledgerHoldings.js';
import { ledgerTransferInstructions } from '../streams/ledgerTransferInstructions.js';
import type { LedgerInterfaceViewsOptions, LedgerInterfaceViewsRequest } from '../streams/ledgerInterfaceViews.js';
import type { ViewedContract } from '../streams/ViewedContract.js';
import type { HoldingView } from '../codecs/tokenStandard/HoldingView.js';
import type { TransferInstructionView } from '../codecs/tokenStandard/TransferInstructionView.js';
import { ledgerTokenStandardHistory, type TokenStandardHistoryOptions, type TokenStandardHistoryRequest } from '../streams/ledgerTokenStandardHistory.js';
import type { TokenStandardTransaction } from '../tokenStandard/TokenStandardTransaction.js';
import { ledgerTokenBalances, type TokenBalances } from '../streams/ledgerTokenBalances.js';

type Result<A> = Observable<E.Either<CantonError, A>>;

/**
 * The Canton Ledger JSON API v2 (`{ledger_url}`). Every method is cold and emits
 * `Either<CantonError, A>`; request and response objects use the upstream wire names.
 * @category Client
 * @since 0.1.0
 */
export interface LedgerGroup extends GeneratedLedgerMethods {
  /**
   * `POST /v2/updates/get-updates-page`: one page of updates (Canton 3.5.1 and later).
   * @example
   * ```ts
   * client.ledger.getUpdatesPage({ updateFormat, maxPageSize: 500 }).subscribe(console.log); // pass its nextPageToken as pageToken for the next
   * ```
   */
  getUpdatesPage(request: T.GetUpdatesPageRequest): Result<T.JsGetUpdatesPageResponse>;
  /**
   * `GET /v2/idps/{idp-id}` (needs participant admin rights).
   * @example
   * ```ts
   * client.ledger.getIdentityProviderConfig('default').subscribe(console.log);
   * ```
   */
  getIdentityProviderConfig(idpId: string): Result<T.GetIdentityProviderConfigResponse>;
  /**
   * `GET /v2/traffic/accounts/{account-id}`. The route exists only where traffic enforcement is
   * on, so the router's own 404 (not a ledger error) carries
   * `condition: 'TrafficEnforcementDisabled'` (an unknown account is balance 0, not a 404).
   * @example
   * ```ts
   * client.ledger.getTrafficAccount(accountId).subscribe(console.log); // a Left with condition 'TrafficEnforcementDisabled' where it is off
   * ```
   */
  getTrafficAccount(accountId: string): Result<T.GetAccountResponse>;
  /**
   * The updates as a stream of `Update` items, page after page through `nextPageToken`, up to
   * `endOffsetInclusive` or, ascending without an end, until a page comes back empty (caught
   * up); with `tail` it keeps polling from there. See docs/streams.md.
   * @example
   * ```ts
   * import { createClient, type LedgerCheckpoint } from 'canton-rx';
   * import * as E from 'fp-ts/lib/Either.js';
   *
   * declare const stored: { checkpoint(): Promise<LedgerCheckpoint | undefined>; save(updates: unknown[], checkpoint: LedgerCheckpoint | undefined): Promise<void> }; // your database
   * const ledger = createClient({ ledger: { url: 'http://127.0.0.1:7575', token: () => jwt } }).ledger;
   * ledger.updates({ updateFormat, maxPageSize: 500 }, { tail: {} }).subscribe((r) => E.isRight(r) && console.log(r.right));
   * // To resume after a restart: the page form, each page stored with its checkpoint, read again from the stored one.
   * ledger.pages.updates({ updateFormat, maxPageSize: 500 }, { from: await stored.checkpoint(), tail: {} }).subscribe(async (r) => {
   *   if (E.isRight(r)) await stored.save(r.right.records.map((x) => x.value), r.right.checkpoint);
   * });
   * ```
   */
  updates(request: LedgerUpdatesRequest, options?: LedgerUpdatesOptions & { readonly heartbeats?: false }): Result<T.Update>;
  /** With `heartbeats: true`: a `Heartbeat` each time a page shows the stream caught up. */
  updates(request: LedgerUpdatesRequest, options: LedgerUpdatesOptions & { readonly heartbeats: true }): Result<T.Update | Heartbeat<LedgerCheckpoint>>;
  /** Options known only at run time: items, and heartbeats if asked for. */
  updates(request: LedgerUpdatesRequest, options?: LedgerUpdatesOptions): Result<T.Update | Heartbeat<LedgerCheckpoint>>;
  /**
   * The page form of the record streams: whole pages with their `{ value, checkpoint }` records and
   * the checkpoint after each page, what `drainInto` stores. See docs/streams.md.
   * @example
   * ```ts
   * client.ledger.pages.updates({ updateFormat, maxPageSize: 500 }).subscribe((r) => E.isRight(r) && console.log(r.right.checkpoint));
   * ```
   * @since 0.3.0
   */
  readonly pages: LedgerPageStreams;
  /**
   * The WebSocket streams (updates, completions, active contracts, and the deprecated flats and
   * trees): see docs/ledger-ws.md.
   * @example
   * ```ts
   * client.ledger.ws.updates({ beginExclusive: 1200, updateFormat }).subscribe((r) => E.isRight(r) && console.log(r.right));
   * ```
   * @since 0.2.0
   */
  readonly ws: LedgerWebSocketStreams;
  /**
   * `GET /v2/state/latest-pruned-offsets`: how far the participant has pruned its history (0 or
   * absent: never). Updates at or below `participantPrunedUpToInclusive` can no longer be read.
   * @example
   * ```ts
   * import { createClient } from 'canton-rx';
   * const ledger = createClient({ ledger: { url: 'http://127.0.0.1:7575', token: () => jwt } }).ledger;
   * ledger.getLatestPrunedOffsets().subscribe(console.log); // Right({ participantPrunedUpToInclusive: 1200, allDivulgedContractsPrunedUpToInclusive: 1200 })
   * ```
   * @since 0.2.0
   */
  getLatestPrunedOffsets(): Result<T.GetLatestPrunedOffsetsResponse>;
  /**
   * `POST /v2/state/active-contracts-page`: one page of the active contracts at an offset (at or
   * above the pruning offset; absent: the ledger end, named in the response). Pass the page's
   * `nextPageToken` as `pageToken`, with the same offset and format, for the next.
   * @example
   * ```ts
   * import { createClient } from 'canton-rx';
   * const ledger = createClient({ ledger: { url: 'http://127.0.0.1:7575', token: () => jwt } }).ledger;
   * ledger.getActiveContractsPage({ activeAtOffset: 1200, eventFormat: { filtersByParty: { [alice]: {} } }, maxPageSize: 500 }).subscribe(console.log);
   * ```
   * @since 0.2.0
   */
  getActiveContractsPage(request: T.GetActiveContractsPageRequest): Result<T.JsGetActiveContractsPageResponse>;
  /**
   * The updates as `ledger.updates` streams them (ascending), and where the history they need was
   * pruned, the active contracts in its place: a resume below the participant's pruning offset
   * (which `ledger.updates` ends with a `ParticipantPruned` Left), or a fresh start on a pruned
   * participant, emits a `PrunedSnapshot` marker ("a snapshot replaced history up to
   * `activeAtOffset`"), the active contracts at that offset as `SnapshotContract`s (read with the
   * event format of the request's transactions), then the updates after it. Every element carries
   * an exact checkpoint (`checkpoint` on the snapshot's elements, the update's own otherwise; the
   * page form `ledger.pages.updates` gives every record's): resuming inside the snapshot continues it. See docs/streams.md, "Pruning".
   * @example
   * ```ts
   * import { createClient, isHeartbeat, type LedgerCheckpoint, type LedgerSnapshotCheckpoint } from 'canton-rx';
   * import * as E from 'fp-ts/lib/Either.js';
   *
   * declare const stored: LedgerCheckpoint | LedgerSnapshotCheckpoint | undefined; // the checkpoint your database kept
   * const ledger = createClient({ ledger: { url: 'http://127.0.0.1:7575', token: () => jwt } }).ledger;
   * ledger.updatesWithSnapshot({ updateFormat }, { from: stored }).subscribe((r) => {
   *   if (E.isLeft(r) || isHeartbeat(r.right)) return;
   *   const item = r.right;
   *   if ('_tag' in item && item._tag === 'PrunedSnapshot') state.clear(); // what follows replaces it
   *   else if ('_tag' in item) state.add(item.element); // a SnapshotContract
   *   else state.apply(item); // an Update
   * });
   * ```
   * @since 0.2.0
   */
  updatesWithSnapshot(request: LedgerUpdatesRequest, options?: LedgerUpdatesWithSnapshotOptions): Result<LedgerFeedItem | Heartbeat<LedgerCheckpoint>>;
  /**
   * The active contracts at an offset (`POST /v2/state/active-contracts-page`) as a stream of
   * `SnapshotContract` items, page after page, all of one snapshot: the request's
   * `activeAtOffset`, or the ledger end the first page names. Each item's `checkpoint` resumes
   * exactly after it (`from`); the last one's is a `LedgerCheckpoint` at the snapshot's offset,
   * from which `ledger.updates` continues. See docs/streams.md.
   * @example
   * ```ts
   * import { createClient, type LedgerCheckpoint, type LedgerSnapshotCheckpoint, type SnapshotContract } from 'canton-rx';
   * import * as E from 'fp-ts/lib/Either.js';
   *
   * type At = LedgerSnapshotCheckpoint | LedgerCheckpoint;
   * declare const stored: { checkpoint(): Promise<At | undefined>; save(contracts: SnapshotContract[], checkpoint: At | undefined): Promise<void> }; // your database
   * const ledger = createClient({ ledger: { url: 'http://127.0.0.1:7575', token: () => jwt } }).ledger;
   * ledger.activeContracts({ eventFormat: { filtersByParty: { [alice]: {} } }, maxPageSize: 500 }).subscribe((r) => E.isRight(r) && console.log(r.right.element));
   * // To resume after a restart: the page form, each page stored with its checkpoint, read again from the stored one.
   * ledger.pages.activeContracts({ eventFormat: { filtersByParty: { [alice]: {} } }, maxPageSize: 500 }, { from: await stored.checkpoint() }).subscribe(async (r) => {
   *   if (E.isRight(r)) await stored.save(r.right.records.map((x) => x.value), r.right.checkpoint);
   * });
   * ```
   * @since 0.2.0
   */
  activeContracts(request: LedgerActiveContractsRequest, options?: LedgerActiveContractsOptions): Result<SnapshotContract>;
  /**
   * The parties the participant knows (`GET /v2/parties`) as a stream of `PartyDetails`, page
   * after page, each with the checkpoint to resume after it. See docs/streams.md.
   * @example
   * ```ts
   * import { createClient } from 'canton-rx';
   * const ledger = createClient({ ledger: { url: 'http://127.0.0.1:7575', token: () => jwt } }).ledger;
   * ledger.parties({ pageSize: 1000 }).subscribe((r) => console.log(r)); // Right({ value: { party, isLocal, ... }, checkpoint })
   * ```
   * @since 0.2.0
   */
  parties(request?: LedgerPartiesRequest, options?: StreamOptions<LedgerListCheckpoint>): Result<LedgerListed<PartyDetails>>;
  /**
   * The participant's users (`GET /v2/users`, participant admin rights) as a stream of `User`,
   * page after page, each with the checkpoint to resume after it. See docs/streams.md.
   * @example
   * ```ts
   * import { createClient } from 'canton-rx';
   * const ledger = createClient({ ledger: { url: 'http://127.0.0.1:7575', token: () => adminJwt } }).ledger;
   * ledger.users({ pageSize: 500 }).subscribe((r) => console.log(r)); // Right({ value: { id, primaryParty, ... }, checkpoint })
   * ```
   * @since 0.2.0
   */
  users(request?: LedgerUsersRequest, options?: StreamOptions<LedgerListCheckpoint>): Result<LedgerListed<User>>;
  /**
   * The packages vetted per participant and synchronizer (`POST /v2/package-vetting/list`) as a
   * stream of `VettedPackages` entries, page after page, each with the checkpoint to resume after
   * it. See docs/streams.md.
   * @example
   * ```ts
   * import { createClient } from 'canton-rx';
   * const ledger = createClient({ ledger: { url: 'http://127.0.0.1:7575', token: () => jwt } }).ledger;
   * ledger.vettedPackages({ pageSize: 100 }).subscribe((r) => console.log(r)); // Right({ value: { packages, participantId, ... }, checkpoint })
   * ```
   * @since 0.2.0
   */
  vettedPackages(request?: LedgerVettedPackagesRequest, options?: StreamOptions<VettedPackagesCheckpoint>): Result<TokenListed<VettedPackages, VettedPackagesCheckpoint>>;
  /**
   * A party's holdings of the token standard (CIP-56): the active contracts it is a stakeholder
   * of that implement the `Holding` interface (an interface filter asking for the view), each a
   * `ViewedContract` with its decoded `HoldingView` (owner, instrument, `amount` as an exact
   * decimal string, lock). One snapshot, paged and resumable like `activeContracts`: each item's
   * `checkpoint` resumes exactly after it; the last one's is a `LedgerCheckpoint` at the
   * snapshot's offset. See docs/token-standard.md.
   * @example
   * ```ts
   * import { createClient, sumDecimals } from 'canton-rx';
   * import { lastValueFrom, toArray } from 'rxjs';
   * const ledger = createClient({ ledger: { url: 'http://127.0.0.1:7575', token: () => jwt } }).ledger;
   * const held = await lastValueFrom(ledger.holdings({ party: alice }).pipe(toArray()));
   * const amulet = held.flatMap((r) => (r._tag === 'Right' && r.right.view?.instrumentId.id === 'Amulet' ? [r.right.view.amount] : []));
   * console.log(sumDecimals(amulet)); // '1234.5000000000'
   * ```
   * @since 0.4.0
   */
  holdings(request: LedgerInterfaceViewsRequest, options?: LedgerInterfaceViewsOptions): Result<ViewedContract<HoldingView>>;
  /**
   * A party's pending transfer instructions of the token standard: the active contracts it is a
   * stakeholder of that implement `TransferInstruction`, each with its decoded
   * `TransferInstructionView`. Those whose `transfer.receiver` is the party and whose status is
   * `TransferPendingReceiverAcceptance` are its incoming transfer offers. Paged and resumable
   * like `holdings`. See docs/token-standard.md.
   * @example
   * ```ts
   * import { createClient } from 'canton-rx';
   * const ledger = createClient({ ledger: { url: 'http://127.0.0.1:7575', token: () => jwt } }).ledger;
   * ledger.transferInstructions({ party: bob }).subscribe((r) => {
   *   const v = r._tag === 'Right' ? r.right.view : undefined;
   *   if (v?.transfer.receiver === bob && 'tag' in v.status && v.status.tag === 'TransferPendingReceiverAcceptance') console.log(`offer: ${v.transfer.amount} from ${v.transfer.sender}`);
   * });
   * ```
   * @since 0.4.0
   */
  transferInstructions(request: LedgerInterfaceViewsRequest, options?: LedgerInterfaceViewsOptions): Result<ViewedContract<TransferInstructionView>>;
  /**
   * A party's token-standard history: each transaction that moved its holdings, read as the
   * upstream token-standard parser reads it (the same JSON as its `Transaction`: `events` with
   * their `label` (transfer in or out, merge/split, mint, burn, lock expiry, V2's
   * `EventLog_HoldingsChange`, raw `Create`/`Archive`), the party's locked and unlocked holdings
   * created and archived, exact summaries, the transfer instruction), V1 (default) or V2.
   * `ledger.updates` underneath (ledger-effects shape, the standard's interface views): resumable
   * from every item (`{ from: { stream: 'ledger.updates', offset: item.offset } }`), tailing with
   * `tail`. Holdings archived but created before the range are looked up with
   * events-by-contract-id, each once. See docs/token-standard.md.
   * @example
   * ```ts
   * import { createClient } from 'canton-rx';
   * const ledger = createClient({ ledger: { url: 'http://127.0.0.1:7575', token: () => jwt } }).ledger;
   * ledger.tokenStandardHistory({ party: alice }).subscribe((r) => {
   *   if (r._tag === 'Right') for (const e of r.right.events) console.log(r.right.offset, e.label.type, e.unlockedHoldingsChangeSummary?.amountChange ?? '0');
   * });
   * ```
   * @since 0.4.0
   */
  tokenStandardHistory(request: TokenStandardHistoryRequest, options?: TokenStandardHistoryOptions): Result<TokenStandardTransaction>;
  /**
   * A party's balance per instrument (unlocked, locked, total; exact decimal strings) after each
   * transaction of its token-standard history: the party's holdings at the start offset
   * (`ledger.holdings` there: the `from` checkpoint's offset, else `beginOffsetExclusive`), then
   * `tokenStandardHistory`'s holdings changes applied one by one. A fresh read starts with the
   * balances at the start offset (`updateId: null`); each item's `checkpoint` resumes exactly
   * after it. See docs/token-standard.md.
   * @example
   * ```ts
   * import { createClient } from 'canton-rx';
   * const ledger = createClient({ ledger: { url: 'http://127.0.0.1:7575', token: () => jwt } }).ledger;
   * ledger.tokenBalances({ party: alice, beginOffsetExclusive: 1200 }).subscribe((r) => {
   *   if (r._tag === 'Right') for (const b of r.right.balances) console.log(r.right.offset, b.instrumentId.id, b.unlocked, b.locked, b.total);
   * });
   * ```
   * @since 0.4.0
   */
  tokenBalances(request: TokenStandardHistoryRequest, options?: TokenStandardHistoryOptions): Result<TokenBalances>;
}

const NO_WEB_SOCKET = invalidRequest('no WebSocket endpoint was given to this ledger group', [{ path: 'ledger', message: 'not configured' }]);

/** @internal */
export const createLedgerGroup = (transport: Transport, webSocket: E.Either<CantonError, WebSocketEndpoint> = E.left(NO_WEB_SOCKET)): LedgerGroup => ({
  ...generatedLedgerMethods(transport),
  getUpdatesPage: (request) => invokeOperation(transport, O.getUpdatesPage, [request]),
  getIdentityProviderConfig: (idpId) => invokeOperation(transport, O.getIdentityProviderConfig, [idpId]),
  getTrafficAccount: (accountId) => invokeOperation(transport, O.getTrafficAccount, [accountId]),
  updates: ((request: LedgerUpdatesRequest, options?: LedgerUpdatesOptions) => ledgerUpdates(withStrict(transport, options), request, options)) as LedgerGroup['updates'],
  ws: ledgerWebSocketStreams(webSocket),
  getLatestPrunedOffsets: () => invokeOperation(transport, O.getLatestPrunedOffsets, []),
  getActiveContractsPage: (request) => invokeOperation(transport, O.getActiveContractsPage, [request]),
  updatesWithSnapshot: (request, options) => ledgerUpdatesWithSnapshot(withStrict(transport, options), request, options),
  activeContracts: (request, options) => ledgerActiveContracts(withStrict(transport, options), request, options),
  parties: (request, options) => ledgerParties(withStrict(transport, options), request, options),
  users: (request, options) => ledgerUsers(withStrict(transport, options), request, options),
  vettedPackages: (request, options) => ledgerVettedPackages(withStrict(transport, options), request, options),
  holdings: (request, options) => ledgerHoldings(withStrict(transport, options), request, options),
  transferInstructions: (request, options) => ledgerTransferInstructions(withStrict(transport, options), request, options),
  tokenStandardHistory: (request, options) => ledgerTokenStandardHistory(withStrict(transport, options), request, options),
  tokenBalances: (request, options) => ledgerTokenBalances(withStrict(transport, options), request, options),
  pages: ledgerPageStreams(transport),
});
