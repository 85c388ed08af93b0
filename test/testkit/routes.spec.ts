import assert from 'node:assert/strict';
import { mintToken, startSimulatedNetwork, type SimulatedNetwork } from '../../src/testkit/index.js';
import { arr, assertDecodes, formatFor, get, obj, post } from './helpers.js';

describe('testkit: every route serves bodies the library decodes', () => {
  let net: SimulatedNetwork;
  let alice: string;
  let aliceToken: string;
  let adminToken: string;

  before(async () => {
    net = await startSimulatedNetwork({ seed: 11, updates: 400, trafficEnforcement: true, bulkStorage: { checksums: { 'updates/0/000001.zst': 'abc123' } } });
    alice = net.party('alice');
    aliceToken = mintToken({ userId: 'alice', actAs: [alice] });
    adminToken = mintToken({ userId: 'admin', admin: true });
  });
  after(() => net.close());

  it('serves on 127.0.0.1 under the real base paths', () => {
    assert.match(net.url, /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.equal(net.ledgerUrl, net.url);
    assert.ok(net.validatorUrl.endsWith('/api/validator'));
    assert.ok(net.scanUrl.endsWith('/api/scan'));
  });

  describe('ledger', () => {
    it('POST /v2/updates/get-updates-page (both shapes) → JsGetUpdatesPageResponse', async () => {
      for (const shape of ['TRANSACTION_SHAPE_ACS_DELTA', 'TRANSACTION_SHAPE_LEDGER_EFFECTS'] as const) {
        const res = await post(`${net.ledgerUrl}/v2/updates/get-updates-page`, { updateFormat: { ...formatFor(alice, shape), includeTopologyEvents: { includeParticipantAuthorizationEvents: {} } }, maxPageSize: 500 }, aliceToken);
        assert.equal(res.status, 200, res.text);
        assert.match(res.headers.get('content-type') ?? '', /application\/json/);
        assertDecodes('ledger', 'JsGetUpdatesPageResponse', res.json());
        const kinds = new Set(arr(obj(res.json())['updates']).map((u) => Object.keys(obj(obj(u)['update']))[0]));
        assert.ok(kinds.has('Transaction') && kinds.has('Reassignment') && kinds.has('TopologyTransaction'), [...kinds].join());
      }
    });

    it('GET /v2/idps/{idp-id} → GetIdentityProviderConfigResponse, 404 IDP_CONFIG_NOT_FOUND', async () => {
      const ok = await get(`${net.ledgerUrl}/v2/idps/idp-simulated`, adminToken);
      assert.equal(ok.status, 200, ok.text);
      assertDecodes('ledger', 'GetIdentityProviderConfigResponse', ok.json());
      const missing = await get(`${net.ledgerUrl}/v2/idps/nope`, adminToken);
      assert.equal(missing.status, 404);
      assert.equal(obj(assertDecodes('ledger', 'JsCantonError', missing.json()))['code'], 'IDP_CONFIG_NOT_FOUND');
    });

    it('GET /v2/traffic/accounts/{account-id} → GetAccountResponse', async () => {
      const res = await get(`${net.ledgerUrl}/v2/traffic/accounts/${encodeURIComponent(alice)}`, aliceToken);
      assert.equal(res.status, 200, res.text);
      const body = obj(assertDecodes('ledger', 'GetAccountResponse', res.json()));
      assert.equal(body['accountId'], alice);
      assert.ok(typeof body['balance'] === 'number' && body['balance'] > 0);
    });

    it('answers errors as JsCantonError with their status, and undecodable bodies as text/plain 400', async () => {
      const unauth = await post(`${net.ledgerUrl}/v2/updates/get-updates-page`, { updateFormat: formatFor(alice) });
      assert.equal(unauth.status, 401);
      assert.equal(obj(assertDecodes('ledger', 'JsCantonError', unauth.json()))['code'], 'UNAUTHENTICATED');
      const bad = await post(`${net.ledgerUrl}/v2/updates/get-updates-page`, '{"updateFormat": 3', aliceToken);
      assert.equal(bad.status, 400);
      assert.match(bad.headers.get('content-type') ?? '', /^text\/plain/);
      assert.equal(bad.text, 'Invalid value for: body');
    });
  });

  describe('validator', () => {
    it('GET /v0/scan-proxy/open-and-issuing-mining-rounds → GetOpenAndIssuingMiningRoundsProxyResponse', async () => {
      const res = await get(`${net.validatorUrl}/v0/scan-proxy/open-and-issuing-mining-rounds`, aliceToken);
      assert.equal(res.status, 200, res.text);
      const body = obj(assertDecodes('validator', 'GetOpenAndIssuingMiningRoundsProxyResponse', res.json()));
      assert.equal(arr(body['open_mining_rounds']).length, 3);
      assert.ok(arr(body['issuing_mining_rounds']).length >= 1);
    });

    it('GET /v0/scan-proxy/featured-apps/{provider_party_id} → LookupFeaturedAppRightResponse (with and without a right)', async () => {
      const values: unknown[] = [];
      for (const hint of Object.keys(net.parties)) {
        const res = await get(`${net.validatorUrl}/v0/scan-proxy/featured-apps/${encodeURIComponent(net.party(hint))}`, aliceToken);
        assert.equal(res.status, 200);
        values.push(obj(assertDecodes('validator', 'LookupFeaturedAppRightResponse', res.json()))['featured_app_right']);
      }
      assert.ok(values.some((v) => v === null) && values.some((v) => v !== null));
    });

    it('POST /v0/entry/create → CreateAnsEntryResponse; errors → ErrorResponse', async () => {
      const res = await post(`${net.validatorUrl}/v0/entry/create`, { name: 'routes.unverified.cns', url: 'https://routes.example', description: 'd' }, aliceToken);
      assert.equal(res.status, 200, res.text);
      assertDecodes('validator', 'CreateAnsEntryResponse', res.json());
      const bad = await post(`${net.validatorUrl}/v0/entry/create`, { name: 'routes', url: '', description: '' }, aliceToken);
      assert.equal(bad.status, 400);
      assertDecodes('validator', 'ErrorResponse', bad.json());
    });

    it('GET /v0/entry/all → ListAnsEntriesResponse', async () => {
      const res = await get(`${net.validatorUrl}/v0/entry/all`, aliceToken);
      assert.equal(res.status, 200, res.text);
      assert.ok(Array.isArray(obj(res.json())['entries']));
      assertDecodes('validator', 'ListAnsEntriesResponse', res.json());
    });
  });

  describe('scan', () => {
    it('POST /v2/updates → UpdateHistoryResponseV2 and /v1/updates → UpdateHistoryResponse (both encodings)', async () => {
      for (const encoding of ['compact_json', 'protobuf_json']) {
        const v2 = await post(`${net.scanUrl}/v2/updates`, { page_size: 400, daml_value_encoding: encoding });
        assert.equal(v2.status, 200, v2.text);
        assertDecodes('scan', 'UpdateHistoryResponseV2', v2.json());
        const v1 = await post(`${net.scanUrl}/v1/updates`, { page_size: 400, daml_value_encoding: encoding });
        assert.equal(v1.status, 200, v1.text);
        assertDecodes('scan', 'UpdateHistoryResponse', v1.json());
      }
    });

    it('snapshot timestamps and POST /v2/holdings/state → AcsSnapshotTimestampResponse, AcsResponseV2', async () => {
      const ts = await get(`${net.scanUrl}/v0/state/acs/snapshot-timestamp-after?after=2000-01-01T00:00:00Z&migration_id=0`);
      assert.equal(ts.status, 200, ts.text);
      const recordTime = obj(assertDecodes('scan', 'AcsSnapshotTimestampResponse', ts.json()))['record_time'];
      const before = await get(`${net.scanUrl}/v0/state/acs/snapshot-timestamp?before=2100-01-01T00:00:00Z&migration_id=0`);
      assert.equal(before.status, 200, before.text);
      assertDecodes('scan', 'AcsSnapshotTimestampResponse', before.json());
      const owners = Object.values(net.parties);
      const holdings = await post(`${net.scanUrl}/v2/holdings/state`, { migration_id: 0, record_time: recordTime, page_size: 10, owner_party_ids: owners });
      assert.equal(holdings.status, 200, holdings.text);
      assertDecodes('scan', 'AcsResponseV2', holdings.json());
      const missing = await get(`${net.scanUrl}/v0/state/acs/snapshot-timestamp-after?after=2100-01-01T00:00:00Z&migration_id=0`);
      assert.equal(missing.status, 404);
      assertDecodes('scan', 'ErrorResponse', missing.json());
    });

    it('votes → ListDsoRulesVoteRequestsResponse, ListVoteRequestByTrackingCidResponse, CountVoteResultsResponse', async () => {
      const all = await get(`${net.scanUrl}/v0/admin/sv/voterequests`);
      const list = arr(obj(assertDecodes('scan', 'ListDsoRulesVoteRequestsResponse', all.json()))['dso_rules_vote_requests']);
      assert.ok(list.length > 0);
      const ids = list.map((c) => obj(c)['contract_id']);
      const byId = await post(`${net.scanUrl}/v0/voterequest`, { vote_request_contract_ids: [ids[0], 'nonexistent'] });
      assert.equal(arr(obj(assertDecodes('scan', 'ListVoteRequestByTrackingCidResponse', byId.json()))['vote_requests']).length, 1);
      const count = await post(`${net.scanUrl}/v0/admin/sv/voteresults/count`, {});
      assert.ok((obj(assertDecodes('scan', 'CountVoteResultsResponse', count.json()))['count'] as number) > 0);
    });

    it('reference data: transfer command counter, featured apps, DSO party, amulet config, root hash, checksums', async () => {
      let counters = 0;
      for (const hint of ['external-1', 'external-2', 'alice']) {
        const res = await get(`${net.scanUrl}/v0/transfer-command-counter/${encodeURIComponent(net.party(hint))}`);
        if (res.status === 200) {
          counters += 1;
          assertDecodes('scan', 'LookupTransferCommandCounterByPartyResponse', res.json());
        } else {
          assert.equal(res.status, 404);
          assert.deepEqual(assertDecodes('scan', 'ErrorResponse', res.json()), { error: `No TransferCommandCounter found for party: ${net.party(hint)}, use 0 for the nonce` });
        }
      }
      assert.ok(counters >= 1);
      const featured = await get(`${net.scanUrl}/v0/featured-apps/${encodeURIComponent(alice)}`);
      assertDecodes('scan', 'LookupFeaturedAppRightResponse', featured.json());
      const dso = await get(`${net.scanUrl}/v0/dso-party-id`);
      assert.equal(obj(assertDecodes('scan', 'GetDsoPartyIdResponse', dso.json()))['dso_party_id'], net.dsoParty);
      const config = await get(`${net.scanUrl}/v0/amulet-config-for-round?round=1`);
      assert.equal(config.status, 200, config.text);
      assertDecodes('scan', 'GetAmuletConfigForRoundResponse', config.json());
      const { rounds } = net.info();
      for (const n of [rounds.initial, rounds.closedThrough, rounds.latestOpen + 5]) {
        const res = await get(`${net.scanUrl}/v0/internal/reward-accounting-process/rounds/${n}/root-hash`);
        assert.equal(res.status, 200);
        assertDecodes('scan', 'GetRewardAccountingRootHashResponse', res.json());
      }
      const sums = await post(`${net.scanUrl}/v0/history/bulk/checksums`, { object_keys: ['updates/0/000001.zst', 'missing'] });
      assert.deepEqual(assertDecodes('scan', 'GetBulkObjectChecksumsResponse', sums.json()), { checksums: [{ value: 'abc123' }, { value: null }] });
    });

    it('GET /livez → 200 with an empty body', async () => {
      const res = await get(`${net.scanUrl}/livez`);
      assert.equal(res.status, 200);
      assert.equal(res.text, '');
    });
  });

  it('answers unknown paths 404 text/plain and wrong methods 405', async () => {
    const unknown = await get(`${net.scanUrl}/v9/nothing`);
    assert.equal(unknown.status, 404);
    assert.match(unknown.headers.get('content-type') ?? '', /^text\/plain/);
    const method = await get(`${net.scanUrl}/v2/updates`);
    assert.equal(method.status, 405);
  });
});
