import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import { fetch as crossFetch } from 'cross-fetch';
import { createClient } from '../../src/clientFactory/createClient';
import type { LedgerGroup } from '../../src/ledger/createLedgerGroup';
import type { Fetch } from '../../src/http/types';
import { startServer, type TestServer } from '../helpers/server';
import { routeTable } from '../helpers/routes';
import { readFixture } from '../helpers/fixtures';
import { inUpstreamSpec } from '../helpers/upstream';
import { httpLeft, one } from '../helpers/results';


describe('ledger group operations (loopback server, upstream wire format)', () => {
  let server: TestServer;
  const { routes, handler } = routeTable();
  let ledger: LedgerGroup;
  const last = () => server.requests.at(-1)!;

  before(async () => {
    server = await startServer(handler);
    ledger = createClient({ ledger: { url: server.url, token: 'jwt-1' }, fetch: crossFetch as unknown as Fetch }).ledger;
  });
  after(() => server.close());
  beforeEach(() => routes.clear());

  const expectRoute = (method: string, template: string) => {
    assert.equal(last().method, method);
    assert.equal(last().headers.authorization, 'Bearer jwt-1');
    assert.ok(inUpstreamSpec('ledger', template), `${template} is not a path of the upstream ledger spec`);
  };

  it('getUpdatesPage: POST /v2/updates/get-updates-page with the request as sent, decodes real updates', async () => {
    const updates = readFixture('ledger', 'updates-ledger-effects__canton-network-splice-sv-voting-dapp__2.json') as unknown[];
    routes.set('POST /v2/updates/get-updates-page', () => ({ body: { updates: updates.slice(0, 5), lowestPageOffsetExclusive: 0, highestPageOffsetInclusive: 99, nextPageToken: 'CgQIARAB' } }));
    const request = {
      updateFormat: { includeTransactions: { transactionShape: 'TRANSACTION_SHAPE_ACS_DELTA' as const, eventFormat: { filtersByParty: { 'alice::1220': {} } } } },
      beginOffsetExclusive: 0,
      maxPageSize: 5,
    };
    const r = await one(ledger.getUpdatesPage(request));
    assert.ok(E.isRight(r));
    expectRoute('POST', '/v2/updates/get-updates-page');
    assert.deepEqual(JSON.parse(last().body), request);
    assert.equal(r.right.updates?.length, 5);
    assert.equal(r.right.nextPageToken, 'CgQIARAB');
  });

  it('getIdentityProviderConfig: GET /v2/idps/{idp-id}; 404 IDP_CONFIG_NOT_FOUND as a LedgerError', async () => {
    const config = { identityProviderId: 'idp-1', isDeactivated: false, issuer: 'https://issuer.example.com', jwksUrl: 'https://issuer.example.com/jwks', audience: '' };
    routes.set('GET /v2/idps/idp%2F1', () => ({ body: { identityProviderConfig: config } }));
    const r = await one(ledger.getIdentityProviderConfig('idp/1'));
    assert.deepEqual(r, E.right({ identityProviderConfig: config }));
    expectRoute('GET', '/v2/idps/{idp-id}');
    const notFound = { code: 'IDP_CONFIG_NOT_FOUND', cause: 'Identity provider config with id x not found', context: { category: '11' }, errorCategory: 11, grpcCodeValue: 5, resources: [['IDENTITY_PROVIDER_CONFIG', 'x']] };
    routes.set('GET /v2/idps/x', () => ({ status: 404, body: notFound }));
    const e = await httpLeft(ledger.getIdentityProviderConfig('x'));
    assert.equal(e.body._tag, 'LedgerError');
    assert.equal(e.body._tag === 'LedgerError' && e.body.error.code, 'IDP_CONFIG_NOT_FOUND');
  });

  it('getIdentityProviderConfig(".."), ("."): refused naming the parameter, never sent to another route', async () => {
    const n = server.requests.length;
    for (const id of ['..', '.']) {
      const r = await one(ledger.getIdentityProviderConfig(id));
      assert.ok(E.isLeft(r) && r.left._tag === 'InvalidRequest', JSON.stringify(r));
      assert.deepEqual(r.left.issues.map((i) => i.path), ['idp-id']);
    }
    assert.equal(server.requests.length, n);
  });

  it('getTrafficAccount: party ids URL-encoded; a missing route reads as TrafficEnforcementDisabled', async () => {
    routes.set('GET /v2/traffic/accounts/bob%3A%3A1220ab', () => ({ body: { accountId: 'bob::1220ab', balance: 900000 } }));
    assert.deepEqual(await one(ledger.getTrafficAccount('bob::1220ab')), E.right({ accountId: 'bob::1220ab', balance: 900000 }));
    assert.equal(last().url, '/v2/traffic/accounts/bob%3A%3A1220ab');
    // Not in any published spec (notes §3.4): the route is mounted only with traffic enforcement.
    assert.ok(!inUpstreamSpec('ledger', '/v2/traffic/accounts/{account-id}'));
    routes.set('GET /v2/traffic/accounts/carol%3A%3A1220cd', () => ({ status: 404, headers: { 'content-type': 'text/plain' }, body: 'The requested resource could not be found.' }));
    const e = await httpLeft(ledger.getTrafficAccount('carol::1220cd'));
    assert.equal(e.status, 404);
    assert.equal(e.condition, 'TrafficEnforcementDisabled');
    // A 404 that the participant answers itself (a JsCantonError) is not the missing route.
    const notFound = { code: 'NOT_FOUND', cause: 'x', context: {}, errorCategory: 11, grpcCodeValue: 5, resources: [] };
    routes.set('GET /v2/traffic/accounts/dave', () => ({ status: 404, body: notFound }));
    assert.equal((await httpLeft(ledger.getTrafficAccount('dave'))).condition, undefined);
  });

  it('getTrafficAccount: an unsafe balance is a DecodeError, not a rounded number', async () => {
    routes.set('GET /v2/traffic/accounts/bob', () => ({ headers: { 'content-type': 'application/json' }, body: '{"accountId":"bob","balance":9007199254740993}' }));
    const r = await one(ledger.getTrafficAccount('bob'));
    assert.ok(E.isLeft(r) && r.left._tag === 'DecodeError');
    assert.equal(r.left._tag === 'DecodeError' && r.left.issues[0]!.path, 'balance');
  });

  it('every real ledger error body decodes as a LedgerError', async () => {
    for (const file of ['error-ledger-api__Fairmint-canton-node-sdk__sim-1.json', 'error-ledger-api__digital-asset-canton__1.json', 'error-ledger-api__digital-asset-canton__2.json']) {
      routes.set('GET /v2/idps/y', () => ({ status: 400, body: readFixture('ledger', file) as object }));
      assert.equal((await httpLeft(ledger.getIdentityProviderConfig('y'))).body._tag, 'LedgerError', file);
    }
  });
});
