import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import sinon from 'sinon';
import { createTransport } from '../../src/client/createTransport';
import type { Fetch } from '../../src/http/types';
import { collect } from '../helpers/collect';

const okFetch = () => sinon.stub<Parameters<Fetch>, ReturnType<Fetch>>().resolves({ status: 200, headers: { get: () => 'application/json' }, text: () => Promise.resolve('{}') });

describe('createTransport', () => {
  it('binds base URL, token, fetch and timeout of a group', async () => {
    const fetch = okFetch();
    const send = createTransport('scan', { url: 'http://scan.test/api/scan', token: 'tok' }, { fetch, timeoutMs: 1000 });
    const [r] = await collect(send({ method: 'GET', path: '/v0/dso-party-id' }));
    assert.ok(r && E.isRight(r));
    sinon.assert.calledOnce(fetch);
    const [url, init] = fetch.firstCall.args;
    assert.equal(url, 'http://scan.test/api/scan/v0/dso-party-id');
    assert.equal(init.headers['authorization'], 'Bearer tok');
  });

  it('answers every call of an unconfigured group with InvalidRequest, sending nothing', async () => {
    const fetch = okFetch();
    const send = createTransport('validator', undefined, { fetch, timeoutMs: 1000 });
    const [r] = await collect(send({ method: 'GET', path: '/v0/scan-proxy/open-and-issuing-mining-rounds' }));
    assert.ok(r && E.isLeft(r));
    assert.equal(r.left._tag, 'InvalidRequest');
    assert.match(r.left._tag === 'InvalidRequest' ? r.left.message : '', /validator group is not configured/);
    sinon.assert.notCalled(fetch);
  });

  it('answers every call with InvalidRequest when the shared configuration is invalid', async () => {
    const fetch = okFetch();
    const send = createTransport('ledger', { url: 'http://l' }, { fetch, timeoutMs: -1, configIssues: [{ path: 'timeoutMs', message: 'must be positive' }] });
    const [r] = await collect(send({ method: 'GET', path: '/v2/idps/{idp-id}', params: { 'idp-id': 'x' } }));
    assert.ok(r && E.isLeft(r) && r.left._tag === 'InvalidRequest');
    sinon.assert.notCalled(fetch);
  });
});
