import type { Observable } from 'rxjs';
import type * as E from 'fp-ts/lib/Either.js';
import type { CantonError } from '../errors/CantonError.js';
import { ledgerChannels } from '../generated/ledger/channels.js';
import { JsGetUpdatesResponse, type Update } from '../codecs/ledger/Update.js';
import { JsGetUpdateTreesResponse, type Update1 } from '../codecs/ledger/JsGetUpdateTreesResponse.js';
import type { GetCompletionsRequest } from '../codecs/ledger/GetCompletionsRequest.js';
import type { CompletionStreamRequest } from '../codecs/ledger/CompletionStreamRequest.js';
import type { Completion1 } from '../codecs/ledger/CompletionStreamResponse.js';
import type { GetActiveContractsRequest } from '../codecs/ledger/GetActiveContractsRequest.js';
import type { JsGetActiveContractsResponse } from '../codecs/ledger/JsGetActiveContractsResponse.js';
import type { LedgerCheckpoint } from '../streams/checkpoints.js';
import type { Heartbeat } from '../streams/heartbeat.js';
import { activeContractsChannel, type ActiveContractsOptions } from './activeContractsChannel.js';
import { completionChannel } from './completionChannel.js';
import type { CompletionsCheckpoint, WebSocketStreamOptions } from './options.js';
import { updateChannel, type UpdateChannel, type WebSocketUpdatesRequest } from './updateChannel.js';
import type { WebSocketEndpoint } from './webSocketEndpoint.js';

type Result<A> = Observable<E.Either<CantonError, A>>;
/**
 * Options of a WebSocket stream without heartbeats.
 * @category Streams
 * @since 0.2.0
 */
type Quiet<C> = WebSocketStreamOptions<C> & { readonly heartbeats?: false };
/**
 * Options of a WebSocket stream with heartbeats.
 * @category Streams
 * @since 0.2.0
 */
type Beating<C> = WebSocketStreamOptions<C> & { readonly heartbeats: true };

/**
 * The ledger's WebSocket streams (`ledger.ws`, the channels of the JSON API's asyncapi spec).
 * Each is cold: one socket per subscription, opened on subscribe and closed on unsubscribe; it
 * authenticates with the sub-protocols `jwt.token.<token>` and `daml.ws.auth` (the token provider
 * is asked again for every socket), sends its one request message, and hands on each message
 * decoded. Errors are Lefts, as over HTTP. The update channels share `ledger.updates`'
 * checkpoints, so a reader can switch between the paged and the WebSocket reading with one
 * checkpoint. See docs/ledger-ws.md.
 * @category Client
 * @since 0.2.0
 */
export interface LedgerWebSocketStreams {
  /**
   * `/v2/updates` (asyncapi `onV2Updates`): the updates after `beginExclusive`, up to
   * `endInclusive` (then the stream completes) or, without it, for as long as the subscription
   * lasts: the participant pushes each new update. `OffsetCheckpoint` messages move the
   * checkpoint on (as `Heartbeat`s with `heartbeats: true`).
   * @example
   * ```ts
   * import type { LedgerCheckpoint } from 'canton-rx';
   *
   * declare const stored: { checkpoint(): Promise<LedgerCheckpoint | undefined> }; // kept by ledger.pages.updates, drainInto or this stream's heartbeats
   * client.ledger.ws.updates({ beginExclusive: 1200, updateFormat }, { from: await stored.checkpoint() }).subscribe((r) => E.isRight(r) && console.log(r.right));
   * ```
   */
  updates(request: WebSocketUpdatesRequest, options?: Quiet<LedgerCheckpoint>): Result<Update>;
  /** With `heartbeats: true`: a `Heartbeat` for each `OffsetCheckpoint` at the stream's position. */
  updates(request: WebSocketUpdatesRequest, options: Beating<LedgerCheckpoint>): Result<Update | Heartbeat<LedgerCheckpoint>>;
  /** Options known only at run time: updates, and heartbeats if asked for. */
  updates(request: WebSocketUpdatesRequest, options?: WebSocketStreamOptions<LedgerCheckpoint>): Result<Update | Heartbeat<LedgerCheckpoint>>;
  /**
   * `/v2/updates/flats` (asyncapi `onV2UpdatesFlats`): as `updates`, from the legacy `filter`.
   * @deprecated Deprecated in Canton 3.5 and removed in 3.6: use `updates` with an `updateFormat`
   * of shape `TRANSACTION_SHAPE_ACS_DELTA`.
   * @example
   * ```ts
   * client.ledger.ws.flats({ beginExclusive: 1200, filter }).subscribe(console.log); // new code: ws.updates with an updateFormat
   * ```
   */
  flats(request: WebSocketUpdatesRequest, options?: Quiet<LedgerCheckpoint>): Result<Update>;
  /** @deprecated Use `updates` (see above). */
  flats(request: WebSocketUpdatesRequest, options: Beating<LedgerCheckpoint>): Result<Update | Heartbeat<LedgerCheckpoint>>;
  /** @deprecated Use `updates` (see above). */
  flats(request: WebSocketUpdatesRequest, options?: WebSocketStreamOptions<LedgerCheckpoint>): Result<Update | Heartbeat<LedgerCheckpoint>>;
  /**
   * `/v2/updates/trees` (asyncapi `onV2UpdatesTrees`): transaction trees, from the legacy
   * `filter` (an `updateFormat` is refused), with the checkpoints of `updates`.
   * @deprecated Deprecated in Canton 3.5 and removed in 3.6: use `updates` with an `updateFormat`
   * of shape `TRANSACTION_SHAPE_LEDGER_EFFECTS`.
   * @example
   * ```ts
   * client.ledger.ws.trees({ beginExclusive: 1200, filter }).subscribe(console.log); // new code: ws.updates with an updateFormat
   * ```
   */
  trees(request: WebSocketUpdatesRequest, options?: Quiet<LedgerCheckpoint>): Result<Update1>;
  /** @deprecated Use `updates` (see above). */
  trees(request: WebSocketUpdatesRequest, options: Beating<LedgerCheckpoint>): Result<Update1 | Heartbeat<LedgerCheckpoint>>;
  /** @deprecated Use `updates` (see above). */
  trees(request: WebSocketUpdatesRequest, options?: WebSocketStreamOptions<LedgerCheckpoint>): Result<Update1 | Heartbeat<LedgerCheckpoint>>;
  /**
   * `/v2/commands/command-completions` (asyncapi `onV2CommandsCommand-completions`): the
   * completions of commands acting as one of `parties`, as they happen; the channel never ends
   * by itself. Checkpoints: `{ stream: 'ledger.completions', offset }`.
   * @example
   * ```ts
   * client.ledger.ws.completions({ parties: [alice], beginExclusive: 1200 }).subscribe((r) => E.isRight(r) && console.log(r.right));
   * ```
   */
  completions(request: GetCompletionsRequest, options?: Quiet<CompletionsCheckpoint>): Result<Completion1>;
  /** With `heartbeats: true`: a `Heartbeat` for each `OffsetCheckpoint` at the stream's position. */
  completions(request: GetCompletionsRequest, options: Beating<CompletionsCheckpoint>): Result<Completion1 | Heartbeat<CompletionsCheckpoint>>;
  /** Options known only at run time: completions, and heartbeats if asked for. */
  completions(request: GetCompletionsRequest, options?: WebSocketStreamOptions<CompletionsCheckpoint>): Result<Completion1 | Heartbeat<CompletionsCheckpoint>>;
  /**
   * `/v2/commands/completions` (asyncapi `onV2CommandsCompletions`): as `completions`, for a
   * `userId` and a non-empty list of `parties`.
   * @deprecated Deprecated by Canton: use `completions`.
   * @example
   * ```ts
   * client.ledger.ws.completionStream({ userId: 'alice-app', parties: [alice] }).subscribe(console.log); // new code: ws.completions
   * ```
   */
  completionStream(request: CompletionStreamRequest, options?: Quiet<CompletionsCheckpoint>): Result<Completion1>;
  /** @deprecated Use `completions`. */
  completionStream(request: CompletionStreamRequest, options: Beating<CompletionsCheckpoint>): Result<Completion1 | Heartbeat<CompletionsCheckpoint>>;
  /** @deprecated Use `completions`. */
  completionStream(request: CompletionStreamRequest, options?: WebSocketStreamOptions<CompletionsCheckpoint>): Result<Completion1 | Heartbeat<CompletionsCheckpoint>>;
  /**
   * `/v2/state/active-contracts` (asyncapi `onV2StateActive-contracts`): the active contracts at
   * `activeAtOffset`, one message per contract entry; the stream completes after the last one.
   * Read `updates` from `activeAtOffset` on afterwards.
   * @example
   * ```ts
   * client.ledger.ws.activeContracts({ activeAtOffset: 1200, eventFormat: { filtersByParty: { [alice]: {} } } }).subscribe((r) => E.isRight(r) && console.log(r.right));
   * ```
   */
  activeContracts(request: GetActiveContractsRequest, options?: ActiveContractsOptions): Result<JsGetActiveContractsResponse>;
}

const UPDATES: UpdateChannel<Update> = { path: ledgerChannels.updates.path, codec: JsGetUpdatesResponse, legacyFilterOnly: false };
const FLATS: UpdateChannel<Update> = { path: ledgerChannels.updatesFlats.path, codec: JsGetUpdatesResponse, legacyFilterOnly: false };
const TREES: UpdateChannel<Update1> = { path: ledgerChannels.updatesTrees.path, codec: JsGetUpdateTreesResponse, legacyFilterOnly: true };

/** @internal */
export const ledgerWebSocketStreams = (endpoint: E.Either<CantonError, WebSocketEndpoint>): LedgerWebSocketStreams => ({
  updates: ((request: WebSocketUpdatesRequest, options?: WebSocketStreamOptions<LedgerCheckpoint>) => updateChannel(endpoint, UPDATES, request, options)) as LedgerWebSocketStreams['updates'],
  flats: ((request: WebSocketUpdatesRequest, options?: WebSocketStreamOptions<LedgerCheckpoint>) => updateChannel(endpoint, FLATS, request, options)) as LedgerWebSocketStreams['flats'],
  trees: ((request: WebSocketUpdatesRequest, options?: WebSocketStreamOptions<LedgerCheckpoint>) => updateChannel(endpoint, TREES, request, options)) as LedgerWebSocketStreams['trees'],
  completions: ((request: GetCompletionsRequest, options?: WebSocketStreamOptions<CompletionsCheckpoint>) =>
    completionChannel(endpoint, ledgerChannels.commandCompletions.path, request, options)) as LedgerWebSocketStreams['completions'],
  completionStream: ((request: CompletionStreamRequest, options?: WebSocketStreamOptions<CompletionsCheckpoint>) =>
    completionChannel(endpoint, ledgerChannels.completions.path, request, options)) as LedgerWebSocketStreams['completionStream'],
  activeContracts: (request, options) => activeContractsChannel(endpoint, request, options),
});
