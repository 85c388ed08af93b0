import { map, type Observable } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import { invalidRequest } from '../errors/constructors.js';
import type { CantonError } from '../errors/CantonError.js';
import type { Transport } from '../client/createTransport.js';
import { checked, send } from '../client/send.js';
import { withCondition } from '../client/withCondition.js';
import * as L from '../codecs/ledger/index.js';
import type * as T from '../codecs/ledger/index.js';
import { validateGetUpdatesPageRequest } from '../validation/validateGetUpdatesPageRequest.js';
import { validateNonEmpty } from '../validation/validateNonEmpty.js';
import { ledgerUpdates, type LedgerUpdatesOptions, type LedgerUpdatesRequest } from '../streams/ledgerUpdates.js';
import type { Heartbeat } from '../streams/heartbeat.js';
import type { LedgerCheckpoint } from '../streams/checkpoints.js';
import { ledgerWebSocketStreams, type LedgerWebSocketStreams } from '../ws/ledgerWebSocketStreams.js';
import type { WebSocketEndpoint } from '../ws/webSocketEndpoint.js';
import { generatedLedgerMethods, type GeneratedLedgerMethods } from '../generated/ledger/methods.js';

type Result<A> = Observable<E.Either<CantonError, A>>;

/**
 * The Canton Ledger JSON API v2 (`{ledger_url}`). Every method is cold and emits
 * `Either<CantonError, A>`; request and response objects use the upstream wire names.
 * @category Client
 * @since 0.1.0
 */
export interface LedgerGroup extends GeneratedLedgerMethods {
  /** `POST /v2/updates/get-updates-page`: one page of updates (Canton 3.5.1 and later). */
  getUpdatesPage(request: T.GetUpdatesPageRequest): Result<T.JsGetUpdatesPageResponse>;
  /** `GET /v2/idps/{idp-id}` (needs participant admin rights). */
  getIdentityProviderConfig(idpId: string): Result<T.GetIdentityProviderConfigResponse>;
  /**
   * `GET /v2/traffic/accounts/{account-id}`. The route exists only where traffic enforcement is
   * on, so the router's own 404 (not a ledger error) carries
   * `condition: 'TrafficEnforcementDisabled'` (an unknown account is balance 0, not a 404).
   */
  getTrafficAccount(accountId: string): Result<T.GetAccountResponse>;
  /**
   * The updates as a stream of `Update` items, page after page through `nextPageToken`, up to
   * `endOffsetInclusive` or, ascending without an end, until a page comes back empty (caught
   * up); with `tail` it keeps polling from there. See docs/streams.md.
   */
  updates(request: LedgerUpdatesRequest, options?: LedgerUpdatesOptions & { readonly heartbeats?: false }): Result<T.Update>;
  /** With `heartbeats: true`: a `Heartbeat` each time a page shows the stream caught up. */
  updates(request: LedgerUpdatesRequest, options: LedgerUpdatesOptions & { readonly heartbeats: true }): Result<T.Update | Heartbeat<LedgerCheckpoint>>;
  /** Options known only at run time: items, and heartbeats if asked for. */
  updates(request: LedgerUpdatesRequest, options?: LedgerUpdatesOptions): Result<T.Update | Heartbeat<LedgerCheckpoint>>;
  /**
   * The WebSocket streams (updates, completions, active contracts, and the deprecated flats and
   * trees): see docs/ledger-ws.md.
   * @since 0.2.0
   */
  readonly ws: LedgerWebSocketStreams;
}

const NO_WEB_SOCKET = invalidRequest('no WebSocket endpoint was given to this ledger group', [{ path: 'ledger', message: 'not configured' }]);

/** @internal */
export const createLedgerGroup = (transport: Transport, webSocket: E.Either<CantonError, WebSocketEndpoint> = E.left(NO_WEB_SOCKET)): LedgerGroup => ({
  ...generatedLedgerMethods(transport),
  getUpdatesPage: (request) =>
    checked(
      () => validateGetUpdatesPageRequest(request),
      (body) => send(transport, { method: 'POST', path: '/v2/updates/get-updates-page', body }, L.JsGetUpdatesPageResponse),
    ),
  getIdentityProviderConfig: (idpId) =>
    checked(
      () => validateNonEmpty(idpId, 'idp-id'),
      (id) => send(transport, { method: 'GET', path: '/v2/idps/{idp-id}', params: { 'idp-id': id } }, L.GetIdentityProviderConfigResponse),
    ),
  getTrafficAccount: (accountId) =>
    checked(
      () => validateNonEmpty(accountId, 'account-id'),
      (id) =>
        send(transport, { method: 'GET', path: '/v2/traffic/accounts/{account-id}', params: { 'account-id': id } }, L.GetAccountResponse).pipe(
          map(withCondition('TrafficEnforcementDisabled')),
        ),
    ),
  updates: ((request: LedgerUpdatesRequest, options?: LedgerUpdatesOptions) => ledgerUpdates(transport, request, options)) as LedgerGroup['updates'],
  ws: ledgerWebSocketStreams(webSocket),
});
