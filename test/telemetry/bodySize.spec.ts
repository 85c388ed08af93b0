import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import { request } from '../../src/http/request';
import { createClient } from '../../src/clientFactory/createClient';
import { collect } from '../helpers/collect';
import { startServer, type TestServer } from '../helpers/server';
import { otelHarness } from './otel';

/** The HTTP core's observer (what a request's span records as `http.*.body.size`), against a real server. */
describe('telemetry: the body sizes of a request', () => {
  let server: TestServer;
  const answer = { note: 'ünïcödé 漢字 😀', n: [1, 2, 3] };
  before(async () => {
    server = await startServer((req) => (req.url.includes('fail') ? { status: 503, body: 'busy, try later' } : req.url.includes('empty') ? { status: 204 } : { body: answer }));
  });
  after(() => server.close());

  const sizes = async (path: string, body?: unknown) => {
    const told: Array<[string, number]> = [];
    const r = await collect(request({ method: body === undefined ? 'GET' : 'POST', baseUrl: server.url, path, body, timeoutMs: 5000, fetch: globalThis.fetch as never, observer: { sending: (_url, _headers, n) => told.push(['request', n]), status: () => undefined, received: (n) => told.push(['response', n]) } }));
    return { told, ok: E.isRight(r[0]!) };
  };

  it('counts the bytes of a JSON body as UTF-8 (not its UTF-16 length) and of the answer as received', async () => {
    const body = { name: 'é漢😀', plain: 'abc' };
    const { told, ok } = await sizes('/x', body);
    assert.ok(ok);
    const sent = server.requests.at(-1)!.body;
    assert.notEqual(Buffer.byteLength(sent), sent.length, 'the body has multi-byte characters');
    assert.deepEqual(told, [
      ['request', Buffer.byteLength(sent)],
      ['response', Buffer.byteLength(JSON.stringify(answer))],
    ]);
  });

  it('a request without a body is 0; a failed answer and an empty one are counted too', async () => {
    assert.deepEqual((await sizes('/fail')).told, [
      ['request', 0],
      ['response', Buffer.byteLength('busy, try later')],
    ]);
    assert.deepEqual((await sizes('/empty')).told, [
      ['request', 0],
      ['response', 0],
    ]);
  });

  it('a binary body is its byte length', async () => {
    const { told } = await sizes('/upload', new Uint8Array([0, 1, 2, 250, 251]));
    assert.deepEqual(told[0], ['request', 5]);
  });

  it('a client without a tracer asks for no sizes; with one, the span has them and never the body', async () => {
    const otel = otelHarness();
    try {
      const client = createClient({ validator: { url: server.url }, telemetry: otel.telemetry });
      await collect(client.validator.getDsoPartyId());
      const [span] = otel.spans();
      assert.equal(span!.attributes['http.request.body.size'], 0);
      assert.equal(span!.attributes['http.response.body.size'], Buffer.byteLength(JSON.stringify(answer)));
      assert.equal(span!.attributes['http.request.resend_count'], 0);
      assert.ok(!JSON.stringify(span!.attributes).includes('ünïcödé'));
    } finally {
      await otel.shutdown();
    }
  });
});
