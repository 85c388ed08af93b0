import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as E from 'fp-ts/lib/Either.js';
import { firstValueFrom } from 'rxjs';
import { fetch as crossFetch } from 'cross-fetch';
import { describeTransportFailure } from '../../src/http/describeTransportFailure';
import { plainError } from '../../src/http/plainError';
import { request } from '../../src/http/request';
import type { Fetch } from '../../src/http/types';
import { workerFetch } from '../../src/http/workerFetch';
import { formatError } from '../../src/errors/formatError';
import type { CantonError } from '../../src/errors/CantonError';

const plain = (e: unknown) => plainError(e, (t) => t);
const sysError = (message: string, code: string) => Object.assign(new Error(message), { code });
const fetchFailed = (cause: Error) => Object.assign(new TypeError('fetch failed'), { cause });

describe('describeTransportFailure', () => {
  it("names undici's socket cause, not `fetch failed`", () => {
    assert.equal(describeTransportFailure(plain(fetchFailed(sysError('connect ECONNREFUSED 127.0.0.1:1', 'ECONNREFUSED')))), 'ECONNREFUSED 127.0.0.1:1');
    assert.equal(describeTransportFailure(plain(fetchFailed(sysError('getaddrinfo ENOTFOUND scan.example', 'ENOTFOUND')))), 'ENOTFOUND scan.example');
  });

  it("reads node-fetch's one-level error the same way", () => {
    const e = sysError('request to http://127.0.0.1:1/x failed, reason: connect ECONNREFUSED 127.0.0.1:1', 'ECONNREFUSED');
    assert.equal(describeTransportFailure(plain(e)), 'ECONNREFUSED 127.0.0.1:1');
  });

  it('a body cut off: how much of how much had arrived', () => {
    const terminated = Object.assign(new TypeError('terminated'), { cause: sysError('other side closed', 'UND_ERR_SOCKET') });
    assert.equal(describeTransportFailure(plain(terminated), { received: 1_200_000, expected: 3_000_000 }), 'connection closed after 1.2 MB of 3 MB');
    assert.equal(describeTransportFailure(plain(terminated), { received: 512 }), 'connection closed after 512 bytes');
    assert.equal(describeTransportFailure(plain(fetchFailed(sysError('read ECONNRESET', 'ECONNRESET'))), { received: 34_000 }), 'connection closed after 34 kB (ECONNRESET)');
  });

  it("a browser's bare network error (Chromium, Firefox, Safari) says it may be CORS", () => {
    for (const message of ['Failed to fetch', 'NetworkError when attempting to fetch resource.', 'Load failed']) {
      const said = describeTransportFailure(plain(new TypeError(message)));
      assert.ok(said.startsWith(message), said);
      assert.match(said, /CORS/);
    }
    // Node's undici says `fetch failed` with its cause: no CORS there.
    assert.doesNotMatch(describeTransportFailure(plain(Object.assign(new TypeError('fetch failed'), { cause: new Error('other side closed') }))), /CORS/);
  });

  it('anything else: the messages of the chain, once each', () => {
    assert.equal(describeTransportFailure(plain(Object.assign(new TypeError('fetch failed'), { cause: new Error('fetch failed') }))), 'fetch failed');
    assert.equal(describeTransportFailure(plain(fetchFailed(new Error('bad certificate')))), 'fetch failed: bad certificate');
    assert.equal(describeTransportFailure(plain('boom')), 'boom');
  });
});

describe('a request that gets no answer says why (NetworkError message and formatError)', () => {
  const transports: Array<[string, Fetch]> = [
    ['the platform fetch', globalThis.fetch.bind(globalThis) as unknown as Fetch],
    ['cross-fetch', crossFetch as unknown as Fetch],
    ['workerFetch', workerFetch()],
  ];
  const listen = (server: Server): Promise<string> => new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
  const left = async (baseUrl: string, fetch: Fetch): Promise<CantonError> => {
    const r = await firstValueFrom(request({ method: 'GET', baseUrl, path: '/v2/updates', timeoutMs: 10_000, fetch }));
    assert.ok(E.isLeft(r));
    return r.left;
  };

  for (const [name, fetch] of transports) {
    it(`${name}: a refused connection names ECONNREFUSED and the address`, async () => {
      const server = createServer();
      const url = await listen(server);
      await new Promise((r) => server.close(r));
      const e = await left(url, fetch);
      const port = new URL(url).port;
      assert.equal(e._tag === 'NetworkError' && e.message, `ECONNREFUSED 127.0.0.1:${port}`);
      assert.equal(formatError(e), `GET ${url}/v2/updates failed: ECONNREFUSED 127.0.0.1:${port}`);
    });
  }

  it('the platform fetch: a body cut off says how much of it came', async () => {
    const server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '3000000' });
      res.write(Buffer.alloc(1_200_000, 0x20), () => res.socket?.destroy());
    });
    const url = await listen(server);
    try {
      const e = await left(url, globalThis.fetch.bind(globalThis) as unknown as Fetch);
      assert.equal(e._tag, 'NetworkError');
      assert.match(formatError(e), /failed: connection closed after 1\.2 MB of 3 MB$/);
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });
});
