import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** What the scripted server does with one request. */
export type Reply =
  | { readonly status?: number; readonly headers?: Record<string, string>; readonly body?: string | object }
  | { readonly action: 'reset' }
  | { readonly action: 'hang' }
  /** Announces a 2 KiB JSON body, sends half of it, then closes the connection. */
  | { readonly action: 'truncate' };

export interface RecordedRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
  /** Resolves true when the client closed the connection before the answer was sent. */
  readonly closedEarly: Promise<boolean>;
}

export interface TestServer {
  readonly url: string;
  readonly requests: RecordedRequest[];
  /** Resolves with the n-th request (0-based) once it has arrived. */
  request(n: number): Promise<RecordedRequest>;
  close(): Promise<void>;
}

/**
 * A real HTTP server on 127.0.0.1, port 0, answering each request with what `handler` returns.
 * It records every request and whether the client went away before the answer.
 */
export const startServer = async (handler: (req: RecordedRequest) => Reply): Promise<TestServer> => {
  const requests: RecordedRequest[] = [];
  const waiters: Array<{ n: number; resolve: (r: RecordedRequest) => void }> = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((req, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let answered = false;
      const closedEarly = new Promise<boolean>((resolve) => res.on('close', () => resolve(!answered)));
      const recorded: RecordedRequest = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        closedEarly,
      };
      requests.push(recorded);
      for (const w of waiters.filter((w) => w.n === requests.length - 1)) w.resolve(recorded);
      const reply = handler(recorded);
      if ('action' in reply) {
        if (reply.action === 'reset') req.socket.destroy();
        if (reply.action === 'truncate') {
          const body = Buffer.from(JSON.stringify({ transactions: 'x'.repeat(2048) }));
          res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(body.length) });
          res.write(body.subarray(0, body.length / 2), () => req.socket.destroy());
        }
        return;
      }
      const body = reply.body === undefined ? '' : typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
      const headers = { ...(typeof reply.body === 'object' ? { 'content-type': 'application/json' } : {}), ...reply.headers };
      answered = true;
      res.writeHead(reply.status ?? 200, headers);
      res.end(body);
    });
  });
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    request: (n) =>
      n < requests.length ? Promise.resolve(requests[n]!) : new Promise((resolve) => waiters.push({ n, resolve })),
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
};
