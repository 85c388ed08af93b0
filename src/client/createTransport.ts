import { of, type Observable } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import type { CantonError, RequestIssue } from '../errors/CantonError.js';
import { invalidRequest } from '../errors/constructors.js';
import { parseBaseUrl } from '../http/parseBaseUrl.js';
import { request } from '../http/request.js';
import type { Fetch, HttpResponse, RequestDescription } from '../http/types.js';
import type { Telemetry } from '../telemetry/createTelemetry.js';
import type { GroupConfig } from './types.js';

/**
 * How a Scan pool compares its Scans' answers to one call (scripts/codegen/overrides.mjs,
 * agreement): the whole answer (status and canonical body), or a history page item by item
 * (`items`: the array of the body, `id`: an item's identity, `ignore`: fields not compared).
 * @internal
 */
export type Agreement = 'whole' | { readonly kind: 'history-page'; readonly items: string; readonly id: string; readonly ignore: ReadonlyArray<string> };

/**
 * What an operation asks of its group's transport; `agreement` comes from the operation's
 * descriptor (absent: `'whole'`, or what the descriptor of the call's route says).
 * @internal
 */
export type Call = Pick<RequestDescription, 'method' | 'path' | 'params' | 'query' | 'body' | 'onOkText' | 'onOkJson'> & { readonly agreement?: Agreement; readonly operationId?: string };

/** Sends calls to one API group; `telemetry`, when the client has some, is what its streams report to. @internal */
export type Transport = ((call: Call) => Observable<E.Either<CantonError, HttpResponse>>) & { readonly telemetry?: Telemetry };

/**
 * Binds the HTTP core to one group's base URL, token, fetch, timeout and body bound. A group
 * that was not configured, or whose base URL is unusable, answers every call with an
 * `InvalidRequest` Left, so a missing URL is a value the caller sees, not a crash.
 * @internal
 */
export const createTransport = (
  name: 'ledger' | 'validator' | 'scan',
  group: GroupConfig | undefined,
  shared: { fetch: Fetch; timeoutMs: number; maxResponseBytes?: number; configIssues?: ReadonlyArray<RequestIssue>; telemetry?: Telemetry },
): Transport => {
  if (shared.configIssues !== undefined && shared.configIssues.length > 0) {
    const text = shared.configIssues.map((i) => `${i.path} ${i.message}`).join('; ');
    const invalid = E.left(invalidRequest(`invalid client configuration: ${text}`, shared.configIssues));
    return () => of(invalid);
  }
  if (group === undefined) {
    const notConfigured = E.left(
      invalidRequest(`the ${name} group is not configured: pass createClient({ ${name}: { url } })`, [{ path: name, message: 'not configured' }]),
    );
    return () => of(notConfigured);
  }
  // Checked once here so that the Left names the group; the HTTP core checks it again per request.
  const base = parseBaseUrl(group.url);
  if (E.isLeft(base)) {
    const invalid = E.left(
      invalidRequest(
        `invalid client configuration: the ${name} ${base.left.message}`,
        base.left.issues.map((i) => ({ path: `${name}.${i.path}`, message: i.message })),
      ),
    );
    return () => of(invalid);
  }
  const send = ({ agreement: _agreement, operationId: _operationId, ...call }: Call) =>
    request({
      ...call,
      baseUrl: group.url,
      fetch: shared.fetch,
      timeoutMs: shared.timeoutMs,
      ...(shared.maxResponseBytes !== undefined ? { maxResponseBytes: shared.maxResponseBytes } : {}),
      ...(group.token !== undefined ? { token: group.token } : {}),
    });
  const telemetry = shared.telemetry;
  // Telemetry (src/telemetry): a span and the request metrics around each request sent.
  return telemetry === undefined ? send : (call) => telemetry.request({ method: call.method, path: call.path, group: name, ...(call.operationId !== undefined ? { operationId: call.operationId } : {}) }, () => send(call));
};
