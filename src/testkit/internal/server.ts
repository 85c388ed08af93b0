/**
 * The `node:http` request loop: matches the route, counts the request, draws a fault, runs the
 * handler and writes (or deliberately breaks) the reply.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RouteGroup } from '../types.js';
import type { FaultDecision, FaultInjector } from './faults.js';
import { plain, spliceError, spliceTooManyRequests, type Reply, type Route } from './http.js';
import { matchRoute } from './router.js';
import type { NetworkState } from './state.js';
import type { StatsRecorder } from './stats.js';

const MAX_BODY = 16 * 1024 * 1024;

const readBody = (req: IncomingMessage): Promise<string> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY) chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });

// Unref'd: a delayed answer must not keep the process alive once the network is closed.
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms).unref());

/** The reply a status fault stands for, in the format of the group. */
const faultReply = (state: NetworkState, group: RouteGroup, fault: FaultDecision): Reply => {
  if (group === 'ledger') {
    if (fault.kind === 500) return state.ledgerErrors.reply('LEDGER_API_INTERNAL_ERROR', 'An internal error has occurred (simulated fault).');
    if (fault.kind === 503) return state.ledgerErrors.reply('SERVICE_NOT_RUNNING', 'Ledger API server is shutting down or not yet running (simulated fault).', { retryAfterSeconds: fault.retryAfterSeconds });
    return state.ledgerErrors.reply('PARTICIPANT_BACKPRESSURE', 'The participant is overloaded: too many requests (simulated fault).', { retryAfterSeconds: fault.retryAfterSeconds });
  }
  if (fault.kind === 500) return spliceError(500, 'An unexpected error occurred.');
  if (fault.kind === 503) return spliceError(503, 'The server is taking too long to respond to the request at the moment. Please try again later.');
  return spliceTooManyRequests(fault.retryAfterSeconds);
};

/** An internal error in the format of the group (a bug of the simulator, not a planned fault). */
const internalError = (state: NetworkState, group: RouteGroup, e: unknown): Reply =>
  group === 'ledger'
    ? state.ledgerErrors.reply('LEDGER_API_INTERNAL_ERROR', `An internal error has occurred: ${e instanceof Error ? e.message : String(e)}`)
    : spliceError(500, 'An unexpected error occurred.');

const write = (res: ServerResponse, reply: Reply, mode: 'full' | 'truncate' | 'invalid-json'): void => {
  let body = typeof reply.body === 'string' ? Buffer.from(reply.body, 'utf8') : Buffer.from(reply.body.buffer, reply.body.byteOffset, reply.body.byteLength);
  const headers: Record<string, string> = { ...reply.headers };
  if (mode === 'invalid-json') {
    body = Buffer.concat([body.subarray(0, Math.floor(body.length / 2)), Buffer.from('\u0000<not json', 'utf8')]);
    headers['content-type'] = 'application/json';
  }
  if (mode === 'truncate') {
    res.writeHead(reply.status, { ...headers, 'content-length': String(Math.max(1, body.length)) });
    res.write(body.subarray(0, Math.floor(body.length / 2)), () => {
      res.socket?.destroy();
    });
    return;
  }
  res.writeHead(reply.status, { ...headers, 'content-length': String(body.length) });
  res.end(body);
};

export const requestListener =
  (state: NetworkState, routes: readonly Route[], faults: FaultInjector, stats: StatsRecorder) =>
  async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const method = req.method ?? 'GET';
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const match = matchRoute(routes, method, url.pathname);
    const route = match !== undefined && 'route' in match ? match.route : undefined;
    const routeId = route === undefined ? 'unmatched' : `${route.method} ${route.template}`;
    const group: RouteGroup | 'none' = route?.group ?? 'none';
    const n = stats.request(routeId, group);
    let body: string;
    try {
      body = await readBody(req);
    } catch {
      stats.status(routeId, 'reset');
      return;
    }
    if (route === undefined || match === undefined || !('route' in match)) {
      const reply =
        match !== undefined && 'methodNotAllowed' in match
          ? plain(405, `HTTP method not allowed, supported methods: ${match.methodNotAllowed.join(', ')}`, { allow: match.methodNotAllowed.join(', ') })
          : plain(404, 'The requested resource could not be found.');
      stats.status(routeId, reply.status);
      write(res, reply, 'full');
      return;
    }
    const fault = faults.decide(routeId, route.template, route.group, n);
    if (fault !== undefined) {
      stats.fault(routeId, n, fault.kind);
      if (fault.kind === 'reset') {
        stats.status(routeId, 'reset');
        req.socket.destroy();
        return;
      }
      if (typeof fault.kind === 'number') {
        const reply = faultReply(state, route.group, fault);
        stats.status(routeId, reply.status);
        write(res, reply, 'full');
        return;
      }
      if (fault.kind === 'delay') {
        await sleep(fault.delayMs);
        // Closed (or given up by the client) meanwhile: the handler must not change the history.
        if (req.socket.destroyed) return;
      }
    }
    let reply: Reply;
    try {
      reply = await route.handler({
        method,
        path: url.pathname,
        params: match.params,
        query: url.searchParams,
        authorization: req.headers.authorization,
        body,
      });
    } catch (e) {
      reply = internalError(state, route.group, e);
    }
    if (res.destroyed || req.socket.destroyed) return;
    stats.status(routeId, reply.status);
    write(res, reply, fault?.kind === 'truncate' ? 'truncate' : fault?.kind === 'invalid-json' ? 'invalid-json' : 'full');
  };

