import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import sinon from 'sinon';
import { createScanClient } from '../../src/clientFactory/createScanClient';
import type { Fetch } from '../../src/http/types';
import { collect } from '../helpers/collect';

describe('createScanClient', () => {
  const stubFetch = (body = '{"dso_party_id":"DSO::1220"}') =>
    sinon.stub<Parameters<Fetch>, ReturnType<Fetch>>().resolves({ status: 200, headers: { get: () => 'application/json' }, text: () => Promise.resolve(body) });

  it('is a client of the Scan group alone, and sends nothing when created', () => {
    const fetch = stubFetch();
    const client = createScanClient({ scan: { url: 'http://s/api/scan' }, fetch });
    assert.deepEqual(Object.keys(client), ['scan']);
    sinon.assert.notCalled(fetch);
  });

  it('calls Scan with its base URL and token and the fetch given, as createClient does', async () => {
    const fetch = stubFetch();
    const [r] = await collect(createScanClient({ scan: { url: 'http://s/api/scan', token: 'S' }, fetch }).scan.getDsoPartyId());
    assert.deepEqual(r, E.right({ dso_party_id: 'DSO::1220' }));
    assert.deepEqual(fetch.getCalls().map((c) => [c.args[0], c.args[1].headers['authorization']]), [['http://s/api/scan/v0/dso-party-id', 'Bearer S']]);
  });

  it('reports a missing Scan and bad shared options as InvalidRequest values naming them, sending nothing', async () => {
    const fetch = stubFetch();
    const [missing] = await collect(createScanClient({ fetch }).scan.getDsoPartyId());
    assert.ok(missing && E.isLeft(missing) && missing.left._tag === 'InvalidRequest');
    assert.deepEqual(missing.left.issues.map((i) => i.path), ['scan']);
    const [bad] = await collect(createScanClient({ scan: { url: 'http://s/api/scan' }, timeoutMs: 0, maxResponseBytes: -1, fetch }).scan.getDsoPartyId());
    assert.ok(bad && E.isLeft(bad) && bad.left._tag === 'InvalidRequest');
    assert.deepEqual(bad.left.issues.map((i) => i.path), ['timeoutMs', 'maxResponseBytes']);
    sinon.assert.notCalled(fetch);
  });

  it('reads a pool of Scans as createClient does: the answer the Scans agree on', async () => {
    const fetch = stubFetch();
    const client = createScanClient({ scan: { urls: ['http://a/api/scan', 'http://b/api/scan'], threshold: 2 }, fetch });
    const [r] = await collect(client.scan.getDsoPartyId());
    assert.deepEqual(r, E.right({ dso_party_id: 'DSO::1220' }));
    assert.deepEqual(fetch.getCalls().map((c) => c.args[0]).sort(), ['http://a/api/scan/v0/dso-party-id', 'http://b/api/scan/v0/dso-party-id']);
  });
});
