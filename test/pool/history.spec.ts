import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import { createClient } from '../../src/clientFactory/createClient.js';
import type { CantonError } from '../../src/errors/CantonError.js';
import type { ScanPoolEvent } from '../../src/pool/types.js';
import { startSimulatedScans, type SimulatedScans } from '../../src/testkit/index.js';
import { collect } from '../helpers/collect.js';

const V2 = 'POST /api/scan/v2/updates';
const seeded = (seed: number) => () => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
};
const requestsOf = (set: SimulatedScans, route: string): number[] => set.scans.map((s) => s.stats().routes.find((r) => r.route === route)?.requests ?? 0);

describe('Scan pool: history under BFT (scan.updates)', function () {
  this.timeout(20_000);
  let set: SimulatedScans;
  let expected: unknown[];
  beforeEach(async () => {
    set = await startSimulatedScans({ seed: 12, updates: 300, migrations: 2, shortPages: 0.3, tiedRecordTimes: 0.3, scans: [{}, {}, {}, {}] });
    expected = (await collect(createClient({ scan: { url: set.urls[0]! } }).scan.updates({ page_size: 1000 }))).map((r) => (E.isRight(r) ? r.right : assert.fail('a Left')));
    assert.ok(expected.length >= 300);
  });
  afterEach(() => set.close());

  const read = async (config: Parameters<typeof createClient>[0], pageSize = 37, version: 'v1' | 'v2' = 'v2') => {
    const rs = await collect(createClient(config).scan.updates({ page_size: pageSize }, { version }));
    const lefts = rs.filter(E.isLeft).map((r) => r.left);
    return { items: rs.filter(E.isRight).map((r) => r.right), lefts };
  };

  it('an honest pool delivers exactly the history one Scan delivers', async () => {
    const { items, lefts } = await read({ scan: { urls: set.urls } });
    assert.deepEqual(lefts, []);
    assert.deepEqual(items, expected);
  });

  it('a Scan serving altered items is reported and excluded; the history is unchanged', async () => {
    set.scans[1]!.set({ byzantine: { rate: 0.5 } });
    const events: ScanPoolEvent[] = [];
    const { items, lefts } = await read({ scan: { urls: set.urls, onEvent: (e) => events.push(e), random: seeded(7) } });
    assert.deepEqual(lefts, []);
    assert.deepEqual(items, expected);
    const liars = events.filter((e) => e.type === 'liar');
    assert.ok(liars.length >= 1);
    assert.ok(liars.every((e) => e.type === 'liar' && e.scan === set.urls[1] && e.path === '/v2/updates'));
  });

  it('a liar is excluded (for exclusionMs, 10 minutes by default): the next read does not ask it', async () => {
    set.scans[2]!.set({ byzantine: true });
    const client = createClient({ scan: { urls: set.urls, random: () => 0.1 } });
    const first = await collect(client.scan.updates({ page_size: 50 }));
    assert.ok(first.every(E.isRight));
    const asked = requestsOf(set, V2)[2]!;
    const second = await collect(client.scan.updates({ page_size: 50 }));
    assert.deepEqual(second.map((r) => (E.isRight(r) ? r.right : undefined)), expected);
    assert.equal(requestsOf(set, V2)[2], asked);
  });

  it('a lagging Scan does not hold the stream back when f + 1 others agree', async () => {
    set.scans[0]!.set({ lag: 120 });
    const { items, lefts } = await read({ scan: { urls: set.urls } });
    assert.deepEqual(lefts, []);
    assert.deepEqual(items, expected);
  });

  it('a Scan still replicating (503) is failed over; the stream is exact', async () => {
    set.scans[3]!.set({ replicating: true });
    const events: ScanPoolEvent[] = [];
    const { items, lefts } = await read({ scan: { urls: set.urls, onEvent: (e) => events.push(e) } });
    assert.deepEqual(lefts, []);
    assert.deepEqual(items, expected);
    assert.ok(events.some((e) => e.type === 'unhealthy' && e.scan === set.urls[3] && e.reason.includes('not yet replicated')));
  });

  it('a rate-limited Scan (429 without Retry-After) has its rate cut and its reads moved; the stream is exact', async () => {
    set.scans[2]!.set({ rateLimit: { burst: 3, perSecond: 0 } });
    const events: ScanPoolEvent[] = [];
    const { items, lefts } = await read({ scan: { urls: set.urls, onEvent: (e) => events.push(e) } });
    assert.deepEqual(lefts, []);
    assert.deepEqual(items, expected);
    assert.ok(events.some((e) => e.type === 'rate' && set.urls[2]!.includes(e.host)));
    assert.ok(events.some((e) => e.type === 'unhealthy' && e.scan === set.urls[2]));
    const statuses = set.scans[2]!.stats().routes.find((r) => r.route === V2)?.statuses ?? {};
    assert.ok((statuses['429'] ?? 0) >= 1);
  });

  it('/v1 items are compared without offset, which differs between Scans', async () => {
    const v1 = await read({ scan: { urls: set.urls } }, 100, 'v1');
    assert.deepEqual(v1.lefts, []);
    assert.equal(v1.items.length, expected.length);
  });

  it('a pool whose Scans are all unavailable ends with a clear Left after the retry policy, each Scan asked once per attempt', async () => {
    for (const s of set.scans) s.set({ replicating: true });
    const baseline = requestsOf(set, V2);
    const rs = await collect(createClient({ scan: { urls: set.urls } }).scan.updates({ page_size: 10 }, { retry: { maxRetries: 2, initialDelayMs: 1, maxDelayMs: 2 } }));
    assert.equal(rs.length, 1);
    const left = (rs[0] as E.Left<CantonError>).left;
    assert.ok(left._tag === 'ScanDisagreement' && left.reason === 'unavailable');
    assert.deepEqual(requestsOf(set, V2).map((n, i) => n - baseline[i]!), [3, 3, 3, 3]);
  });
});
