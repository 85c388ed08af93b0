import { of, type Observable } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import type { CantonError } from '../errors/CantonError.js';
import { checked } from '../client/send.js';
import { ledgerChannels } from '../generated/ledger/channels.js';
import type { GetActiveContractsRequest } from '../codecs/ledger/GetActiveContractsRequest.js';
import { JsGetActiveContractsResponse } from '../codecs/ledger/JsGetActiveContractsResponse.js';
import type { RetryBackoffConfig } from '../retry/retryBackoff.js';
import { Checks } from '../validation/checks.js';
import { invariantViolation } from '../streams/invariantViolation.js';
import { openChannel } from './openChannel.js';
import { resumable } from './resumable.js';
import type { WebSocketEndpoint } from './webSocketEndpoint.js';

/**
 * Options of `ledger.ws.activeContracts`. The snapshot is bounded (it ends at the last contract
 * active at `activeAtOffset`): no tail, no heartbeats. To resume, pass an element's
 * `streamContinuationToken` in the request.
 * @category Streams
 * @since 0.2.0
 */
export interface ActiveContractsOptions {
  /** Open a new socket after a retryable failure, after the last element's continuation token (see `WebSocketStreamOptions.retry`). */
  readonly retry?: RetryBackoffConfig;
}

/** Position: the continuation token of the last element handed on (or asked with); `false` once an element came without one. */
interface Position {
  readonly token: string | undefined | false;
}

const checkRequest = (request: GetActiveContractsRequest): Checks => {
  const checks = new Checks().nonNegativeInt(request.activeAtOffset, 'activeAtOffset');
  const hasFormat = request.eventFormat != null;
  return checks.check(hasFormat !== (request.filter != null), 'eventFormat', hasFormat ? 'must be unset when filter is given' : 'is required (or the deprecated filter)');
};

/**
 * The `/v2/state/active-contracts` channel as a cold stream of its messages that hold a contract
 * entry (`JsEmpty` entries and messages without one are skipped). A new socket resumes after the
 * last element's `streamContinuationToken`; where the participant sent none, a dropped socket
 * cannot be resumed without repeating contracts and is a `DecodeError` of reason `invariant`.
 * @internal
 */
export const activeContractsChannel = (
  endpoint: E.Either<CantonError, WebSocketEndpoint>,
  request: GetActiveContractsRequest,
  options: ActiveContractsOptions = {},
): Observable<E.Either<CantonError, JsGetActiveContractsResponse>> =>
  checked(
    () => checkRequest(request).result(`${ledgerChannels.activeContracts.path} request`, request),
    (req) =>
      resumable<Position, JsGetActiveContractsResponse, JsGetActiveContractsResponse>({
        initial: { token: req.streamContinuationToken == null || req.streamContinuationToken === '' ? undefined : req.streamContinuationToken },
        retry: options.retry,
        reopenMs: undefined,
        connect: ({ token }) => {
          if (token === false) return of(E.left(invariantViolation('streamContinuationToken', 'a continuation token on the last element', 'none', 'the socket dropped after an element without a continuation token: the snapshot cannot be resumed without repeating contracts')));
          return openChannel(endpoint, ledgerChannels.activeContracts.path, token === undefined ? req : { ...req, streamContinuationToken: token }, JsGetActiveContractsResponse);
        },
        step: (message) => {
          const entry = message.contractEntry;
          const token = message.streamContinuationToken == null || message.streamContinuationToken === '' ? false : message.streamContinuationToken;
          const items = entry == null || 'JsEmpty' in entry ? [] : [message];
          return E.right({ items, next: { token } });
        },
      }),
  );
