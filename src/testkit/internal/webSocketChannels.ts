/**
 * The ledger's WebSocket channels over the real WebSocket protocol, on the simulator's HTTP
 * server (its 'upgrade' event): authentication by the `jwt.token.<token>` sub-protocol (the
 * server echoes `daml.ws.auth`), one request message, then one message per response; errors are
 * `JsCantonError` messages followed by a normal close, as the JSON API sends them. Bounded
 * channels close normally when done; open-ended ones follow the history as it grows. Faults:
 * refuse the upgrade, drop a socket after N messages, send a malformed message.
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { WebSocket, WebSocketServer } from 'ws';
import type { WebSocketFaultPlan, WebSocketStats } from '../types.js';
import type { Json } from './daml.js';
import { isObject, parseJson, type Reply } from './http.js';
import type { NetworkState } from './state.js';
import { authenticate } from './tokens.js';
import { activeContractsSession, CHANNEL_PATHS, completionsSession, updatesSession, type ChannelPath, type Session, type SimulatedCompletion } from './webSocketContent.js';

const DAML_WS_AUTH = 'daml.ws.auth';
const TOKEN_PREFIX = 'jwt.token.';

const STATUS_TEXT: Readonly<Record<number, string>> = { 400: 'Bad Request', 401: 'Unauthorized', 404: 'Not Found', 429: 'Too Many Requests', 500: 'Internal Server Error', 501: 'Not Implemented', 503: 'Service Unavailable' };

/** Answers an upgrade request with a plain HTTP status instead of a WebSocket. */
const refuse = (socket: Duplex, status: number, text: string): void => {
  socket.end(`HTTP/1.1 ${status} ${STATUS_TEXT[status] ?? 'Error'}\r\ncontent-type: text/plain\r\ncontent-length: ${Buffer.byteLength(text)}\r\nconnection: close\r\n\r\n${text}`);
};

/** The message a `malformed` fault sends in place of a real one: its first field replaced by a number. */
const malform = (message: Json): Json => {
  if (!isObject(message)) return 42;
  const [first] = Object.keys(message);
  return first === undefined ? 42 : { ...message, [first]: 42 };
};

export interface WebSocketChannels {
  setFaults(plan: WebSocketFaultPlan | undefined): void;
  stats(): WebSocketStats;
  close(): void;
}

const checkPlan = (plan: WebSocketFaultPlan | undefined): WebSocketFaultPlan | undefined => {
  if (plan === undefined) return undefined;
  for (const key of ['dropAfter', 'malformedAfter', 'connections'] as const) {
    const v = plan[key];
    if (v !== undefined && !(Number.isSafeInteger(v) && v >= 0)) throw new RangeError(`webSocketFaults.${key} must be an integer ≥ 0, got ${v}`);
  }
  if (plan.refuseUpgrade !== undefined && !(Number.isSafeInteger(plan.refuseUpgrade) && plan.refuseUpgrade >= 400 && plan.refuseUpgrade <= 599)) throw new RangeError(`webSocketFaults.refuseUpgrade must be an HTTP status from 400 to 599, got ${plan.refuseUpgrade}`);
  for (const c of plan.channels ?? []) if (!CHANNEL_PATHS.includes(c as ChannelPath)) throw new RangeError(`webSocketFaults.channels: unknown channel ${c}`);
  return plan;
};

/**
 * Serves the channels on `server`. `ws` is loaded here, on start, so that the testkit needs it
 * only where it runs; without it every upgrade is a 501 that says so.
 */
export const serveWebSocketChannels = async (server: Server, state: NetworkState, options: { faults?: WebSocketFaultPlan; completions: () => readonly SimulatedCompletion[] }): Promise<WebSocketChannels> => {
  let wss: WebSocketServer | undefined;
  try {
    const ws = await import('ws');
    const Ctor = (ws.WebSocketServer ?? (ws as unknown as { default: typeof ws }).default.WebSocketServer) as typeof WebSocketServer;
    wss = new Ctor({ noServer: true, handleProtocols: (protocols) => (protocols.has(DAML_WS_AUTH) ? DAML_WS_AUTH : false) });
  } catch {
    wss = undefined;
  }
  let faults = checkPlan(options.faults);
  const counts = { opened: 0, open: 0, closedByClient: 0, dropped: 0, refused: 0, messages: 0 };
  let faulted = 0;
  const live = new Set<() => void>();
  // One listener for the life of the network: open-ended channels are told after each growth.
  let pending = false;
  state.history.listeners.push(() => {
    if (pending || live.size === 0) return;
    pending = true;
    setImmediate(() => {
      pending = false;
      for (const grow of live) grow();
    });
  });

  const sessionFor = (path: ChannelPath, request: Record<string, unknown>, authorization: string | undefined): Session | Reply => {
    const auth = authenticate(authorization, state.options.users, state.nowSeconds(), state.storedUser, state.options.audience, state.options.jwks);
    const principal = 'principal' in auth ? auth.principal : undefined;
    if (state.options.requireAuth && principal === undefined) return state.ledgerErrors.reply('UNAUTHENTICATED', 'The command is missing a (valid) JWT token');
    if (path === '/v2/state/active-contracts') return activeContractsSession(state, principal, request);
    if (path === '/v2/commands/completions' || path === '/v2/commands/command-completions') return completionsSession(state, path, principal, request, options.completions);
    return updatesSession(state, path, principal, request);
  };

  const serve = (socket: WebSocket, path: ChannelPath, authorization: string | undefined, plan: WebSocketFaultPlan | undefined): void => {
    let sent = 0;
    let closedByServer = false;
    let grow: (() => void) | undefined;
    const send = (message: Json): boolean => {
      if (socket.readyState !== socket.OPEN) return false;
      if (plan?.dropAfter !== undefined && sent >= plan.dropAfter) {
        closedByServer = true;
        counts.dropped++;
        // No close frame: the client sees an abnormal closure (1006), as when a connection is cut.
        socket.terminate();
        return false;
      }
      const body = plan?.malformedAfter !== undefined && sent === plan.malformedAfter ? malform(message) : message;
      sent++;
      counts.messages++;
      socket.send(JSON.stringify(body));
      return true;
    };
    const end = () => {
      if (socket.readyState !== socket.OPEN) return;
      closedByServer = true;
      socket.close(1000);
    };
    socket.on('close', () => {
      counts.open--;
      if (!closedByServer) counts.closedByClient++;
      if (grow !== undefined) live.delete(grow);
    });
    socket.once('message', (data) => {
      const parsed = parseJson(String(data));
      if (parsed === undefined || !isObject(parsed.value)) {
        send(JSON.parse(String(state.ledgerErrors.reply('INVALID_ARGUMENT', 'The submitted request has invalid arguments: the message is not a JSON object').body)) as Json);
        end();
        return;
      }
      let session: Session | Reply;
      try {
        session = sessionFor(path, parsed.value, authorization);
      } catch (e) {
        session = state.ledgerErrors.reply('LEDGER_API_INTERNAL_ERROR', `An internal error has occurred: ${e instanceof Error ? e.message : String(e)}`);
      }
      const first = 'status' in session ? session : session.start();
      if (!Array.isArray(first)) {
        send(JSON.parse(String((first as Reply).body)) as Json);
        end();
        return;
      }
      for (const message of first) if (!send(message)) return;
      const follow = 'status' in session ? undefined : session.grow;
      if (follow === undefined) {
        end();
        return;
      }
      grow = () => {
        for (const message of follow()) if (!send(message)) return;
      };
      live.add(grow);
    });
  };

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer): void => {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname as ChannelPath;
    if (!CHANNEL_PATHS.includes(path)) return refuse(socket, 404, 'The requested resource could not be found.');
    if (wss === undefined) return refuse(socket, 501, 'The simulated network serves WebSockets only where the ws package is installed.');
    const plan = faults !== undefined && (faults.channels === undefined || faults.channels.includes(path)) && (faults.connections === undefined || faulted < faults.connections) ? faults : undefined;
    if (plan !== undefined) faulted++;
    if (plan?.refuseUpgrade !== undefined) {
      counts.refused++;
      return refuse(socket, plan.refuseUpgrade, 'The upgrade was refused (simulated fault).');
    }
    const protocols = String(req.headers['sec-websocket-protocol'] ?? '').split(',').map((p) => p.trim());
    const token = protocols.find((p) => p.startsWith(TOKEN_PREFIX))?.slice(TOKEN_PREFIX.length);
    wss.handleUpgrade(req, socket, head, (client) => {
      counts.opened++;
      counts.open++;
      serve(client, path, token === undefined ? undefined : `Bearer ${token}`, plan);
    });
  };
  server.on('upgrade', onUpgrade);

  return {
    setFaults: (plan) => {
      faults = checkPlan(plan);
      faulted = 0;
    },
    stats: () => ({ ...counts }),
    close: () => {
      server.off('upgrade', onUpgrade);
      live.clear();
      for (const client of wss?.clients ?? []) client.terminate();
      wss?.close();
    },
  };
};
