import { of, type Observable } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import type { CantonError } from '../errors/CantonError.js';
import { checked } from '../client/send.js';
import { ledgerChannels } from '../generated/ledger/channels.js';
import type { GetActiveContractsRequest } from '../codecs/ledger/GetActiveContractsRequest.js';
import { JsGetActiveContractsResponse } from '../codecs/ledger/JsGetActiveContractsResponse.js';
import type { RetryBackoffConfig } from '../retry/retryBackoff.js';
import { Checks } from '../validation/checks.js';
import { flattenPages, valuesOf } from '../paging/flattenPages.js';
import { invariantViolation } from '../paging/invariantViolation.js';
import type { Paging } from '../paging/readPages.js';
import { openChannel } from './openChannel.js';
import { readChannel } from './readChannel.js';
import type { WebSocketEndpoint } from './webSocketEndpoint.js';
import { requireRequest } from '../validation/requireRequest.js';

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
  /** Decode strictly (see `WebSocketStreamOptions.strict`). @since 0.3.0 */
  readonly strict?: boolean;
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
 * Read with the paging engine's step and retry (`readChannel`): each element is a record whose
 * checkpoint is its continuation token.
 * @internal
 */
export const activeContractsChannel = (
  endpoint: E.Either<CantonError, WebSocketEndpoint>,
  request: GetActiveContractsRequest,
  options: ActiveContractsOptions = {},
): Observable<E.Either<CantonError, JsGetActiveContractsResponse>> =>
  checked(
    () => requireRequest(request, `${ledgerChannels.activeContracts.path} request`) ?? checkRequest(request).result(`${ledgerChannels.activeContracts.path} request`, request),
    (req) => {
      // Each element's record carries its continuation token (`undefined`: it came without one).
      const paging: Paging<Position, JsGetActiveContractsResponse, JsGetActiveContractsResponse, string | undefined> = {
        request: ({ token }) => {
          if (token === false) return of(E.left(invariantViolation('streamContinuationToken', 'a continuation token on the last element', 'none', 'the socket dropped after an element without a continuation token: the snapshot cannot be resumed without repeating contracts')));
          return openChannel(endpoint, ledgerChannels.activeContracts.path, token === undefined ? req : { ...req, streamContinuationToken: token }, JsGetActiveContractsResponse, options.strict);
        },
        step: (message) => {
          const entry = message.contractEntry;
          const token = message.streamContinuationToken == null || message.streamContinuationToken === '' ? false : message.streamContinuationToken;
          const checkpoint = token === false ? undefined : token;
          const records = entry == null || 'JsEmpty' in entry ? [] : [{ value: message, checkpoint }];
          return E.right({ page: { records, checkpoint, caughtUp: false }, next: { token } });
        },
      };
      const initial = { token: req.streamContinuationToken == null || req.streamContinuationToken === '' ? undefined : req.streamContinuationToken };
      return flattenPages(readChannel(paging, initial, { retry: options.retry, reopenMs: undefined }), valuesOf);
    },
  );
