import { map, of, type Observable } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import type { CantonError, RequestIssue } from '../errors/CantonError.js';
import { invalidRequest } from '../errors/constructors.js';
import { parseBaseUrl } from '../http/parseBaseUrl.js';
import { request } from '../http/request.js';
import type { Fetch, HttpResponse, RequestDescription, RequestObserver } from '../http/types.js';
import type { RequestInfo, Telemetry } from '../telemetry/createTelemetry.js';
import type { GroupConfig } from './types.js';

/**
 * How a Scan pool compares its Scans' answers to one call (scripts/codegen/overrides.mjs,
 * agreement): the whole answer (status and body), or a history page item by item (`items`: the
 * array of the body, `id`: an item's identity, `ignore`: JSON pointers into an item, such as
 * `/offset`, whose values are not compared there; a field of that name elsewhere is).
 * @internal
 */
export type Agreement = 'whole' | { readonly kind: 'history-page'; readonly items: string; readonly id: string; readonly ignore: ReadonlyArray<string> };

/**
 * What an operation asks of its group's transport; `agreement` comes from the operation's
 * descriptor (absent: `'whole'`, or what the descriptor of the call's route says).
 * @internal
 */
export type Call = Pick<RequestDescription, 'method' | 'path' | 'params' | 'query' | 'body' | 'onOkBytes' | 'okBytes' | 'observer'> & {
  readonly agreement?: Agreement;
  /** The operation's id, for telemetry (a span's `operationId`). */
  readonly operationId?: string;
  /** Decode the answer strictly (docs/codecs.md, "Open unions"); absent: the client's `strict` option. */
  readonly strict?: boolean;
};

/** An answer of a transport: the HTTP answer, and whether it is to be decoded strictly. @internal */
export type TransportAnswer = HttpResponse & { readonly strict?: boolean };

/**
 * Sends calls to one API group. `okBytes: true` says that a call with `okBytes` is answered with the
 * body's bytes, unread (one server's transport); a transport without it (a Scan pool, which
 * compares the answers it reads) must not be sent such a call. `telemetry`, when the client has
 * some, is what its streams report to.
 * @internal
 */
export type Transport = ((call: Call) => Observable<E.Either<CantonError, TransportAnswer>>) & { readonly okBytes?: true; readonly telemetry?: Telemetry; readonly strict?: true };

/**
 * The transport of one call with its own `strict` (a stream's option), laid over the client's:
 * `undefined` leaves the transport as it is.
 * @internal
 */
export const withStrict = (transport: Transport, options: { readonly strict?: boolean } | undefined): Transport =>
  options?.strict === undefined
    ? transport
    : Object.assign((call: Call) => transport({ ...call, strict: options.strict }), {
        ...(transport.okBytes === true ? { okBytes: true as const } : {}),
        ...(transport.telemetry !== undefined ? { telemetry: transport.telemetry } : {}),
        ...(options.strict ? { strict: true as const } : {}),
      });

/**
 * Binds the HTTP core to one group's base URL, token, fetch, timeout and body bound. A group
 * that was not configured, or whose base URL is unusable, answers every call with an
 * `InvalidRequest` Left, so a missing URL is a value the caller sees, not a crash.
 * @internal
 */
export const createTransport = (
  name: 'ledger' | 'validator' | 'scan' | 'registry',
  group: GroupConfig | undefined,
  shared: { fetch: Fetch; timeoutMs: number; maxResponseBytes?: number; configIssues?: ReadonlyArray<RequestIssue>; strict?: boolean; telemetry?: Telemetry },
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
        `invalid client configuration: the ${name} base URL ${base.left.issues.map((i) => i.message).join(' and ')}`,
        base.left.issues.map((i) => ({ path: `${name}.${i.path}`, message: i.message })),
      ),
    );
    return () => of(invalid);
  }
  const send = ({ agreement: _agreement, operationId: _operationId, strict, ...call }: Call) => {
    const answer = request({
      ...call,
      baseUrl: group.url,
      fetch: shared.fetch,
      timeoutMs: shared.timeoutMs,
      ...(shared.maxResponseBytes !== undefined ? { maxResponseBytes: shared.maxResponseBytes } : {}),
      ...(group.token !== undefined ? { token: group.token } : {}),
    });
    // The answer says how it is to be decoded: the call's own choice, else the client's.
    return (strict ?? shared.strict) === true ? answer.pipe(map(E.map((r): TransportAnswer => ({ ...r, strict: true })))) : answer;
  };
  const telemetry = shared.telemetry;
  // Telemetry (src/telemetry): a span and the request metrics around each request sent.
  // Made once: the request's telemetry hands the call and its observer back here, no closure per request.
  const sendObserved = (observer: RequestObserver | undefined, call: Call) => send(observer === undefined ? call : { ...call, observer });
  // One RequestInfo per operation, made on its first call.
  const infos = new Map<string, RequestInfo>();
  const infoOf = (call: Call): RequestInfo => {
    const key = call.operationId ?? `${call.method} ${call.path}`;
    let info = infos.get(key);
    if (info === undefined) infos.set(key, (info = { method: call.method, path: call.path, group: name, server: group.url, ...(call.operationId !== undefined ? { operationId: call.operationId } : {}) }));
    return info;
  };
  const sent = telemetry === undefined ? send : (call: Call) => telemetry.request(infoOf(call), sendObserved, call);
  // `strict` tells what a stream decodes itself, past the answer (the token standard's views), how the client decodes.
  return Object.assign(sent, { okBytes: true as const, ...(shared.strict === true ? { strict: true as const } : {}) });
};
