import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import * as E from 'fp-ts/lib/Either.js';
import sinon from 'sinon';
import type { Subscription } from 'rxjs';
import { createClient } from '../../src/clientFactory/createClient';
import type { CantonError } from '../../src/errors/CantonError';
import type { Update } from '../../src/codecs/ledger/Update';
import { checkpointOf } from '../../src/streams/checkpointOf';
import { mintToken, startSimulatedNetwork, type SimulatedNetwork } from '../../src/testkit/index';
import { collect } from '../helpers/collect';
import { rights } from '../helpers/results';
import { eventually, formatOf } from '../ws/helpers';

/**
 * A proxy on 127.0.0.1 in front of the simulated network that answers request number `stallAt`
 * (0-based, POSTs only) with its status, headers and half its body, then goes silent: no more
 * bytes, no close, no reset. It tells whether that connection was closed by the client.
 */
const startStallingProxy = async (target: string, stallAt: number) => {
  let posts = 0;
  let stalled: ServerResponse | undefined;
  let stalledClosed = false;
  const sockets = new Set<Socket>();
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const stall = req.method === 'POST' && posts++ === stallAt;
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string' && k !== 'host' && k !== 'content-length') headers[k] = v;
      void fetch(`${target}${req.url ?? ''}`, { method: req.method ?? 'GET', headers, ...(chunks.length > 0 ? { body: Buffer.concat(chunks) } : {}) }).then(async (answer) => {
        const body = Buffer.from(await answer.arrayBuffer());
        res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json', 'content-length': String(body.length) });
        if (!stall) {
          res.end(body);
          return;
        }
        stalled = res;
        res.on('close', () => (stalledClosed = true));
        res.write(body.subarray(0, Math.floor(body.length / 2)));
      });
    });
  });
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stalled: () => stalled !== undefined,
    stalledClosed: () => stalledClosed,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};

describe('a paged stream whose answer stops mid-body (issue 20)', function () {
  this.timeout(30_000);
  let net: SimulatedNetwork;
  let clock: sinon.SinonFakeTimers | undefined;
  let sub: Subscription | undefined;
  before(async () => (net = await startSimulatedNetwork({ seed: 'silent-body', updates: 120 })));
  after(() => net.close());
  afterEach(() => {
    sub?.unsubscribe();
    clock?.restore();
    clock = undefined;
  });

  it('gives the silent answer up after timeoutMs, resumes exactly from the checkpoint under the retry policy, and leaves no connection or timer', async () => {
    const alice = net.party('alice');
    const token = mintToken({ userId: 'alice', actAs: [alice] });
    const request = { updateFormat: formatOf(alice), maxPageSize: 7, endOffsetInclusive: net.info().ledgerEnd };
    const expected = rights(await collect(createClient({ ledger: { url: net.ledgerUrl, token } }).ledger.updates(request)));
    assert.ok(expected.length > 14, `${expected.length} updates`);
    const proxy = await startStallingProxy(net.ledgerUrl, 2);
    try {
      clock = sinon.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
      const client = createClient({ ledger: { url: proxy.url, token } });
      const got: Array<E.Either<CantonError, Update>> = [];
      const retries: string[] = [];
      let completed = false;
      sub = client.ledger
        .updates(request, { prefetch: 0, retry: { maxRetries: 2, initialDelayMs: 100, onRetry: (i) => retries.push(i.error._tag) } })
        .subscribe({ next: (r) => got.push(r), complete: () => (completed = true) });
      await eventually(() => proxy.stalled(), 'the third page stalls mid-body');
      const before = got.length;
      clock.tick(29_999);
      assert.deepEqual(retries, [], 'not before timeoutMs');
      clock.tick(1);
      assert.deepEqual(retries, ['TimeoutError']);
      await eventually(() => proxy.stalledClosed(), 'the stalled connection is closed by the client');
      assert.equal(got.length, before, 'nothing of the stalled page handed on');
      clock.tick(100);
      await eventually(() => completed, 'the stream completes');
      assert.deepEqual(
        got.map((r) => (E.isRight(r) ? checkpointOf(r.right).offset : JSON.stringify(r.left))),
        expected.map((u) => checkpointOf(u).offset),
        'every update once, in order',
      );
      assert.equal(clock.countTimers(), 0, 'no timer left');
    } finally {
      await proxy.close();
    }
  });
});
