import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import { firstValueFrom } from 'rxjs';
import { fetch as crossFetch } from 'cross-fetch';
import { request } from '../../src/http/request';
import { readBytesBody } from '../../src/http/readBody';
import type { Fetch } from '../../src/http/types';
import { workerFetch } from '../../src/http/workerFetch';
import { startServer, type TestServer } from '../helpers/server';

const transports: Array<[string, Fetch]> = [
  ['cross-fetch', crossFetch as unknown as Fetch],
  ['the platform fetch', globalThis.fetch.bind(globalThis) as unknown as Fetch],
  ['workerFetch', workerFetch()],
];

for (const [name, fetch] of transports)
  describe(`request with okBytes (${name})`, () => {
    let server: TestServer;
    afterEach(() => server.close());
    const send = (path: string, maxResponseBytes?: number) => firstValueFrom(request({ method: 'POST', baseUrl: server.url, path, body: {}, fetch, timeoutMs: 5000, okBytes: true, ...(maxResponseBytes !== undefined ? { maxResponseBytes } : {}) }));

    it('hands a 2xx body on as its bytes with its content type, read as the core reads a body', async () => {
      server = await startServer(() => ({ body: { transactions: [{ note: 'Zoë €' }] } }));
      const r = await send('/ok');
      assert.ok(E.isRight(r) && r.right.body._tag === 'Bytes');
      const body = r.right.body as { _tag: 'Bytes'; bytes: Uint8Array; contentType: string | null };
      assert.match(body.contentType ?? '', /json/);
      assert.deepEqual(readBytesBody(body).body, { _tag: 'Json', json: { transactions: [{ note: 'Zoë €' }] } });
    });

    it('reads an error answer as always (an HttpError with its body), and keeps the body bound', async () => {
      server = await startServer((req) => (req.url === '/big' ? { body: { x: 'y'.repeat(100) } } : { status: 404, body: { error: 'nope' } }));
      const r = await send('/missing');
      assert.ok(E.isLeft(r) && r.left._tag === 'HttpError' && r.left.status === 404 && r.left.body._tag === 'SimpleError');
      const big = await send('/big', 50);
      assert.ok(E.isLeft(big) && big.left._tag === 'DecodeError' && big.left.reason === 'too-large');
    });
  });
