import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { firstValueFrom, NEVER, of, tap } from 'rxjs';
import { fetch as crossFetch } from 'cross-fetch';
import { request } from '../../src/http/request';
import type { Fetch, RequestDescription } from '../../src/http/types';
import { workerFetch } from '../../src/http/workerFetch';
import type { CantonError, HttpError } from '../../src/errors/CantonError';
import { formatError } from '../../src/errors/formatError';
import { isRetryable } from '../../src/errors/isRetryable';
import { isRetryableRead } from '../../src/errors/isRetryableRead';
import { startServer, type TestServer, type Reply } from '../helpers/server';
import { testScheduler } from '../helpers/marbles';
import { collect } from '../helpers/collect';

// The core runs the same against cross-fetch (node-fetch 2 on Node) and Node's own fetch (undici).
const transports: Array<[string, Fetch]> = [
  ['cross-fetch', crossFetch as unknown as Fetch],
  ['the platform fetch', globalThis.fetch.bind(globalThis) as unknown as Fetch],
  // The platform fetch on a worker thread: the same behaviour, every case.
  ['workerFetch', workerFetch()],
];
const SECRET = 'eyJhbGciOi.SECRET-TOKEN-5f1c.sig';

const ledgerError = (code: string, category: number, extra: object = {}) => ({
  code,
  cause: `cause of ${code}`,
  correlationId: null,
  traceId: 'abc',
  context: { category: String(category) },
  resources: [],
  errorCategory: category,
  grpcCodeValue: 3,
  retryInfo: null,
  definiteAnswer: false,
  ...extra,
});

for (const [transportName, fetch] of transports) describe(`request (HTTP core against a loopback server, ${transportName})`, () => {
  let server: TestServer;
  let reply: (path: string) => Reply;

  before(async () => {
    server = await startServer((req) => reply(req.url));
  });
  after(() => server.close());

  const describeRequest = (over: Partial<RequestDescription> = {}): RequestDescription => ({
    method: 'GET',
    baseUrl: server.url,
    path: '/v2/idps/{idp-id}',
    params: { 'idp-id': 'idp-1' },
    timeoutMs: 5000,
    fetch,
    ...over,
  });
  const send = async (over: Partial<RequestDescription> = {}) => firstValueFrom(request(describeRequest(over)));
  const sendLeft = async (over: Partial<RequestDescription> = {}): Promise<CantonError> => {
    const r = await send(over);
    assert.ok(E.isLeft(r), 'expected a Left');
    return r.left;
  };
  const sendHttpError = async (r: Reply): Promise<HttpError> => {
    reply = () => r;
    const e = await sendLeft();
    assert.equal(e._tag, 'HttpError');
    return e as HttpError;
  };

  describe('laziness', () => {
  it('sends nothing before subscribe and one request per subscription', async () => {
      reply = () => ({ body: { ok: true } });
      const before = server.requests.length;
      const r$ = request(describeRequest());
      await new Promise((r) => setTimeout(r, 5));
      assert.equal(server.requests.length, before);
      await collect(r$);
      await collect(r$);
      assert.equal(server.requests.length, before + 2);
    });
  });

  describe('onOkBytes', () => {
    /** Sends with an onOkBytes hook that records what it is given, and when the answer follows. */
    const sendWithHook = async (over: Partial<RequestDescription> = {}) => {
      const events: string[] = [];
      const given: unknown[] = [];
      const r = await firstValueFrom(
        request(
          describeRequest({
            ...over,
            onOkBytes: (bytes) => {
              given.push(new TextDecoder().decode(bytes));
              events.push('hook');
              // What fetch needs before its request is on the wire: microtasks and a tick.
              process.nextTick(() => events.push('tick after the hook'));
              void Promise.resolve().then(() => events.push('microtask after the hook'));
            },
          }),
        ).pipe(tap(() => events.push('answer'))),
      );
      return { r, events, given };
    };

    it('is handed the raw bytes of a 2xx answer once, before the answer', async () => {
      reply = () => ({ body: { updates: [{ a: 1 }], nextPageToken: 'CAE=' } });
      const { r, events, given } = await sendWithHook();
      assert.ok(E.isRight(r) && r.right.body._tag === 'Json');
      assert.deepEqual(given.map((text) => JSON.parse(text as string) as unknown), [r.right.body.json]);
      assert.equal(events[0], 'hook');
    });

    it('hands the answer on only after what the hook started has run its ticks, so that a request it sends leaves first', async () => {
      reply = () => ({ body: { ok: true } });
      const { events } = await sendWithHook();
      assert.deepEqual([...events].sort(), ['answer', 'hook', 'microtask after the hook', 'tick after the hook']);
      assert.equal(events.at(-1), 'answer');
    });

    it('is not called for an error status; is handed any 2xx body as it came (not JSON, a text, empty)', async () => {
      const replies: Reply[] = [
        { status: 404, body: { error: 'nope' } },
        { status: 503, body: ledgerError('SERVICE_NOT_RUNNING', 1) },
        { status: 200, headers: { 'content-type': 'application/json' }, body: '{"updates":[' },
        { status: 200, headers: { 'content-type': 'text/plain' }, body: 'fine' },
        { status: 200 },
      ];
      const answers: string[] = [];
      const told: unknown[][] = [];
      for (const r of replies) {
        reply = () => r;
        const { r: answer, given } = await sendWithHook();
        told.push(given);
        answers.push(E.isLeft(answer) ? answer.left._tag : answer.right.body._tag);
      }
      assert.deepEqual(answers, ['HttpError', 'HttpError', 'DecodeError', 'Text', 'Empty']);
      assert.deepEqual(told, [[], [], ['{"updates":['], ['fine'], ['']]);
    });

    it('is not called for a transport failure, a body too large or a timeout', async () => {
      const cases: Array<[Reply, Partial<RequestDescription>]> = [
        [{ action: 'reset' }, {}],
        [{ body: { big: 'x'.repeat(100) } }, { maxResponseBytes: 10 }],
        [{ action: 'hang' }, { timeoutMs: 50 }],
      ];
      const tags: string[] = [];
      for (const [r, over] of cases) {
        reply = () => r;
        const { r: answer, given } = await sendWithHook(over);
        assert.deepEqual(given, []);
        tags.push(E.isLeft(answer) ? answer.left._tag : 'Right');
      }
      assert.deepEqual(tags, ['NetworkError', 'DecodeError', 'TimeoutError']);
    });

    it('a hook that throws is a defect: the Observable errors', async () => {
      reply = () => ({ body: { n: 1 } });
      await assert.rejects(
        send({
          onOkBytes: () => {
            throw new Error('a bug in the reader');
          },
        }),
        /a bug in the reader/,
      );
    });

    it('unsubscribing between the hook and the answer hands nothing on', async () => {
      reply = () => ({ body: { n: 1 } });
      const values: unknown[] = [];
      let hooked!: () => void;
      const called = new Promise<void>((resolve) => (hooked = resolve));
      const sub = request(describeRequest({ onOkBytes: () => hooked() })).subscribe((v) => values.push(v));
      await called;
      sub.unsubscribe();
      await new Promise((r) => setTimeout(r, 5));
      assert.deepEqual(values, []);
    });
  });

  describe('what is sent', () => {
    it('URL-encodes path parameters and appends the query', async () => {
      reply = () => ({ body: {} });
      await send({ path: '/v0/transfer-command-counter/{party}', params: { party: 'alice::1220ab/c d' }, query: { round: 7, skip: undefined } });
      assert.equal(server.requests.at(-1)!.url, '/v0/transfer-command-counter/alice%3A%3A1220ab%2Fc%20d?round=7');
    });

    it('keeps the base path and sends a JSON body with its content type', async () => {
      reply = () => ({ body: {} });
      await send({ method: 'POST', baseUrl: `${server.url}/api/scan/`, path: '/v2/updates', params: {}, body: { page_size: 10 } });
      const req = server.requests.at(-1)!;
      assert.equal(req.url, '/api/scan/v2/updates');
      assert.equal(req.method, 'POST');
      assert.equal(req.headers['content-type'], 'application/json');
      assert.deepEqual(JSON.parse(req.body), { page_size: 10 });
    });

    it('sends Authorization only when there is a token', async () => {
      reply = () => ({ body: {} });
      await send();
      assert.equal(server.requests.at(-1)!.headers.authorization, undefined);
      await send({ token: SECRET });
      assert.equal(server.requests.at(-1)!.headers.authorization, `Bearer ${SECRET}`);
    });

    it('calls a token provider again for every request, whatever it returns', async () => {
      reply = () => ({ body: {} });
      let calls = 0;
      const providers: Array<RequestDescription['token']> = [
        () => `sync-${++calls}`,
        () => Promise.resolve(`promise-${++calls}`),
        () => of(`observable-${++calls}`),
      ];
      for (const token of providers) {
        const r$ = request(describeRequest({ token }));
        await collect(r$);
        await collect(r$);
      }
      assert.equal(calls, 6);
      assert.deepEqual(
        server.requests.slice(-6).map((r) => r.headers.authorization),
        ['Bearer sync-1', 'Bearer sync-2', 'Bearer promise-3', 'Bearer promise-4', 'Bearer observable-5', 'Bearer observable-6'],
      );
    });

    it('sends nothing when the token provider fails, and says so with its message redacted', async () => {
      const before = server.requests.length;
      const failing: Array<RequestDescription['token']> = [
        () => {
          throw new Error(`cannot refresh ${SECRET}`);
        },
        () => Promise.reject(new Error(SECRET)),
        () => '',
      ];
      for (const token of failing) {
        const e = await sendLeft({ token });
        assert.equal(e._tag, 'InvalidRequest');
        assert.ok(!JSON.stringify(e).includes(SECRET));
      }
      assert.equal(server.requests.length, before);
    });
  });

  describe('answers', () => {
    it('gives a 2xx JSON body as parsed JSON', async () => {
      reply = () => ({ body: { identityProviderConfig: { identityProviderId: 'idp-1' } } });
      const r = await send();
      assert.ok(E.isRight(r));
      assert.deepEqual(r.right.body, { _tag: 'Json', json: { identityProviderConfig: { identityProviderId: 'idp-1' } } });
      assert.equal(r.right.status, 200);
    });

    it('gives an empty body as Empty (livez)', async () => {
      reply = () => ({ status: 200 });
      const r = await send({ path: '/livez', params: {} });
      assert.ok(E.isRight(r));
      assert.deepEqual(r.right.body, { _tag: 'Empty' });
    });

    it('turns a 2xx body that is not JSON into a retryable DecodeError, not a throw', async () => {
      reply = () => ({ headers: { 'content-type': 'application/json' }, body: '{"transactions":[{"update_id":"12' });
      const e = await sendLeft();
      assert.equal(e._tag, 'DecodeError');
      assert.equal(e._tag === 'DecodeError' && e.reason, 'invalid-json');
    });
  });

  describe('status to error mapping', () => {
    it('ledger JSON error: LedgerError body, retryInfo as retryAfterMs', async () => {
      const e = await sendHttpError({ status: 503, body: ledgerError('SERVICE_NOT_RUNNING', 1, { retryInfo: '1 second' }) });
      assert.equal(e.status, 503);
      assert.equal(e.body._tag, 'LedgerError');
      assert.equal(e.retryAfterMs, 1000);
      assert.equal(e.method, 'GET');
      assert.equal(e.url, `${server.url}/v2/idps/idp-1`);
    });

    it('recognises the ledger conditions streams act on', async () => {
      assert.equal((await sendHttpError({ status: 400, body: ledgerError('PARTICIPANT_PRUNED_DATA_ACCESSED', 9) })).condition, 'ParticipantPruned');
      assert.equal((await sendHttpError({ status: 400, body: ledgerError('INVALID_UPDATES_PAGE_TOKEN', 8) })).condition, 'InvalidPageToken');
    });

    it('ledger 400 text/plain: Text body', async () => {
      const e = await sendHttpError({ status: 400, headers: { 'content-type': 'text/plain; charset=UTF-8' }, body: 'Invalid value for: body' });
      assert.deepEqual(e.body, { _tag: 'Text', text: 'Invalid value for: body' });
    });

    it('Splice {error}: SimpleError body', async () => {
      const e = await sendHttpError({ status: 404, body: { error: 'No TransferCommandCounter found for party: p, use 0 for the nonce' } });
      assert.deepEqual(e.body, { _tag: 'SimpleError', error: 'No TransferCommandCounter found for party: p, use 0 for the nonce' });
    });

    it('Splice 429 text with Retry-After in seconds', async () => {
      const e = await sendHttpError({
        status: 429,
        headers: { 'content-type': 'text/plain', 'retry-after': '3' },
        body: 'Too Many Requests: Server is busy, please try again later.',
      });
      assert.equal(e.body._tag, 'Text');
      assert.equal(e.retryAfterMs, 3000);
    });

    it('Retry-After as an HTTP date', async () => {
      const at = new Date(Date.now() + 120_000).toUTCString();
      const e = await sendHttpError({ status: 503, headers: { 'retry-after': at } });
      assert.ok(e.retryAfterMs !== undefined && e.retryAfterMs > 110_000 && e.retryAfterMs <= 120_000, String(e.retryAfterMs));
      assert.deepEqual(e.body, { _tag: 'Empty' });
    });

    it('other JSON and unparseable error bodies are kept, not thrown', async () => {
      const e1 = await sendHttpError({ status: 404, body: { errors: ['HttpMethod(POST), uri: x'], status: 404 } });
      assert.deepEqual(e1.body, { _tag: 'Json', json: { errors: ['HttpMethod(POST), uri: x'], status: 404 } });
      const e2 = await sendHttpError({ status: 502, headers: { 'content-type': 'application/json' }, body: '<html>bad gateway' });
      assert.deepEqual(e2.body, { _tag: 'Text', text: '<html>bad gateway' });
    });
  });

  describe('transport failures', () => {
    it('a body cut off mid-transfer: a retryable failure, never a hang past the timeout', async () => {
      reply = () => ({ action: 'truncate' });
      const e = await sendLeft({ timeoutMs: 300 });
      // Node's fetch says so at once (NetworkError); node-fetch 2 never settles text(), so the
      // timeout ends it (TimeoutError). Both are retryable.
      assert.ok(e._tag === 'NetworkError' || e._tag === 'TimeoutError', e._tag);
      if (transportName === 'the platform fetch') assert.equal(e._tag, 'NetworkError');
    });

    it('connection reset: NetworkError', async () => {
      reply = () => ({ action: 'reset' });
      const e = await sendLeft();
      assert.equal(e._tag, 'NetworkError');
    });

    it('connection refused: NetworkError with the cause code', async () => {
      const closed = await startServer(() => ({}));
      await closed.close();
      const e = await sendLeft({ baseUrl: closed.url });
      assert.equal(e._tag, 'NetworkError');
      assert.equal(e._tag === 'NetworkError' && (e.cause as { code?: string }).code, 'ECONNREFUSED');
    });

    it('an invalid base URL is an InvalidRequest and nothing is sent', async () => {
      const e = await sendLeft({ baseUrl: 'not a url' });
      assert.equal(e._tag, 'InvalidRequest');
    });
  });

  describe('cancellation and timeout', () => {
    it('unsubscribing aborts the request in flight, and the server sees the connection close', async () => {
      reply = () => ({ action: 'hang' });
      const n = server.requests.length;
      const values: unknown[] = [];
      const sub = request(describeRequest()).subscribe((v) => values.push(v));
      const seen = await server.request(n);
      sub.unsubscribe();
      assert.equal(await seen.closedEarly, true);
      assert.deepEqual(values, []);
    });

    it('a request that does not complete in time ends in a TimeoutError and is aborted', async () => {
      reply = () => ({ action: 'hang' });
      const n = server.requests.length;
      // Long enough for the request to reach the server on a busy machine.
      const e = await sendLeft({ timeoutMs: 200 });
      assert.deepEqual(e, { _tag: 'TimeoutError', method: 'GET', url: `${server.url}/v2/idps/idp-1`, timeoutMs: 200 });
      assert.equal(await (await server.request(n)).closedEarly, true);
    });
  });

  describe('maxResponseBytes', () => {
    /**
     * Streams a JSON array of 16 KiB strings, at the pace the client reads it: 64 MiB (more than
     * any socket buffer, so a client that stops reading is seen going away), or 1 MiB on `/small`,
     * with or without its length. Records whether the client went away first.
     */
    let streaming: { url: string; closedEarly: Promise<boolean>[]; close(): Promise<void> };
    before(async () => {
      const closedEarly: Promise<boolean>[] = [];
      const chunk = Buffer.from(`"${'x'.repeat(16 * 1024 - 3)}",`);
      const srv = createServer((req, res) => {
        const declared = req.url === '/declared';
        const count = req.url === '/small' ? 64 : 4096;
        const size = 1 + count * chunk.length;
        res.writeHead(200, { 'content-type': 'application/json', ...(declared ? { 'content-length': String(size) } : {}) });
        let sent = 0;
        let finished = false;
        closedEarly.push(new Promise((resolve) => res.on('close', () => resolve(!finished))));
        const pump = () => {
          if (sent === 0) res.write('[');
          while (sent < count && !res.destroyed) {
            sent++;
            if (!res.write(sent === count ? chunk.subarray(0, chunk.length - 1) : chunk)) return void res.once('drain', pump);
          }
          if (!res.destroyed) res.end(']', () => (finished = true));
        };
        pump();
      });
      await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
      streaming = {
        url: `http://127.0.0.1:${(srv.address() as AddressInfo).port}`,
        closedEarly,
        close: () => new Promise((resolve) => { srv.closeAllConnections(); srv.close(() => resolve()); }),
      };
    });
    after(() => streaming.close());

    it('gives up a body that grows past the bound: a non-retryable too-large Left, and the connection is dropped', async () => {
      const e = await sendLeft({ baseUrl: streaming.url, path: '/chunked', params: {}, maxResponseBytes: 4096 });
      assert.equal(e._tag === 'DecodeError' && e.reason, 'too-large');
      assert.equal(isRetryable(e) || isRetryableRead(e), false);
      assert.match(formatError(e), /too large.*at most 4096 bytes/);
      assert.equal(await streaming.closedEarly.at(-1), true);
    });

    it('refuses a declared Content-Length past the bound before reading', async () => {
      const e = await sendLeft({ baseUrl: streaming.url, path: '/declared', params: {}, maxResponseBytes: 4096 });
      assert.ok(e._tag === 'DecodeError' && e.reason === 'too-large');
      assert.match(e.issues[0]!.actual, /^\d+ bytes \(Content-Length\)$/);
      assert.equal(await streaming.closedEarly.at(-1), true);
    });

    it('reads a body within the bound whole', async () => {
      const r = await send({ baseUrl: streaming.url, path: '/small', params: {}, maxResponseBytes: 2 * 1024 * 1024 });
      assert.ok(E.isRight(r) && r.right.body._tag === 'Json' && Array.isArray(r.right.body.json) && r.right.body.json.length === 64);
    });
  });

  describe('redirects', () => {
    let other: TestServer;
    before(async () => {
      // Another origin on the same host: only the port differs.
      other = await startServer(() => ({ body: { leaked: true } }));
    });
    after(() => other.close());

    it('never follows a redirect to another origin: the token does not reach it, the 3xx is the answer', async () => {
      for (const status of [301, 302, 303, 307, 308]) {
        reply = () => ({ status, headers: { location: `${other.url}/v2/idps/idp-1` } });
        const e = await sendLeft({ token: SECRET });
        assert.equal(e._tag === 'HttpError' && e.status, status);
        assert.equal(isRetryable(e) || isRetryableRead(e), false);
      }
      assert.equal(other.requests.length, 0);
    });

    it('follows a same-origin redirect with the token, and turns a 303 after a POST into a GET', async () => {
      reply = (path) => (path === '/v2/idps/idp-1' ? { status: 307, headers: { location: '/moved/idp-1' } } : { body: { path } });
      const n = server.requests.length;
      assert.deepEqual(await send({ token: SECRET }), E.right({ status: 200, method: 'GET', url: `${server.url}/v2/idps/idp-1`, body: { _tag: 'Json', json: { path: '/moved/idp-1' } } }));
      assert.deepEqual(server.requests.slice(n).map((r) => [r.method, r.url, r.headers.authorization]), [
        ['GET', '/v2/idps/idp-1', `Bearer ${SECRET}`],
        ['GET', '/moved/idp-1', `Bearer ${SECRET}`],
      ]);
      reply = (path) => (path === '/v2/updates' ? { status: 303, headers: { location: `${server.url}/v2/result` } } : { body: {} });
      const m = server.requests.length;
      await send({ method: 'POST', path: '/v2/updates', params: {}, body: { a: 1 } });
      assert.deepEqual(server.requests.slice(m).map((r) => [r.method, r.body, r.headers['content-type']]), [
        ['POST', '{"a":1}', 'application/json'],
        ['GET', '', undefined],
      ]);
    });

    it('stops after five same-origin redirects: the last 3xx is the answer', async () => {
      reply = () => ({ status: 302, headers: { location: '/again' } });
      const n = server.requests.length;
      const e = await sendLeft();
      assert.equal(e._tag === 'HttpError' && e.status, 302);
      assert.equal(server.requests.length - n, 6);
    });
  });

  describe('secrets', () => {
    it('never puts the bearer token into an error or its formatted text', async () => {
      const errors: CantonError[] = [];
      const replies: Reply[] = [
        { status: 401, headers: { 'content-type': 'text/plain' }, body: 'The supplied authentication is invalid' },
        { status: 403, body: ledgerError('PERMISSION_DENIED', 7) },
        { status: 429, headers: { 'retry-after': '1' }, body: 'Too Many Requests' },
        { status: 200, headers: { 'content-type': 'application/json' }, body: '{oops' },
        { action: 'reset' },
      ];
      for (const r of replies) {
        reply = () => r;
        errors.push(await sendLeft({ token: SECRET }));
      }
      reply = () => ({ action: 'hang' });
      errors.push(await sendLeft({ token: SECRET, timeoutMs: 10 }));
      // A transport whose own error quotes the token (some fetch implementations echo headers).
      const leaky: Fetch = (_url, init) => Promise.reject(new Error(`request failed with headers ${JSON.stringify(init.headers)}`));
      errors.push(await sendLeft({ token: SECRET, fetch: leaky }));
      assert.deepEqual(errors.map((e) => e._tag), ['HttpError', 'HttpError', 'HttpError', 'DecodeError', 'NetworkError', 'TimeoutError', 'NetworkError']);
      for (const e of errors) {
        assert.ok(!JSON.stringify(e).includes(SECRET), `token in ${JSON.stringify(e)}`);
        assert.ok(!formatError(e).includes(SECRET), `token in ${formatError(e)}`);
        assert.ok(!String(e).includes(SECRET));
      }
    });

    it('redacts the token a server echoes in an error body, whatever the body kind', async () => {
      const token = 'eyJhbGci/OiJ.SECRET"TOKEN\\x.sig';
      const echoes: Reply[] = [
        { status: 401, headers: { 'content-type': 'text/plain' }, body: `invalid token: Bearer ${token}` },
        { status: 403, body: ledgerError('PERMISSION_DENIED', 7, { cause: `token ${token} lacks rights`, context: { header: `Bearer ${token}` } }) },
        { status: 400, body: { error: `Authorization Failed for ${token}` } },
        { status: 404, body: { errors: [`uri with ${token}`], status: 404 } },
        // Some servers escape `/` in JSON strings.
        { status: 400, headers: { 'content-type': 'application/json' }, body: `{"error":"bad ${JSON.stringify(token).slice(1, -1).replace(/\//g, '\\/')}"}` },
        { status: 200, headers: { 'content-type': 'application/json' }, body: `{"cut": "${token}` },
      ];
      for (const r of echoes) {
        reply = () => r;
        const e = await sendLeft({ token });
        const shown = `${JSON.stringify(e)} ${formatError(e)}`;
        assert.ok(!shown.includes(token) && !shown.includes(JSON.stringify(token).slice(1, -1)) && !shown.includes('SECRET'), `token in ${shown}`);
        assert.match(shown, /\[redacted\]/);
      }
    });

    it("redacts a transport error's name, code and nested causes as well as its message", async () => {
      const leaky: Fetch = () => {
        const socket = Object.assign(new Error(`socket closed for ${SECRET}`), { code: `E_${SECRET}` });
        const failure = Object.assign(new TypeError(`fetch failed (${SECRET})`), { cause: socket, name: `TypeError ${SECRET}` });
        return Promise.reject(failure);
      };
      const e = await sendLeft({ token: SECRET, fetch: leaky });
      assert.equal(e._tag, 'NetworkError');
      assert.ok(!JSON.stringify(e).includes(SECRET), `token in ${JSON.stringify(e)}`);
      const cause = (e as { cause: { name: string; cause?: { message: string; code?: string } } }).cause;
      assert.equal(cause.name, 'TypeError [redacted]');
      assert.deepEqual(cause.cause, { name: 'Error', message: 'socket closed for [redacted]', code: 'E_[redacted]' });
    });

    it('keeps a cause code from a nested cause, as before', async () => {
      const refused: Fetch = () => Promise.reject(Object.assign(new TypeError('fetch failed'), { cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }) }));
      const e = await sendLeft({ fetch: refused });
      assert.equal(e._tag === 'NetworkError' && (e.cause as { code?: string }).code, 'ECONNREFUSED');
    });
  });
});

describe('request (virtual time)', () => {
  const hangingFetch: Fetch = () => new Promise(() => undefined);

  it('times out after exactly timeoutMs', () => {
    testScheduler().run(({ expectObservable }) => {
      const r$ = request({ method: 'GET', baseUrl: 'http://127.0.0.1:1', path: '/livez', timeoutMs: 30_000, fetch: hangingFetch });
      expectObservable(r$).toBe('30000ms (a|)', {
        a: E.left({ _tag: 'TimeoutError', method: 'GET', url: 'http://127.0.0.1:1/livez', timeoutMs: 30_000 }),
      });
    });
  });

  it('timeoutMs: Infinity arms no timer: a hanging request waits as long as it is subscribed', () => {
    testScheduler().run(({ expectObservable }) => {
      const r$ = request({ method: 'GET', baseUrl: 'http://127.0.0.1:1', path: '/livez', timeoutMs: Infinity, fetch: hangingFetch });
      expectObservable(r$, '^ 100000000ms !').toBe('-');
    });
  });

  it('a token Observable that never emits is also bounded by the timeout', () => {
    testScheduler().run(({ expectObservable }) => {
      const r$ = request({ method: 'GET', baseUrl: 'http://127.0.0.1:1', path: '/livez', timeoutMs: 100, fetch: hangingFetch, token: () => NEVER });
      expectObservable(r$).toBe('100ms (a|)', {
        a: E.left({ _tag: 'TimeoutError', method: 'GET', url: 'http://127.0.0.1:1/livez', timeoutMs: 100 }),
      });
    });
  });
});
