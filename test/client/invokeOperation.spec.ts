import assert from 'node:assert/strict';
import * as t from 'io-ts';
import * as E from 'fp-ts/lib/Either.js';
import { createTransport } from '../../src/client/createTransport';
import { invokeOperation, type OperationDescriptor } from '../../src/client/invokeOperation';
import type { CantonError } from '../../src/errors/CantonError';
import { optional } from '../../src/codecs/common/primitives';
import { collect } from '../helpers/collect';
import { startServer, type Reply, type TestServer } from '../helpers/server';

const Body = t.intersection([t.type({ name: t.string }), t.partial({ size: optional(t.number) })]);

const base: OperationDescriptor<{ readonly ok: boolean }> = {
  group: 'ledger',
  operationId: 'patchV2ThingsThing-id',
  method: 'updateThing',
  httpMethod: 'PATCH',
  path: '/v2/things/{thing-id}/{n}',
  pathParams: [
    { name: 'thing-id', type: 'string', required: true },
    { name: 'n', type: 'integer', required: true },
  ],
  queryParams: [
    { name: 'parties', type: 'array', required: false },
    { name: 'verbose', type: 'boolean', required: true },
  ],
  body: { kind: 'json', codec: Body, required: true },
  response: t.type({ ok: t.boolean }),
  deprecated: false,
  paged: false,
};

const left = (r: E.Either<CantonError, unknown>): CantonError => {
  assert.ok(E.isLeft(r), JSON.stringify(r));
  return r.left;
};

describe('invokeOperation', () => {
  let server: TestServer;
  let reply: Reply = { body: { ok: true } };
  before(async () => {
    server = await startServer(() => reply);
  });
  after(() => server.close());
  beforeEach(() => {
    server.requests.length = 0;
    reply = { body: { ok: true } };
  });
  const transport = () => createTransport('ledger', { url: server.url, token: 'secret-token' }, { fetch: globalThis.fetch as never, timeoutMs: 5_000 });

  it('is cold, and sends the method, the encoded path, the repeated query keys and the JSON body', async () => {
    const op = invokeOperation(transport(), base, ['alice::1220', 7, { name: 'x' }, { parties: ['a', 'b'], verbose: true }]);
    await new Promise((r) => setTimeout(r, 5));
    assert.equal(server.requests.length, 0, 'nothing before subscribe');
    assert.deepEqual(await collect(op), [E.right({ ok: true })]);
    assert.deepEqual(await collect(op), [E.right({ ok: true })]);
    assert.equal(server.requests.length, 2, 'each subscription its own request');
    const req = server.requests[0]!;
    assert.equal(req.method, 'PATCH');
    assert.equal(req.url, '/v2/things/alice%3A%3A1220/7?parties=a&parties=b&verbose=true');
    assert.equal(req.headers['content-type'], 'application/json');
    assert.deepEqual(JSON.parse(req.body), { name: 'x' });
  });

  it('refuses bad arguments with their paths, and sends nothing', async () => {
    const cases: Array<[unknown[], string[]]> = [
      [['..', 7, { name: 'x' }, { verbose: true }], ['thing-id']],
      [['', 7, { name: 'x' }, { verbose: true }], ['thing-id']],
      [['a', 1.5, { name: 'x' }, { verbose: true }], ['n']],
      [['a', 7, { name: 3 }, { verbose: true }], ['body.name']],
      [['a', 7, undefined, { verbose: true }], ['body']],
      [['a', 7, { name: 'x' }, {}], ['query.verbose']],
      [['a', 7, { name: 'x' }, { verbose: 'yes', extra: 1 }], ['query.extra', 'query.verbose']],
      [['a', 7, { name: 'x' }, { verbose: true, parties: 'a' }], ['query.parties']],
      [['a', 7, { name: 'x' }, { verbose: true }, 'one too many'], ['']],
    ];
    for (const [args, paths] of cases) {
      const e = left((await collect(invokeOperation(transport(), base, args)))[0]!);
      assert.equal(e._tag, 'InvalidRequest', JSON.stringify(args));
      assert.deepEqual(e._tag === 'InvalidRequest' ? e.issues?.map((i) => i.path).sort() : [], paths, JSON.stringify(args));
    }
    assert.equal(server.requests.length, 0);
  });

  it('sends bytes as application/octet-stream, and reads empty and text answers', async () => {
    const upload: OperationDescriptor<undefined> = { ...base, httpMethod: 'POST', path: '/v2/dars', pathParams: [], queryParams: [], body: { kind: 'binary', required: true }, response: 'empty' };
    reply = { status: 200 };
    assert.deepEqual(await collect(invokeOperation(transport(), upload, [new Uint8Array([0x50, 0x4b, 0x03, 0x04])])), [E.right(undefined)]);
    assert.equal(server.requests[0]!.headers['content-type'], 'application/octet-stream');
    assert.equal(server.requests[0]!.body, 'PK\u0003\u0004');
    assert.equal(left((await collect(invokeOperation(transport(), upload, ['not bytes'])))[0]!)._tag, 'InvalidRequest');

    const text: OperationDescriptor<string> = { ...base, httpMethod: 'GET', path: '/readyz', pathParams: [], queryParams: [], body: undefined, response: 'text' };
    reply = { status: 200, headers: { 'content-type': 'text/plain' }, body: 'ready' };
    assert.deepEqual(await collect(invokeOperation(transport(), text, [])), [E.right('ready')]);
  });

  it('decodes the answer with the codec, and marks the known conditions of the operation', async () => {
    const page: OperationDescriptor<{ readonly ok: boolean }> = { ...base, httpMethod: 'DELETE', path: '/v2/page', pathParams: [], queryParams: [], body: undefined, conditions: ['InvalidPageToken'] };
    reply = { body: { ok: 'no' } };
    const e = left((await collect(invokeOperation(transport(), page, [])))[0]!);
    assert.ok(e._tag === 'DecodeError' && e.issues[0]!.path === 'ok');
    assert.equal(server.requests[0]!.method, 'DELETE');
    reply = { status: 400, body: { code: 'INVALID_UPDATES_PAGE_TOKEN', cause: 'stale', context: {}, errorCategory: 8 } };
    const http = left((await collect(invokeOperation(transport(), page, [])))[0]!);
    assert.ok(http._tag === 'HttpError' && http.condition === 'InvalidPageToken', JSON.stringify(http));
  });

  it('answers an operation that cannot be sent as the spec says with an InvalidRequest naming why', async () => {
    const getWithBody: OperationDescriptor = { ...base, unsendable: 'a GET with a body cannot be sent with fetch: use listVettedPackages' };
    const e = left((await collect(invokeOperation(transport(), getWithBody, ['a', 7, { name: 'x' }, { verbose: true }])))[0]!);
    assert.ok(e._tag === 'InvalidRequest' && e.message.includes('listVettedPackages'));
    assert.equal(server.requests.length, 0);
  });

  it('runs the request validation of the descriptor first, on its argument, with the caller\'s context, and sends nothing when it fails', async () => {
    const validated: OperationDescriptor<{ readonly ok: boolean }> = {
      ...base,
      validation: {
        what: 'thing request',
        on: 'body',
        defaults: { suffix: '.cns' },
        rules: [
          { rule: 'string', path: 'name', suffix: '{suffix}' },
          { rule: 'positiveInt', path: 'size', when: 'size', max: 10 },
        ],
      },
    };
    const bad = left((await collect(invokeOperation(transport(), validated, ['t', 1, { name: 'x.other', size: 11 }, { verbose: true }])))[0]!);
    assert.equal(bad._tag, 'InvalidRequest');
    assert.equal(bad.message, 'invalid thing request');
    assert.deepEqual(bad._tag === 'InvalidRequest' && bad.issues, [
      { path: 'name', message: 'must end with .cns' },
      { path: 'size', message: 'must be at most 10' },
    ]);
    assert.equal(server.requests.length, 0);
    assert.deepEqual(await collect(invokeOperation(transport(), validated, ['t', 1, { name: 'x.cns' }, { verbose: true }])), [E.right({ ok: true })]);
    assert.deepEqual(await collect(invokeOperation(transport(), validated, ['t', 1, { name: 'x.other' }, { verbose: true }], { suffix: '.other' })), [E.right({ ok: true })]);
    assert.equal(server.requests.length, 2);
    const onParams: OperationDescriptor<{ readonly ok: boolean }> = { ...base, validation: { what: 'thing id', on: 'params', rules: [{ rule: 'nonEmpty', path: 'thing-id' }] } };
    assert.deepEqual((left((await collect(invokeOperation(transport(), onParams, ['', 1, { name: 'x' }, { verbose: true }])))[0]!) as { issues: unknown }).issues, [
      { path: 'thing-id', message: 'must be a non-empty string' },
    ]);
    const onQuery: OperationDescriptor<{ readonly ok: boolean }> = { ...base, validation: { what: 'thing query', on: 'query', rules: [{ rule: 'array', path: 'parties', maxItems: 1, message: 'at most one' }] } };
    assert.deepEqual((left((await collect(invokeOperation(transport(), onQuery, ['t', 1, { name: 'x' }, { parties: ['a', 'b'], verbose: true }])))[0]!) as { issues: unknown }).issues, [
      { path: 'parties', message: 'at most one' },
    ]);
  });

  it('carries the descriptor\'s agreement on the call it hands the transport', async () => {
    const calls: unknown[] = [];
    const agreement = { kind: 'history-page', items: 'transactions', id: 'update_id', ignore: ['offset'] } as const;
    const spy = (call: Parameters<ReturnType<typeof transport>>[0]) => {
      calls.push(call.agreement);
      return transport()(call);
    };
    await collect(invokeOperation(spy, { ...base, agreement }, ['t', 1, { name: 'x' }, { verbose: true }]));
    await collect(invokeOperation(spy, base, ['t', 1, { name: 'x' }, { verbose: true }]));
    assert.deepEqual(calls, [agreement, undefined]);
  });

  it('aborts the request in flight on unsubscribe', async () => {
    reply = { action: 'hang' };
    const sub = invokeOperation(transport(), { ...base, httpMethod: 'GET', path: '/v2/slow', pathParams: [], queryParams: [], body: undefined }, []).subscribe();
    const req = await server.request(0);
    sub.unsubscribe();
    assert.equal(await req.closedEarly, true);
  });
});
