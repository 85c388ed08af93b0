import assert from 'node:assert/strict';
import { startSimulatedNetwork, type SimulatedNetwork } from '../../src/testkit/index.js';
import { arr, assertDecodes, get, obj, post, scanHistory, type Obj } from './helpers.js';

describe('testkit: Scan', () => {
  let net: SimulatedNetwork;
  let items: Obj[];
  before(async () => {
    net = await startSimulatedNetwork({ seed: 31, updates: 450, snapshotEvery: 50 });
    items = (await scanHistory(net, 'v2', 1000)).items;
  });
  after(() => net.close());

  const errorOf = (res: { status: number; json(): unknown }, status: number): string => {
    assert.equal(res.status, status);
    return obj(assertDecodes('scan', 'ErrorResponse', res.json()))['error'] as string;
  };
  const migrationOf = (i: Obj): number => (i['migration_id'] ?? obj(i['event'])['migration_id']) as number;

  describe('update history paging', () => {
    it('after is strictly after (migration id, record time); page size 1 walks the same items', async () => {
      const one = await scanHistory(net, 'v2', 1);
      assert.deepEqual(one.items, items);
      const k = 123;
      const res = await post(`${net.scanUrl}/v2/updates`, { page_size: 5, after: { after_migration_id: migrationOf(items[k]!), after_record_time: items[k]!['record_time'] } });
      assert.deepEqual(arr(obj(res.json())['transactions']), items.slice(k + 1, k + 6));
    });

    it('a later migration id counts as later whatever the record time; after the end is empty', async () => {
      const firstOfLast = items.findIndex((i) => migrationOf(i) === migrationOf(items[items.length - 1]!));
      assert.ok(firstOfLast > 0);
      const res = await post(`${net.scanUrl}/v2/updates`, { page_size: 3, after: { after_migration_id: migrationOf(items[firstOfLast]!) - 1, after_record_time: '2999-01-01T00:00:00Z' } });
      assert.deepEqual(arr(obj(res.json())['transactions']), items.slice(firstOfLast, firstOfLast + 3));
      const last = items[items.length - 1]!;
      const end = await post(`${net.scanUrl}/v2/updates`, { page_size: 10, after: { after_migration_id: migrationOf(last), after_record_time: last['record_time'] } });
      assert.deepEqual(obj(end.json())['transactions'], []);
    });

    it('an exact end: a full last page, then an empty one', async () => {
      const { bodies } = await scanHistory(net, 'v2', items.length / 2);
      assert.equal(bodies.length, 3);
      assert.deepEqual(JSON.parse(bodies[2]!), { transactions: [] });
    });

    it('page_size outside 1..1000 is 400 with the real messages', async () => {
      assert.equal(errorOf(await post(`${net.scanUrl}/v2/updates`, { page_size: 1001 }), 400), 'Exceeded limit maximum (1001 > 1000).');
      assert.equal(errorOf(await post(`${net.scanUrl}/v1/updates`, { page_size: 0 }), 400), 'Limit must be at least 1.');
      assert.equal((await post(`${net.scanUrl}/v2/updates`, { page_size: 1000 })).status, 200);
      const malformed = await post(`${net.scanUrl}/v2/updates`, { after: { after_migration_id: 0 } });
      assert.equal(malformed.status, 400);
      errorOf(await post(`${net.scanUrl}/v2/updates`, { page_size: 1, after: { after_migration_id: 0, after_record_time: 'yesterday' } }), 400);
    });

    it('times as Scan prints them: record_time 6 digits, effective_at like Instant.toString, created_at (date-time) trimmed', async () => {
      const txs = items.filter((i) => 'events_by_id' in i);
      const createdAt = txs.flatMap((tx) => Object.values(obj(tx['events_by_id'])).map(obj)).filter((e) => e['event_type'] === 'created_event').map((e) => e['created_at'] as string);
      assert.ok(createdAt.length > 100);
      for (const t of createdAt) assert.match(t, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d*[1-9])?Z$/);
      // With microsecond times drawn at random, some fractions end in a zero digit: those show the trimming.
      assert.ok(createdAt.some((t) => !/\.\d{6}Z$/.test(t)), 'no created_at with a trimmed fraction');
      for (const tx of txs) assert.match(tx['effective_at'] as string, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{3}|\.\d{6})?Z$/);
    });

    it('v1 items carry a hex offset, increasing; protobuf_json tags Daml values with their types', async () => {
      const v1 = (await scanHistory(net, 'v1', 1000)).items;
      assert.equal(v1.length, items.length);
      const hex = v1.map((i) => i['offset'] as string);
      hex.forEach((h) => assert.match(h, /^[0-9a-f]{18}$/));
      assert.deepEqual(hex, [...hex].sort());
      const res = obj((await post(`${net.scanUrl}/v2/updates`, { page_size: 1, daml_value_encoding: 'protobuf_json' })).json());
      const tx = obj(arr(res['transactions'])[0]);
      const created = Object.values(obj(tx['events_by_id'])).map(obj)[0]!;
      assert.ok('record' in obj(created['create_arguments']));
    });
  });

  describe('holdings at snapshot times', () => {
    const owners = (): string[] => Object.values(net.parties);

    it('snapshot-timestamp-after finds the first snapshot after a time for the migration id or a later one; 404 after the last', async () => {
      const { snapshots } = net.info();
      assert.ok(snapshots.length >= 4);
      const first = obj((await get(`${net.scanUrl}/v0/state/acs/snapshot-timestamp-after?after=2000-01-01T00:00:00Z&migration_id=0`)).json());
      assert.equal(first['record_time'], snapshots[0]!.recordTime);
      const second = obj((await get(`${net.scanUrl}/v0/state/acs/snapshot-timestamp-after?after=${snapshots[0]!.recordTime}&migration_id=0`)).json());
      assert.equal(second['record_time'], snapshots[1]!.recordTime);
      const later = snapshots.find((s) => s.migrationId === 1)!;
      const viaMigration = obj((await get(`${net.scanUrl}/v0/state/acs/snapshot-timestamp-after?after=2000-01-01T00:00:00Z&migration_id=1`)).json());
      assert.equal(viaMigration['record_time'], later.recordTime);
      const last = snapshots[snapshots.length - 1]!;
      const none = await get(`${net.scanUrl}/v0/state/acs/snapshot-timestamp-after?after=${last.recordTime}&migration_id=${last.migrationId}`);
      assert.deepEqual(none.json(), { error: `No snapshots found after ${last.recordTime}` });
      assert.equal(none.status, 404);
      assert.equal((await get(`${net.scanUrl}/v0/state/acs/snapshot-timestamp-after?after=nope&migration_id=0`)).status, 400);
    });

    it('exact needs a snapshot time (else 404); at_or_before takes the latest at or before; pages with opaque tokens in ascending created_at', async () => {
      const s = net.info().snapshots[1]!;
      const exact = obj(assertDecodes('scan', 'AcsResponseV2', (await post(`${net.scanUrl}/v2/holdings/state`, { migration_id: s.migrationId, record_time: s.recordTime, page_size: 1000, owner_party_ids: owners() })).json()));
      const all = arr(exact['created_events']).map(obj);
      assert.ok(all.length > 3);
      assert.equal(exact['record_time'], s.recordTime);
      const created = all.map((c) => Date.parse(c['created_at'] as string));
      assert.deepEqual(created, [...created].sort((a, b) => a - b));
      const shifted = new Date(Date.parse(s.recordTime) + 1000).toISOString();
      errorOf(await post(`${net.scanUrl}/v2/holdings/state`, { migration_id: s.migrationId, record_time: shifted, page_size: 10, owner_party_ids: owners() }), 404);
      const atOrBefore = obj((await post(`${net.scanUrl}/v2/holdings/state`, { migration_id: s.migrationId, record_time: shifted, record_time_match: 'at_or_before', page_size: 1000, owner_party_ids: owners() })).json());
      assert.equal(atOrBefore['record_time'], s.recordTime);
      assert.deepEqual(atOrBefore['created_events'], all);
      const paged: Obj[] = [];
      let after: string | undefined;
      for (let guard = 0; guard < 100; guard++) {
        const res = obj(assertDecodes('scan', 'AcsResponseV2', (await post(`${net.scanUrl}/v2/holdings/state`, { migration_id: s.migrationId, record_time: s.recordTime, page_size: 2, owner_party_ids: owners(), ...(after === undefined ? {} : { after }) })).json()));
        paged.push(...arr(res['created_events']).map(obj));
        if (typeof res['next_page_token'] !== 'string') break;
        after = res['next_page_token'];
      }
      assert.deepEqual(paged, all);
      const onlyAlice = arr(obj((await post(`${net.scanUrl}/v2/holdings/state`, { migration_id: s.migrationId, record_time: s.recordTime, page_size: 1000, owner_party_ids: [net.party('alice')] })).json())['created_events']).map(obj);
      assert.ok(onlyAlice.every((c) => obj(c['create_arguments'])['owner'] === net.party('alice')));
      errorOf(await post(`${net.scanUrl}/v2/holdings/state`, { migration_id: 0, record_time: '2000-01-01T00:00:00Z', record_time_match: 'at_or_before', page_size: 1, owner_party_ids: owners() }), 404);
    });

    it('contracts from an earlier migration have no created_in_update_id', async () => {
      const s = net.info().snapshots.find((x) => x.migrationId === 2)!;
      const res = obj((await post(`${net.scanUrl}/v2/holdings/state`, { migration_id: 2, record_time: s.recordTime, page_size: 1000, owner_party_ids: owners() })).json());
      const events = arr(res['created_events']).map(obj);
      assert.ok(events.some((e) => !('created_in_update_id' in e)) && events.some((e) => 'created_in_update_id' in e));
    });

    it('owner_party_ids must have 1..1000 entries; page_size 1..1000', async () => {
      const s = net.info().snapshots[0]!;
      const base = { migration_id: s.migrationId, record_time: s.recordTime, page_size: 10 };
      errorOf(await post(`${net.scanUrl}/v2/holdings/state`, { ...base, owner_party_ids: [] }), 400);
      errorOf(await post(`${net.scanUrl}/v2/holdings/state`, { ...base, owner_party_ids: Array.from({ length: 1001 }, (_, i) => `p${i}::1220ab`) }), 400);
      assert.equal(errorOf(await post(`${net.scanUrl}/v2/holdings/state`, { ...base, page_size: 1001, owner_party_ids: owners() }), 400), 'Exceeded limit maximum (1001 > 1000).');
      errorOf(await post(`${net.scanUrl}/v2/holdings/state`, { ...base, owner_party_ids: owners(), after: 'garbage' }), 400);
    });
  });

  describe('governance and reference data', () => {
    it('counts vote results with camelCase filters (substring, boolean, text ranges)', async () => {
      const count = async (filters: Obj): Promise<number> => obj((await post(`${net.scanUrl}/v0/admin/sv/voteresults/count`, filters)).json())['count'] as number;
      const total = await count({});
      assert.ok(total > 3);
      assert.equal((await count({ accepted: true })) + (await count({ accepted: false })), total);
      assert.equal(await count({ actionName: 'ARC_' }), total);
      assert.equal(await count({ actionName: 'no-such-action' }), 0);
      assert.equal((await count({ requester: 'sv-' })), total);
      assert.equal(await count({ effectiveFrom: '2000-01-01T00:00:00Z', effectiveTo: '2999-01-01T00:00:00Z' }), total);
      assert.equal(await count({ effectiveTo: '2000-01-01T00:00:00Z' }), 0);
    });

    it('vote result time ranges: both bounds inclusive together, each one strict alone', async () => {
      const count = async (filters: Obj): Promise<number> => obj((await post(`${net.scanUrl}/v0/admin/sv/voteresults/count`, filters)).json())['count'] as number;
      // A result's effective time is that of its closing transaction, as 6-digit text.
      const sixDigits = (t: string): string => t.replace(/(?:\.(\d+))?Z$/, (_, f: string | undefined) => `.${(f ?? '').padEnd(6, '0')}Z`);
      const times = items
        .filter((i) => 'events_by_id' in i && Object.values(obj(i['events_by_id'])).some((e) => obj(e)['choice'] === 'DsoRules_CloseVoteRequest'))
        .map((i) => sixDigits(i['effective_at'] as string))
        .sort();
      assert.equal(times.length, await count({}));
      for (const t of [times[0]!, times[Math.floor(times.length / 2)]!, times[times.length - 1]!]) {
        assert.equal(await count({ effectiveFrom: t, effectiveTo: t }), 1, t);
        assert.equal(await count({ effectiveFrom: t }), times.filter((x) => x > t).length, t);
        assert.equal(await count({ effectiveTo: t }), times.filter((x) => x < t).length, t);
      }
    });

    it('transfer command counters: 404 with the nonce hint when absent, 400 for a malformed party', async () => {
      assert.equal(errorOf(await get(`${net.scanUrl}/v0/transfer-command-counter/${encodeURIComponent(net.party('alice'))}`), 404), `No TransferCommandCounter found for party: ${net.party('alice')}, use 0 for the nonce`);
      errorOf(await get(`${net.scanUrl}/v0/transfer-command-counter/alice`), 400);
    });

    it('featured app rights: a Contract or null', async () => {
      const res = obj((await get(`${net.scanUrl}/v0/featured-apps/${encodeURIComponent(net.party('sv-1'))}`)).json());
      assert.deepEqual(res, { featured_app_right: null });
    });

    it('amulet config per round: 404 "Round N not found" outside the known rounds', async () => {
      const { rounds } = net.info();
      assert.equal((await get(`${net.scanUrl}/v0/amulet-config-for-round?round=${rounds.latestOpen}`)).status, 200);
      assert.equal(errorOf(await get(`${net.scanUrl}/v0/amulet-config-for-round?round=${rounds.latestOpen + 1}`), 404), `Round ${rounds.latestOpen + 1} not found`);
      assert.equal((await get(`${net.scanUrl}/v0/amulet-config-for-round`)).status, 404);
    });

    it('reward accounting root hash: CannotProvide, Ok and Undetermined by round number', async () => {
      const { rounds } = net.info();
      const status = async (n: number): Promise<Obj> => obj((await get(`${net.scanUrl}/v0/internal/reward-accounting-process/rounds/${n}/root-hash`)).json());
      assert.deepEqual(await status(rounds.initial), { status: 'CannotProvide' });
      const ok = await status(rounds.initial + 1);
      assert.equal(ok['status'], 'Ok');
      assert.equal(ok['round_number'], rounds.initial + 1);
      assert.match(ok['root_hash'] as string, /^[0-9a-f]{64}$/);
      assert.deepEqual(await status(rounds.latestOpen), { status: 'Undetermined' });
    });

    it('bulk checksums: "not configured" is 400 like the real server, or 501 like the spec', async () => {
      assert.equal(errorOf(await post(`${net.scanUrl}/v0/history/bulk/checksums`, { object_keys: ['x'] }), 400), 'Bulk storage is not configured');
      const spec = await startSimulatedNetwork({ seed: 1, updates: 5, bulkNotConfiguredStatus: 501 });
      try {
        errorOf(await post(`${spec.scanUrl}/v0/history/bulk/checksums`, { object_keys: ['x'] }), 501);
      } finally {
        await spec.close();
      }
    });

    it('livez and readyz: 200 with an empty body, 503 (empty too) after setLive(false)', async () => {
      for (const probe of ['livez', 'readyz']) {
        const up = await get(`${net.scanUrl}/${probe}`);
        assert.deepEqual([up.status, up.text], [200, ''], probe);
        net.setLive(false);
        const down = await get(`${net.scanUrl}/${probe}`);
        assert.deepEqual([down.status, down.text], [503, ''], probe);
        net.setLive(true);
        assert.equal((await get(`${net.scanUrl}/${probe}`)).status, 200, probe);
      }
    });
  });
});
