import assert from 'node:assert/strict';
import { mintToken, startSimulatedNetwork, type SimulatedNetwork } from '../../src/testkit/index.js';
import { inUpstreamSpec, upstreamFacts, upstreamMethods } from '../helpers/upstream.js';
import { collectKeys, formatFor, get, post, type HttpResult } from './helpers.js';

// The routes and property names of the upstream specs come from test/fixtures/upstream-facts.json (written by
// scripts/upstream-facts.mjs, checked against the specs by test/scripts/upstreamFacts.spec.ts when they are present).

/** The documented exception (notes §3.4): the traffic route is left out of every generated openapi.yaml on purpose. */
const NOT_IN_SPECS = new Set(['GET /v2/traffic/accounts/{account-id}']);

const BASES = { ledger: '', validator: '/api/validator', scan: '/api/scan' } as const;

describe('testkit: routes and field names match the upstream OpenAPI specs', () => {
  let net: SimulatedNetwork;
  before(async () => {
    net = await startSimulatedNetwork({ seed: 4, updates: 300, trafficEnforcement: true, bulkStorage: { checksums: {} } });
  });
  after(() => net.close());

  it('serves every operation of the API summary plus Scan /v2/updates', () => {
    const served = new Set(net.routes().map((r) => `${r.method} ${r.path}`));
    for (const op of [
      'POST /v2/updates/get-updates-page',
      'GET /v2/idps/{idp-id}',
      'GET /v2/traffic/accounts/{account-id}',
      'POST /api/validator/v0/entry/create',
      'GET /api/validator/v0/scan-proxy/open-and-issuing-mining-rounds',
      'GET /api/validator/v0/scan-proxy/featured-apps/{provider_party_id}',
      'POST /api/scan/v1/updates',
      'POST /api/scan/v2/updates',
      'POST /api/scan/v2/holdings/state',
      'GET /api/scan/v0/state/acs/snapshot-timestamp-after',
      'POST /api/scan/v0/history/bulk/checksums',
      'POST /api/scan/v0/voterequest',
      'GET /api/scan/v0/admin/sv/voterequests',
      'POST /api/scan/v0/admin/sv/voteresults/count',
      'GET /api/scan/v0/transfer-command-counter/{party}',
      'GET /api/scan/v0/featured-apps/{provider_party_id}',
      'GET /api/scan/v0/dso-party-id',
      'GET /api/scan/v0/internal/reward-accounting-process/rounds/{round_number}/root-hash',
      'GET /api/scan/v0/amulet-config-for-round',
      'GET /api/scan/livez',
    ])
      assert.ok(served.has(op), `not served: ${op}`);
  });

  it('every served path template and method appears in the spec of its group (traffic is the documented exception)', () => {
    const routes = net.routes();
    assert.ok(routes.length >= 20);
    for (const r of routes) {
      const id = `${r.method} ${r.path}`;
      const base = BASES[r.group];
      assert.ok(r.path.startsWith(base), id);
      const path = r.path.slice(base.length);
      if (NOT_IN_SPECS.has(id)) {
        assert.ok(!inUpstreamSpec(r.group, path), `${id} is listed as absent from the specs but is in one`);
        continue;
      }
      assert.ok(inUpstreamSpec(r.group, path), `${id}: path ${path} is in no ${r.group} spec`);
      assert.ok(upstreamMethods(r.group, path).includes(r.method), `${id}: the spec has no ${r.method} for ${path}`);
    }
  });

  it('every field name the simulator prints is a property name in the specs', async () => {
    const alice = net.party('alice');
    const token = mintToken({ userId: 'alice', actAs: [alice], admin: true });
    const bodies: HttpResult[] = [
      await post(`${net.ledgerUrl}/v2/updates/get-updates-page`, { updateFormat: { ...formatFor(alice), includeTopologyEvents: { includeParticipantAuthorizationEvents: {} } }, maxPageSize: 1000 }, token),
      await post(`${net.ledgerUrl}/v2/updates/get-updates-page`, { updateFormat: formatFor(alice, 'TRANSACTION_SHAPE_ACS_DELTA'), maxPageSize: 1000 }, token),
      await get(`${net.ledgerUrl}/v2/idps/idp-simulated`, token),
      await get(`${net.ledgerUrl}/v2/idps/missing`, token),
      await post(`${net.validatorUrl}/v0/entry/create`, { name: 'fields.unverified.cns', url: '', description: '' }, token),
      await post(`${net.validatorUrl}/v0/entry/create`, { name: 'fields', url: '', description: '' }, token),
      await get(`${net.validatorUrl}/v0/scan-proxy/open-and-issuing-mining-rounds`, token),
      await post(`${net.scanUrl}/v2/updates`, { page_size: 300 }),
      await post(`${net.scanUrl}/v1/updates`, { page_size: 300 }),
      await get(`${net.scanUrl}/v0/admin/sv/voterequests`),
      await post(`${net.scanUrl}/v0/admin/sv/voteresults/count`, {}),
      await get(`${net.scanUrl}/v0/transfer-command-counter/${encodeURIComponent(net.party('external-1'))}`),
      await get(`${net.scanUrl}/v0/dso-party-id`),
      await get(`${net.scanUrl}/v0/amulet-config-for-round?round=0`),
      await get(`${net.scanUrl}/v0/internal/reward-accounting-process/rounds/1/root-hash`),
      await post(`${net.scanUrl}/v0/history/bulk/checksums`, { object_keys: ['a'] }),
    ];
    const ts = await get(`${net.scanUrl}/v0/state/acs/snapshot-timestamp-after?after=2000-01-01T00:00:00Z&migration_id=0`);
    bodies.push(ts);
    const recordTime = (ts.json() as { record_time: string }).record_time;
    bodies.push(await post(`${net.scanUrl}/v2/holdings/state`, { migration_id: 0, record_time: recordTime, page_size: 5, owner_party_ids: Object.values(net.parties) }));
    for (const hint of Object.keys(net.parties)) bodies.push(await get(`${net.scanUrl}/v0/featured-apps/${encodeURIComponent(net.party(hint))}`));
    const keys = new Set<string>();
    for (const b of bodies) if (b.text !== '' && (b.headers.get('content-type') ?? '').includes('json')) collectKeys(b.json(), keys);
    assert.ok(keys.size > 50, `only ${keys.size} keys collected`);
    const names = new Set(upstreamFacts.fieldNames);
    const missing = [...keys].filter((k) => !names.has(k)).sort();
    assert.deepEqual(missing, []);
  });
});
