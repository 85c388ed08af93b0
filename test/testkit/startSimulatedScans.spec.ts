import assert from 'node:assert/strict';
import { startSimulatedNetwork, startSimulatedScans, type SimulatedScans } from '../../src/testkit/index.js';
import { arr, get, obj, post, scanHistory, type Obj } from './helpers.js';

const page = async (scanUrl: string, body: unknown) => post(`${scanUrl}/v2/updates`, body);
const itemsOf = (res: { json(): unknown }): Obj[] => arr(obj(res.json())['transactions']).map(obj);

describe('testkit: startSimulatedScans', () => {
  let set: SimulatedScans;
  beforeEach(async () => {
    set = await startSimulatedScans({ seed: 5, updates: 120, migrations: 2, scans: [{}, {}, {}, {}] });
  });
  afterEach(() => set.close());

  it('every Scan serves the same history as startSimulatedNetwork with the same seed', async () => {
    const net = await startSimulatedNetwork({ seed: 5, updates: 120, migrations: 2 });
    try {
      const expected = (await scanHistory(net, 'v2', 1000)).items;
      for (const url of set.urls) assert.deepEqual(itemsOf(await page(url, { page_size: 1000 })), expected);
    } finally {
      await net.close();
    }
  });

  it("every Scan serves Amulet's token standard registry at its host root, the same as startSimulatedNetwork's", async () => {
    const net = await startSimulatedNetwork({ seed: 5, updates: 120, migrations: 2, registry: true });
    const read = async (url: string): Promise<{ status: number; body: unknown }> => {
      const res = await fetch(url);
      return { status: res.status, body: await res.json() };
    };
    try {
      const expected = await read(`${net.url}/registry/metadata/v1/instruments/Amulet`);
      const info = await read(`${net.url}/registry/metadata/v1/info`);
      assert.equal(obj(expected.body)['id'], 'Amulet');
      for (const scan of set.scans) {
        assert.deepEqual(await read(`${scan.url}/registry/metadata/v1/instruments/Amulet`), expected, scan.name);
        assert.deepEqual(await read(`${scan.url}/registry/metadata/v1/info`), info, scan.name);
      }
    } finally {
      await net.close();
    }
  });

  it('GET /v0/scans lists the listed Scans under the decentralized synchronizer', async () => {
    set.scans[3]!.set({ listed: false });
    const body = obj((await get(`${set.urls[1]}/v0/scans`)).json());
    const domains = arr(body['scans']).map(obj);
    assert.equal(domains.length, 1);
    assert.equal(domains[0]!['domainId'], set.synchronizerId);
    assert.ok(set.synchronizerId.startsWith('global-domain::'));
    assert.deepEqual(domains[0]!['scans'], set.scans.slice(0, 3).map((s) => ({ publicUrl: s.url, svName: s.name })));
  });

  it('a lagging Scan serves the history without its last updates, also after an append', async () => {
    set.scans[1]!.set({ lag: 7 });
    const full = itemsOf(await page(set.urls[0]!, { page_size: 1000 }));
    assert.deepEqual(itemsOf(await page(set.urls[1]!, { page_size: 1000 })), full.slice(0, full.length - 7));
    set.append(10);
    const grown = itemsOf(await page(set.urls[0]!, { page_size: 1000 }));
    assert.equal(grown.length, full.length + 10);
    assert.deepEqual(itemsOf(await page(set.urls[1]!, { page_size: 1000 })), grown.slice(0, grown.length - 7));
  });

  it('a replicating Scan answers history reads with Splice 503 and other reads normally', async () => {
    set.scans[2]!.set({ replicating: true });
    const res = await page(set.urls[2]!, { page_size: 10 });
    assert.equal(res.status, 503);
    assert.deepEqual(res.json(), { error: 'This scan instance has not yet replicated all data' });
    assert.equal((await get(`${set.urls[2]}/v0/dso-party-id`)).status, 200);
    set.scans[2]!.set({ replicating: false });
    assert.equal((await page(set.urls[2]!, { page_size: 10 })).status, 200);
  });

  it('a rate-limited Scan answers 429 without Retry-After once its bucket is empty', async () => {
    set.scans[0]!.set({ rateLimit: { burst: 2, perSecond: 0 } });
    const statuses: number[] = [];
    let retryAfter: string | null = 'unset';
    for (let i = 0; i < 4; i++) {
      const r = await get(`${set.urls[0]}/v0/dso-party-id`);
      statuses.push(r.status);
      if (r.status === 429) retryAfter = r.headers.get('retry-after');
    }
    assert.deepEqual(statuses, [200, 200, 429, 429]);
    assert.equal(retryAfter, null);
  });

  it('a Byzantine Scan alters values, keeping update ids and cursors', async () => {
    set.scans[3]!.set({ byzantine: true });
    const honest = itemsOf(await page(set.urls[0]!, { page_size: 50 }));
    const liar = itemsOf(await page(set.urls[3]!, { page_size: 50 }));
    assert.deepEqual(liar.map((i) => [i['update_id'], i['record_time']]), honest.map((i) => [i['update_id'], i['record_time']]));
    for (let i = 0; i < honest.length; i++) assert.notDeepEqual(liar[i], honest[i]);
    const dso = (await get(`${set.urls[0]}/v0/dso-party-id`)).json();
    assert.notDeepEqual((await get(`${set.urls[3]}/v0/dso-party-id`)).json(), dso);
  });

  it('v1 offsets differ between Scans, as upstream documents', async () => {
    const a = itemsOf(await post(`${set.urls[0]}/v1/updates`, { page_size: 3 }));
    const b = itemsOf(await post(`${set.urls[1]}/v1/updates`, { page_size: 3 }));
    assert.notDeepEqual(a.map((i) => i['offset']), b.map((i) => i['offset']));
    assert.deepEqual(a.map((i) => ({ ...i, offset: 0 })), b.map((i) => ({ ...i, offset: 0 })));
  });

  it('migration info gives each migration its record-time ranges and the previous migration', async () => {
    const all = itemsOf(await page(set.urls[0]!, { page_size: 1000 }));
    const mig = (i: Obj) => (i['migration_id'] ?? obj(i['event'])['migration_id']) as number;
    const info1 = obj((await post(`${set.urls[0]}/v0/backfilling/migration-info`, { migration_id: 1 })).json());
    assert.equal(info1['previous_migration_id'], 0);
    assert.equal(info1['complete'], true);
    const times = all.filter((i) => mig(i) === 1).map((i) => i['record_time'] as string).sort();
    const ranges = arr(info1['record_time_range']).map(obj);
    assert.equal(ranges.map((r) => r['min'] as string).sort()[0], times[0]);
    assert.equal(ranges.map((r) => r['max'] as string).sort().at(-1), times.at(-1));
    assert.equal((await post(`${set.urls[0]}/v0/backfilling/migration-info`, { migration_id: 9 })).status, 404);
  });

  it('each Scan has its own fault plan and statistics', async () => {
    set.scans[1]!.set({ faults: { rate: 1, kinds: [500] } });
    assert.equal((await get(`${set.urls[1]}/v0/dso-party-id`)).status, 500);
    assert.equal((await get(`${set.urls[0]}/v0/dso-party-id`)).status, 200);
    assert.equal(set.scans[1]!.stats().faults.length, 1);
    assert.equal(set.scans[0]!.stats().faults.length, 0);
  });
});
