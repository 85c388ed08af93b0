import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import * as E from 'fp-ts/lib/Either.js';
import { firstValueFrom } from 'rxjs';
import { request } from '../../src/http/request';
import { workerFetch } from '../../src/http/workerFetch';
import { createClient } from '../../src/clientFactory/createClient';
import { checkpointOf } from '../../src/streams/checkpointOf';
import { mintToken, startSimulatedNetwork, type SimulatedNetwork } from '../../src/testkit/index';
import { collect } from '../helpers/collect';
import { rights } from '../helpers/results';

// The HTTP core's own cases run over workerFetch too (request.spec, requestOkBytes.spec,
// describeTransportFailure.spec list it among their transports); these are its own.
describe('workerFetch', () => {
  let server: Server | undefined;
  afterEach(async () => {
    server?.closeAllConnections();
    await new Promise<void>((r) => (server ? server.close(() => r()) : r()));
    server = undefined;
  });
  const listen = (handler: Parameters<typeof createServer>[1]): Promise<string> => {
    server = createServer(handler);
    return new Promise((resolve) => server!.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server!.address() as AddressInfo).port}`)));
  };

  it('receives a body without a declared length in batches, whole and in order, and one with a length as one buffer', async () => {
    // 3 MiB written in 64 KiB chunks, chunked encoding: the thread hands it over about 1 MiB at a time.
    const chunk = (i: number) => Buffer.alloc(64 * 1024, 97 + (i % 26));
    const url = await listen((req, res) => {
      if (req.url === '/sized') {
        const whole = Buffer.concat(Array.from({ length: 48 }, (_, i) => chunk(i)));
        res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(whole.length) });
        res.end(whole);
        return;
      }
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      for (let i = 0; i < 48; i++) res.write(chunk(i));
      res.end();
    });
    const expected = Buffer.concat(Array.from({ length: 48 }, (_, i) => chunk(i)));
    for (const path of ['/chunked', '/sized']) {
      const res = await workerFetch()(`${url}${path}`, { method: 'GET', headers: {}, signal: new AbortController().signal });
      const reader = (res.body as { getReader(): { read(): Promise<{ done: boolean; value?: Uint8Array }> } }).getReader();
      const parts: Uint8Array[] = [];
      for (let r = await reader.read(), guard = 0; !r.done && guard < 100; r = await reader.read(), guard++) parts.push(r.value!);
      assert.ok(Buffer.concat(parts).equals(expected), path);
      if (path === '/sized') assert.equal(parts.length, 1);
      else assert.ok(parts.length >= 3 && parts.length <= 4 && parts.every((p) => p.byteLength <= 1024 * 1024 + 64 * 1024), `${parts.length} batches`);
    }
  });

  it('bounds a body without a declared length as the platform fetch does: a too-large Left, the connection dropped', async () => {
    let closed!: Promise<void>;
    const url = await listen((_req, res) => {
      closed = new Promise((r) => res.on('close', () => r()));
      res.writeHead(200, { 'content-type': 'application/json' });
      // Far more than the bound, and more than the thread's batch: it must stop asking.
      const timer = setInterval(() => res.write(Buffer.alloc(256 * 1024, 32)), 1);
      res.on('close', () => clearInterval(timer));
    });
    const r = await firstValueFrom(request({ method: 'GET', baseUrl: url, path: '/', fetch: workerFetch(), timeoutMs: 10_000, maxResponseBytes: 2 * 1024 * 1024 }));
    assert.ok(E.isLeft(r) && r.left._tag === 'DecodeError' && r.left.reason === 'too-large');
    await closed;
  });

  it('holds the process open while a request waits on it, and not after (a Node process that only reads exits by itself)', async () => {
    // The server answers after 300 ms: the child must wait for it (nothing else holds it open), print, and exit.
    const url = await listen((_req, res) => setTimeout(() => res.end('{"late":true}'), 300));
    const script = `const { workerFetch } = require(${JSON.stringify(join(__dirname, '../../src/http/workerFetch.js'))});
      workerFetch()(${JSON.stringify(url)}, { method: 'GET', headers: {}, signal: new AbortController().signal }).then((r) => r.text()).then((t) => console.log(t));`;
    const out = await new Promise<{ code: number | null; stdout: string }>((resolve) => {
      const child = execFile(process.execPath, ['-e', script], { timeout: 20_000 }, (error, stdout) => resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout }));
      void child;
    });
    assert.deepEqual(out, { code: 0, stdout: '{"late":true}\n' });
  });
});

describe('workerFetch under the streams (the simulated network)', function () {
  this.timeout(60_000);
  let net: SimulatedNetwork;
  before(async () => {
    net = await startSimulatedNetwork({ seed: 'worker-fetch', updates: 300 });
  });
  after(() => net.close());

  it('scan.updates and ledger.updates read the same items with the same checkpoints as over the platform fetch, with the send-ahead', async () => {
    const token = mintToken({ userId: 'admin', admin: true, readAsAnyParty: true });
    const config = { scan: { url: net.scanUrl }, ledger: { url: net.ledgerUrl, token } };
    const format = { includeTransactions: { transactionShape: 'TRANSACTION_SHAPE_LEDGER_EFFECTS' as const, eventFormat: { filtersForAnyParty: {} } } };
    const read = async (client: ReturnType<typeof createClient>) => ({
      scan: rights(await collect(client.scan.updates({ page_size: 17 }))).map((u) => [u, checkpointOf(u)]),
      ledger: rights(await collect(client.ledger.updates({ updateFormat: format, maxPageSize: 13 }))).map((u) => [u, checkpointOf(u)]),
    });
    const platform = await read(createClient(config));
    const worker = await read(createClient({ ...config, fetch: workerFetch() }));
    assert.ok(platform.scan.length > 100 && platform.ledger.length > 100, `${platform.scan.length} / ${platform.ledger.length} items`);
    assert.deepEqual(worker, platform);
  });
});
