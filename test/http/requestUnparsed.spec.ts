import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import { handOver, requestUnparsed } from '../../src/http/request';
import type { Fetch } from '../../src/http/types';
import { startServer, type TestServer } from '../helpers/server';
import { collect } from '../helpers/collect';

describe('requestUnparsed and handOver (against a loopback server)', () => {
  let server: TestServer;
  const SECRET = 'eyJhbGciOi.SECRET-TOKEN-5f1c.sig';
  before(async () => {
    server = await startServer((req) =>
      req.url === '/ok' ? { headers: { 'content-type': 'application/json' }, body: '{"b":1,"a":"é"}' } : req.url === '/garbled' ? { headers: { 'content-type': 'application/json' }, body: `{"cut` } : { status: 400, body: { error: `bad ${SECRET}` } },
    );
  });
  after(() => server.close());
  const describeRequest = (path: string) => ({ method: 'GET' as const, baseUrl: server.url, path, timeoutMs: 5000, fetch: globalThis.fetch.bind(globalThis) as unknown as Fetch, token: SECRET });

  it('a 2xx answer comes as its bytes, decoded and parsed only when asked, and then as request gives it', async () => {
    const [r] = await collect(requestUnparsed(describeRequest('/ok')));
    assert.ok(r !== undefined && E.isRight(r));
    assert.deepEqual([...r.right.bytes], [...new TextEncoder().encode('{"b":1,"a":"é"}')]);
    assert.equal(r.right.text(), '{"b":1,"a":"é"}');
    assert.deepEqual(r.right.parse(), E.right({ status: 200, method: 'GET', url: `${server.url}/ok`, body: { _tag: 'Json', json: { b: 1, a: 'é' } } }));
    // handOver tells the hook the bytes, then hands the answer on (one macrotask later).
    const told: Uint8Array[] = [];
    const [handed] = await collect(handOver(r.right, { onOkBytes: (b) => told.push(b) }));
    assert.deepEqual(handed, r.right.parse());
    assert.deepEqual(told, [r.right.bytes]);
  });

  it('a non-2xx answer is the same redacted HttpError Left; a body that does not parse is an invalid-json Left once parsed', async () => {
    const [bad] = await collect(requestUnparsed(describeRequest('/bad')));
    assert.ok(bad !== undefined && E.isLeft(bad) && bad.left._tag === 'HttpError' && bad.left.status === 400);
    assert.ok(!JSON.stringify(bad.left).includes(SECRET));
    const [garbled] = await collect(requestUnparsed(describeRequest('/garbled')));
    assert.ok(garbled !== undefined && E.isRight(garbled));
    const parsed = garbled.right.parse();
    assert.ok(E.isLeft(parsed) && parsed.left._tag === 'DecodeError' && parsed.left.reason === 'invalid-json');
  });
});
