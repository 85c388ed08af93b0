import * as E from 'fp-ts/lib/Either.js';
import type { InvalidRequest, RequestIssue } from '../errors/CantonError.js';
import { invalidRequest } from '../errors/constructors.js';
import { parseBaseUrl } from '../http/parseBaseUrl.js';
import type { TokenSource } from '../http/types.js';
import type { GroupConfig, WebSocketConstructor } from '../client/types.js';
import type { Telemetry } from '../telemetry/createTelemetry.js';

/** Where the ledger's WebSocket channels are, and how to open one. @internal */
export interface WebSocketEndpoint {
  /** The ledger's base URL (`http:` or `https:`); each channel's URL is derived from it. */
  readonly baseUrl: string;
  readonly token?: TokenSource;
  /** The class given to the client, if any (see loadWebSocket). */
  readonly webSocket?: WebSocketConstructor;
  /** How long the opening handshake may take (the client's `timeoutMs`). */
  readonly timeoutMs: number;
  /** Decode the messages strictly (the client's `strict` option, docs/codecs.md). */
  readonly strict?: boolean;
  /** The client's telemetry: a span per connection (src/telemetry). */
  readonly telemetry?: Telemetry;
}

/**
 * The ledger group's WebSocket endpoint, or the `InvalidRequest` every channel answers with: the
 * same refusals as the HTTP transport (a group not configured, a bad base URL, bad client
 * options), and a `webSocket` option that is not a class.
 * @internal
 */
export const webSocketEndpoint = (
  group: GroupConfig | undefined,
  shared: { timeoutMs: number; webSocket?: WebSocketConstructor; configIssues?: ReadonlyArray<RequestIssue>; strict?: boolean; telemetry?: Telemetry },
): E.Either<InvalidRequest, WebSocketEndpoint> => {
  const issues = [...(shared.configIssues ?? [])];
  if (shared.webSocket !== undefined && typeof shared.webSocket !== 'function') issues.push({ path: 'webSocket', message: 'must be a WebSocket class' });
  if (issues.length > 0) return E.left(invalidRequest(`invalid client configuration: ${issues.map((i) => `${i.path} ${i.message}`).join('; ')}`, issues));
  if (group === undefined) return E.left(invalidRequest('the ledger group is not configured: pass createClient({ ledger: { url } })', [{ path: 'ledger', message: 'not configured' }]));
  const base = parseBaseUrl(group.url);
  if (E.isLeft(base)) {
    return E.left(invalidRequest(`invalid client configuration: the ledger base URL ${base.left.issues.map((i) => i.message).join(' and ')}`, base.left.issues.map((i) => ({ path: `ledger.${i.path}`, message: i.message }))));
  }
  return E.right({
    baseUrl: group.url,
    timeoutMs: shared.timeoutMs,
    ...(group.token !== undefined ? { token: group.token } : {}),
    ...(shared.webSocket !== undefined ? { webSocket: shared.webSocket } : {}),
    ...(shared.strict === true ? { strict: true } : {}),
    ...(shared.telemetry !== undefined ? { telemetry: shared.telemetry } : {}),
  });
};
