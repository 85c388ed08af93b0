import type { ErrorBody, HttpError, KnownCondition } from '../errors/CantonError.js';
import { httpError } from '../errors/constructors.js';
import { matchesCondition } from '../errors/matchesCondition.js';
import { JsCantonError } from '../codecs/ledger/JsCantonError.js';
import { parseRetryAfter } from './parseRetryAfter.js';
import { parseScalaDuration } from './parseScalaDuration.js';
import type { ResponseBody } from './types.js';

/** The conditions that a ledger error code names whatever the operation. */
const LEDGER_CONDITIONS: ReadonlyArray<KnownCondition> = ['ParticipantPruned', 'InvalidPageToken', 'DeprecatedApiDisabled'];

const toErrorBody = (body: ResponseBody): ErrorBody => {
  switch (body._tag) {
    case 'Empty':
      return body;
    case 'Bytes':
      // Only a 2xx body is handed on unread: never an error's.
      return { _tag: 'Empty' };
    case 'Text':
      return body;
    case 'Json': {
      const json = body.json;
      if (JsCantonError.is(json)) return { _tag: 'LedgerError', error: json };
      if (typeof json === 'object' && json !== null && typeof (json as { error?: unknown }).error === 'string') {
        return { _tag: 'SimpleError', error: (json as { error: string }).error };
      }
      return { _tag: 'Json', json };
    }
  }
};

/**
 * Turns a non-2xx answer into an {@link HttpError}: decodes the body as a ledger error, a Splice
 * `{error}` body, other JSON, text or nothing; reads how long to wait from `Retry-After` or the
 * ledger's `retryInfo`; and recognises the ledger conditions a stream must act on.
 * @internal
 */
export const toHttpError = (
  response: { status: number; method: string; url: string; retryAfter: string | null; body: ResponseBody },
  nowMs: number,
): HttpError => {
  const body = toErrorBody(response.body);
  const ledger = body._tag === 'LedgerError' ? body.error : undefined;
  const retryAfterMs = parseRetryAfter(response.retryAfter, nowMs) ?? parseScalaDuration(ledger?.retryInfo);
  const error = httpError({ status: response.status, method: response.method, url: response.url, body, ...(retryAfterMs !== undefined ? { retryAfterMs } : {}) });
  const condition = LEDGER_CONDITIONS.find((c) => matchesCondition(c, error));
  return condition === undefined ? error : { ...error, condition };
};
