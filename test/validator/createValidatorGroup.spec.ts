import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import { fetch as crossFetch } from 'cross-fetch';
import { createClient } from '../../src/clientFactory/createClient';
import type { ValidatorGroup } from '../../src/validator/createValidatorGroup';
import type { Fetch } from '../../src/http/types';
import { startServer, type TestServer } from '../helpers/server';
import { routeTable } from '../helpers/routes';
import { readFixture } from '../helpers/fixtures';
import { inUpstreamSpec } from '../helpers/upstream';
import { one } from '../helpers/results';


describe('validator group operations (loopback server, upstream wire format)', () => {
  let server: TestServer;
  const { routes, handler } = routeTable();
  let validator: ValidatorGroup;
  let tokens = 0;
  const last = () => server.requests.at(-1)!;

  before(async () => {
    server = await startServer(handler);
    validator = createClient({ validator: { url: `${server.url}/api/validator`, token: () => `wallet-jwt-${++tokens}` }, fetch: crossFetch as unknown as Fetch }).validator;
  });
  after(() => server.close());
  beforeEach(() => routes.clear());

  const expectRoute = (method: string, template: string) => {
    assert.equal(last().method, method);
    assert.match(String(last().headers.authorization), /^Bearer wallet-jwt-\d+$/);
    assert.ok(inUpstreamSpec('validator', template), `${template} is not a path of the upstream validator specs`);
  };

  it('createAnsEntry: POST /v0/entry/create with the entry, decodes the subscription request', async () => {
    routes.set('POST /api/validator/v0/entry/create', (req) => {
      const body = JSON.parse(req.body) as { name: string; url: string; description: string };
      return { body: { entryContextCid: '00ctx', subscriptionRequestCid: '00sub', ...body } };
    });
    const request = { name: 'alice.unverified.cns', url: 'https://alice.example.com', description: 'Alice' };
    const r = await one(validator.createAnsEntry(request));
    assert.deepEqual(r, E.right({ entryContextCid: '00ctx', subscriptionRequestCid: '00sub', ...request }));
    expectRoute('POST', '/v0/entry/create');
    assert.deepEqual(JSON.parse(last().body), request);
  });

  it('createAnsEntry: an invalid entry is refused before sending; server errors come back as values', async () => {
    const n = server.requests.length;
    const bad = await one(validator.createAnsEntry({ name: 'alice', url: '', description: 'x'.repeat(141) }));
    assert.ok(E.isLeft(bad) && bad.left._tag === 'InvalidRequest');
    assert.equal(server.requests.length, n);
    routes.set('POST /api/validator/v0/entry/create', () => ({ status: 401, headers: { 'content-type': 'text/plain' }, body: 'The supplied authentication is invalid' }));
    const unauth = await one(validator.createAnsEntry({ name: 'alice.unverified.cns', url: '', description: '' }));
    assert.ok(E.isLeft(unauth) && unauth.left._tag === 'HttpError' && unauth.left.status === 401 && unauth.left.body._tag === 'Text');
    routes.set('POST /api/validator/v0/entry/create', () => ({ status: 404, body: readFixture('validator', 'error-response__Fairmint-canton-node-sdk__sim-2.json') as object }));
    const missing = await one(validator.createAnsEntry({ name: 'alice.unverified.cns', url: '', description: '' }));
    assert.ok(E.isLeft(missing) && missing.left._tag === 'HttpError' && missing.left.body._tag === 'SimpleError');
  });

  it('listAnsEntries: GET /v0/entry/all', async () => {
    const entry = { contractId: '00e', name: 'alice.unverified.cns', amount: '1.0000000000', unit: 'USD', expiresAt: '2026-12-22T00:00:00Z', paymentInterval: '90 days', paymentDuration: '10 minutes' };
    routes.set('GET /api/validator/v0/entry/all', () => ({ body: { entries: [entry] } }));
    assert.deepEqual(await one(validator.listAnsEntries()), E.right({ entries: [entry] }));
    expectRoute('GET', '/v0/entry/all');
  });

  it('getOpenAndIssuingMiningRounds: GET the scan proxy, decodes the real DevNet answer', async () => {
    routes.set('GET /api/validator/v0/scan-proxy/open-and-issuing-mining-rounds', () => ({ body: readFixture('validator', 'scan-proxy-open-and-issuing-mining-rounds__Fairmint-canton-node-sdk__sim-1.json') as object }));
    const r = await one(validator.getOpenAndIssuingMiningRounds());
    assert.ok(E.isRight(r));
    expectRoute('GET', '/v0/scan-proxy/open-and-issuing-mining-rounds');
    assert.equal(r.right.open_mining_rounds.length, 3);
    assert.equal(r.right.issuing_mining_rounds.length, 3);
  });

  it('lookupFeaturedAppRight: GET the scan proxy with the party encoded; null means none', async () => {
    routes.set('GET /api/validator/v0/scan-proxy/featured-apps/alice%3A%3A1220', () => ({ body: readFixture('validator', 'scan-proxy-featured-apps__canton-network-splice-sv-voting-dapp__mock-1.json') as object }));
    const r = await one(validator.lookupFeaturedAppRight('alice::1220'));
    assert.deepEqual(r, E.right({ featured_app_right: null }));
    expectRoute('GET', '/v0/scan-proxy/featured-apps/{provider_party_id}');
  });

  it('resolves the token provider again for each request', async () => {
    routes.set('GET /api/validator/v0/scan-proxy/featured-apps/p', () => ({ body: { featured_app_right: null } }));
    await one(validator.lookupFeaturedAppRight('p'));
    const a = last().headers.authorization;
    await one(validator.lookupFeaturedAppRight('p'));
    assert.notEqual(last().headers.authorization, a);
  });
});
