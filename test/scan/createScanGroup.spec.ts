import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import { fetch as crossFetch } from 'cross-fetch';
import { createClient } from '../../src/clientFactory/createClient';
import type { ScanGroup } from '../../src/scan/createScanGroup';
import type { Fetch } from '../../src/http/types';
import { startServer, type TestServer } from '../helpers/server';
import { routeTable } from '../helpers/routes';
import { readFixture } from '../helpers/fixtures';
import { inUpstreamSpec } from '../helpers/upstream';
import { httpLeft, one, right } from '../helpers/results';


/** A v2 holdings page made of the real MainNet v0 holdings capture (same contracts, ActiveContract shape). */
const holdingsPage = (next?: string) => {
  const v0 = readFixture('scan', 'holdings-state__syed-bcw-canton-scan-tool__1.json') as {
    record_time: string;
    migration_id: number;
    created_events: Array<Record<string, unknown> & { event_id: string }>;
  };
  return {
    record_time: v0.record_time,
    migration_id: v0.migration_id,
    created_events: v0.created_events.map(({ event_type: _t, event_id, ...rest }) => ({ ...rest, created_in_update_id: event_id.slice(1).split(':')[0] })),
    ...(next ? { next_page_token: next } : {}),
  };
};

describe('scan group operations (loopback server, upstream wire format)', () => {
  let server: TestServer;
  const { routes, handler } = routeTable();
  let scan: ScanGroup;
  const last = () => server.requests.at(-1)!;
  const sentPath = () => last().url.split('?')[0]!.replace(/^\/api\/scan/, '');

  before(async () => {
    server = await startServer(handler);
    scan = createClient({ scan: { url: `${server.url}/api/scan` }, fetch: crossFetch as unknown as Fetch }).scan;
  });
  after(() => server.close());
  beforeEach(() => routes.clear());

  const expectRoute = (method: string, template: string) => {
    assert.equal(last().method, method);
    assert.ok(inUpstreamSpec('scan', template), `${template} is not a path of the upstream Scan spec`);
    assert.equal(last().headers.authorization, undefined, 'Scan is public: no Authorization header');
  };

  it('getUpdateHistoryV2: POST /v2/updates with the wire body, decodes a MainNet page', async () => {
    const page = readFixture('scan', 'v2-updates__JosefinHao-canton__1.json');
    routes.set('POST /api/scan/v2/updates', () => ({ body: page as object }));
    const request = { page_size: 100, after: { after_migration_id: 4, after_record_time: '2025-12-10T16:23:00.000000Z' }, daml_value_encoding: 'compact_json' as const };
    const r = await right(scan.getUpdateHistoryV2(request));
    expectRoute('POST', '/v2/updates');
    assert.deepEqual(JSON.parse(last().body), request);
    assert.equal(r.transactions.length, 100);
  });

  it('getUpdateHistoryV1: POST /v1/updates, items with a hex offset', async () => {
    // The docs elided the events as {"...": "events omitted for brevity"} (INDEX.md); put in the
    // two root events of the same MainNet genesis transaction from the v2 capture instead.
    const v1 = readFixture('scan', 'v1-updates__hyperledger-labs-splice__docs-1.json') as { transactions: Array<Record<string, unknown>> };
    const created = readFixture('scan', 'v2-updates-event-created__hyperledger-labs-splice__docs-1.json') as Record<string, Record<string, unknown>>;
    const [key, event] = Object.entries(created)[0]!;
    v1.transactions[0]!.events_by_id = { [key]: event };
    v1.transactions[0]!.root_event_ids = [key];
    routes.set('POST /api/scan/v1/updates', () => ({ body: v1 }));
    const r = await right(scan.getUpdateHistoryV1({ page_size: 10 }));
    expectRoute('POST', '/v1/updates');
    assert.equal(r.transactions[0] && 'offset' in r.transactions[0] && r.transactions[0].offset, '000000000000000001');
  });

  it('getHoldingsStateAtV2: POST /v2/holdings/state; a 404 reads as SnapshotNotFound', async () => {
    routes.set('POST /api/scan/v2/holdings/state', () => ({ body: holdingsPage('tok-1') }));
    const request = { migration_id: 4, record_time: '2026-03-19T16:00:00Z', record_time_match: 'at_or_before' as const, page_size: 10, owner_party_ids: ['a::1220'] };
    const r = await right(scan.getHoldingsStateAtV2(request));
    expectRoute('POST', '/v2/holdings/state');
    assert.deepEqual(JSON.parse(last().body), request);
    assert.equal(r.next_page_token, 'tok-1');
    routes.set('POST /api/scan/v2/holdings/state', () => ({ status: 404, body: { error: 'No snapshots found before 2026-03-19T16:00:00Z' } }));
    const e = await httpLeft(scan.getHoldingsStateAtV2(request));
    assert.equal(e.condition, 'SnapshotNotFound');
  });

  it('getHoldingsStateAtV2 refuses an empty owner list without sending', async () => {
    const before = server.requests.length;
    const r = await one(scan.getHoldingsStateAtV2({ migration_id: 4, record_time: '2026-03-19T16:00:00Z', page_size: 10, owner_party_ids: [] }));
    assert.ok(E.isLeft(r) && r.left._tag === 'InvalidRequest');
    assert.equal(server.requests.length, before);
  });

  it('getDateOfFirstSnapshotAfter: GET with after and migration_id in the query', async () => {
    routes.set('GET /api/scan/v0/state/acs/snapshot-timestamp-after', () => ({ body: readFixture('scan', 'state-acs-snapshot-timestamp-after__syed-bcw-canton-scan-tool__1.json') as object }));
    const r = await right(scan.getDateOfFirstSnapshotAfter({ after: '2026-03-19T00:00:00Z', migration_id: 4 }));
    expectRoute('GET', '/v0/state/acs/snapshot-timestamp-after');
    assert.equal(last().url, '/api/scan/v0/state/acs/snapshot-timestamp-after?after=2026-03-19T00%3A00%3A00Z&migration_id=4');
    assert.equal(typeof r.record_time, 'string');
  });

  it('getBulkObjectChecksums: splits 2500 keys into 1000-key requests and keeps the key order', async () => {
    routes.set('POST /api/scan/v0/history/bulk/checksums', (req) => {
      const keys = (JSON.parse(req.body) as { object_keys: string[] }).object_keys;
      return { body: { checksums: keys.map((k) => (k.endsWith('7') ? { value: null } : { value: `sum-${k}` })) } };
    });
    const keys = Array.from({ length: 2500 }, (_, i) => `key-${i}`);
    const n = server.requests.length;
    const r = await right(scan.getBulkObjectChecksums({ object_keys: keys }));
    expectRoute('POST', '/v0/history/bulk/checksums');
    assert.deepEqual(server.requests.slice(n).map((q) => (JSON.parse(q.body) as { object_keys: string[] }).object_keys.length), [1000, 1000, 500]);
    assert.deepEqual(r.checksums.map((c) => c.value ?? null), keys.map((k) => (k.endsWith('7') ? null : `sum-${k}`)));
  });

  it('getBulkObjectChecksums: "not configured" as 501 (spec) or 400 (server) is one condition, and stops further chunks', async () => {
    routes.set('POST /api/scan/v0/history/bulk/checksums', () => ({ status: 501, body: { error: 'Bulk storage is not configured' } }));
    assert.equal((await httpLeft(scan.getBulkObjectChecksums({ object_keys: ['a'] }))).condition, 'BulkStorageNotConfigured');
    routes.set('POST /api/scan/v0/history/bulk/checksums', () => ({ status: 400, body: { error: 'Bulk storage is not configured' } }));
    const n = server.requests.length;
    assert.equal((await httpLeft(scan.getBulkObjectChecksums({ object_keys: Array.from({ length: 1500 }, (_, i) => `k${i}`) }))).condition, 'BulkStorageNotConfigured');
    assert.equal(server.requests.length - n, 1);
    routes.set('POST /api/scan/v0/history/bulk/checksums', () => ({ status: 400, body: { error: 'Invalid object key' } }));
    assert.equal((await httpLeft(scan.getBulkObjectChecksums({ object_keys: ['a'] }))).condition, undefined);
  });

  it('getBulkObjectChecksums: a wrong number of checksums is a DecodeError, not silent misalignment', async () => {
    routes.set('POST /api/scan/v0/history/bulk/checksums', () => ({ body: { checksums: [{ value: 'x' }] } }));
    const r = await one(scan.getBulkObjectChecksums({ object_keys: ['a', 'b'] }));
    assert.ok(E.isLeft(r) && r.left._tag === 'DecodeError');
  });

  it('listVoteRequestsByTrackingCid: POST /v0/voterequest; more than 1000 ids refused', async () => {
    routes.set('POST /api/scan/v0/voterequest', () => ({ body: { vote_requests: [] } }));
    await right(scan.listVoteRequestsByTrackingCid({ vote_request_contract_ids: ['00ab'] }));
    expectRoute('POST', '/v0/voterequest');
    assert.deepEqual(JSON.parse(last().body), { vote_request_contract_ids: ['00ab'] });
    const r = await one(scan.listVoteRequestsByTrackingCid({ vote_request_contract_ids: Array.from({ length: 1001 }, (_, i) => `c${i}`) }));
    assert.ok(E.isLeft(r) && r.left._tag === 'InvalidRequest');
  });

  it('listDsoRulesVoteRequests: GET /v0/admin/sv/voterequests', async () => {
    const proxy = readFixture('validator', 'scan-proxy-open-and-issuing-mining-rounds__Fairmint-canton-node-sdk__sim-1.json') as { open_mining_rounds: Array<{ contract: unknown }> };
    routes.set('GET /api/scan/v0/admin/sv/voterequests', () => ({ body: { dso_rules_vote_requests: proxy.open_mining_rounds.map((c) => c.contract) } }));
    const r = await right(scan.listDsoRulesVoteRequests());
    expectRoute('GET', '/v0/admin/sv/voterequests');
    assert.equal(r.dso_rules_vote_requests.length, 3);
  });

  it('countVoteRequestResults: POST /v0/admin/sv/voteresults/count with camelCase filters', async () => {
    routes.set('POST /api/scan/v0/admin/sv/voteresults/count', () => ({ body: { count: 42 } }));
    const r = await right(scan.countVoteRequestResults({ actionName: 'SRARC_', accepted: true, effectiveFrom: '2026-01-01T00:00:00Z' }));
    expectRoute('POST', '/v0/admin/sv/voteresults/count');
    assert.deepEqual(JSON.parse(last().body), { actionName: 'SRARC_', accepted: true, effectiveFrom: '2026-01-01T00:00:00Z' });
    assert.equal(r.count, 42);
  });

  it('lookupTransferCommandCounterByParty: encodes the party; 404 reads as NoTransferCommandCounter (use nonce 0)', async () => {
    const proxy = readFixture('validator', 'scan-proxy-open-and-issuing-mining-rounds__Fairmint-canton-node-sdk__sim-1.json') as { open_mining_rounds: unknown[] };
    routes.set('GET /api/scan/v0/transfer-command-counter/alice%3A%3A1220ab', () => ({ body: { transfer_command_counter: proxy.open_mining_rounds[0] } }));
    await right(scan.lookupTransferCommandCounterByParty('alice::1220ab'));
    expectRoute('GET', '/v0/transfer-command-counter/{party}');
    assert.equal(sentPath(), '/v0/transfer-command-counter/alice%3A%3A1220ab');
    routes.set('GET /api/scan/v0/transfer-command-counter/bob%3A%3A1220cd', () => ({ status: 404, body: { error: 'No TransferCommandCounter found for party: bob::1220cd, use 0 for the nonce' } }));
    const e = await httpLeft(scan.lookupTransferCommandCounterByParty('bob::1220cd'));
    assert.equal(e.condition, 'NoTransferCommandCounter');
    assert.deepEqual(e.body, { _tag: 'SimpleError', error: 'No TransferCommandCounter found for party: bob::1220cd, use 0 for the nonce' });
  });

  it('a base URL missing /api/scan: the route 404 is a plain HttpError, not "use nonce 0" nor "no snapshot"', async () => {
    // pekko-http's answer for a path no route matches (what Scan sends for /v0/... without /api/scan).
    const misconfigured = createClient({ scan: { url: server.url }, fetch: crossFetch as unknown as Fetch }).scan;
    routes.set('GET /v0/transfer-command-counter/bob%3A%3A1220cd', () => ({ status: 404, headers: { 'content-type': 'text/plain' }, body: 'The requested resource could not be found.' }));
    const e = await httpLeft(misconfigured.lookupTransferCommandCounterByParty('bob::1220cd'));
    assert.equal(e.status, 404);
    assert.equal(e.condition, undefined);
    routes.set('GET /v0/state/acs/snapshot-timestamp-after', () => ({ status: 404, headers: { 'content-type': 'text/plain' }, body: 'The requested resource could not be found.' }));
    assert.equal((await httpLeft(misconfigured.getDateOfFirstSnapshotAfter({ after: '2026-03-19T00:00:00Z', migration_id: 4 }))).condition, undefined);
  });

  it('lookupFeaturedAppRight: null when the provider has none', async () => {
    routes.set('GET /api/scan/v0/featured-apps/p%3A%3A1', () => ({ body: readFixture('validator', 'scan-proxy-featured-apps__canton-network-splice-sv-voting-dapp__mock-1.json') as object }));
    const r = await right(scan.lookupFeaturedAppRight('p::1'));
    expectRoute('GET', '/v0/featured-apps/{provider_party_id}');
    assert.equal(r.featured_app_right ?? null, null);
  });

  it('getDsoPartyId: GET /v0/dso-party-id, decodes the MainNet answer', async () => {
    routes.set('GET /api/scan/v0/dso-party-id', () => ({ body: readFixture('scan', 'dso-party-id__syed-bcw-canton-scan-tool__1.json') as object }));
    const r = await right(scan.getDsoPartyId());
    expectRoute('GET', '/v0/dso-party-id');
    assert.match(r.dso_party_id, /^DSO::1220/);
  });

  it('getRewardAccountingRootHash: the three statuses', async () => {
    const answers: Record<string, object> = {
      '7': { status: 'Ok', round_number: 7, root_hash: 'ab01' },
      '8': { status: 'Undetermined' },
      '1': { status: 'CannotProvide' },
    };
    routes.clear();
    for (const [n, body] of Object.entries(answers)) routes.set(`GET /api/scan/v0/internal/reward-accounting-process/rounds/${n}/root-hash`, () => ({ body }));
    assert.deepEqual(await right(scan.getRewardAccountingRootHash(7)), answers['7']);
    expectRoute('GET', '/v0/internal/reward-accounting-process/rounds/{round_number}/root-hash');
    assert.deepEqual(await right(scan.getRewardAccountingRootHash(8)), answers['8']);
    assert.deepEqual(await right(scan.getRewardAccountingRootHash(1)), answers['1']);
    const bad = await one(scan.getRewardAccountingRootHash(-1));
    assert.ok(E.isLeft(bad) && bad.left._tag === 'InvalidRequest');
  });

  it('getAmuletConfigForRound: GET with ?round=, 404 as a SimpleError', async () => {
    routes.set('GET /api/scan/v0/amulet-config-for-round', (req) =>
      req.url.endsWith('round=12630') ? { body: readFixture('scan', 'amulet-config-for-round__syed-bcw-canton-scan-tool__1.json') as object } : { status: 404, body: { error: 'Round 5 not found' } },
    );
    const r = await right(scan.getAmuletConfigForRound(12630));
    expectRoute('GET', '/v0/amulet-config-for-round');
    assert.deepEqual(r.transfer_fee.steps, []);
    const e = await httpLeft(scan.getAmuletConfigForRound(5));
    assert.equal(e.status, 404);
  });

  it('isLive: 200 with an empty body is true, 503 false, anything else a Left', async () => {
    routes.set('GET /api/scan/livez', () => ({ status: 200 }));
    assert.equal(await right(scan.isLive()), true);
    expectRoute('GET', '/livez');
    routes.set('GET /api/scan/livez', () => ({ status: 503 }));
    assert.equal(await right(scan.isLive()), false);
    routes.set('GET /api/scan/livez', () => ({ status: 500, body: { error: 'An unexpected error occurred.' } }));
    assert.equal((await httpLeft(scan.isLive())).status, 500);
  });

  it('Splice error bodies: {error} JSON and the plain-text 429 with Retry-After', async () => {
    routes.set('GET /api/scan/v0/dso-party-id', () => ({ status: 429, headers: { 'content-type': 'text/plain', 'retry-after': '2' }, body: 'Too Many Requests: Server is busy, please try again later.' }));
    const e = await httpLeft(scan.getDsoPartyId());
    assert.deepEqual(e.body, { _tag: 'Text', text: 'Too Many Requests: Server is busy, please try again later.' });
    assert.equal(e.retryAfterMs, 2000);
    routes.set('GET /api/scan/v0/dso-party-id', () => ({ status: 503, body: { error: 'This scan instance has not yet replicated all data' } }));
    assert.deepEqual((await httpLeft(scan.getDsoPartyId())).body, { _tag: 'SimpleError', error: 'This scan instance has not yet replicated all data' });
  });

  it('a 200 body of the wrong shape is a DecodeError with its path', async () => {
    routes.set('GET /api/scan/v0/dso-party-id', () => ({ body: { dso_party_id: 7 } }));
    const r = await one(scan.getDsoPartyId());
    assert.ok(E.isLeft(r) && r.left._tag === 'DecodeError');
    assert.equal(r.left._tag === 'DecodeError' && r.left.issues[0]!.path, 'dso_party_id');
  });
});
