import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import { createClient } from '../../src/clientFactory/createClient.js';
import type { CantonError } from '../../src/errors/CantonError.js';
import { checkpointOf } from '../../src/streams/checkpointOf.js';
import type { ScanPoolEvent } from '../../src/pool/types.js';
import { startSimulatedScans, type SimulatedScans } from '../../src/testkit/index.js';
import { collect } from '../helpers/collect.js';

const seeded = (seed: number) => () => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
};
const rightsOf = <A>(rs: ReadonlyArray<E.Either<CantonError, A>>): A[] => rs.filter(E.isRight).map((r) => r.right);
const leftsOf = <A>(rs: ReadonlyArray<E.Either<CantonError, A>>): CantonError[] => rs.filter(E.isLeft).map((r) => r.left);

describe('Scan pool: the end of history', function () {
  this.timeout(60_000);
  let set: SimulatedScans;
  afterEach(() => set.close());

  const oneScan = async (url: string) => rightsOf(await collect(createClient({ scan: { url } }).scan.updates({ page_size: 1000 })));

  it('the example of docs/scans.md: 2000 of 2000 items, exactly, with a lagging, a replicating-then-rate-limited and a lying Scan', async () => {
    set = await startSimulatedScans({ seed: 7, updates: 2000, scans: [{}, { lag: 50 }, { replicating: true }, { byzantine: { rate: 0.1 } }] });
    const expected = await oneScan(set.urls[0]!);
    assert.equal(expected.length, 2000);
    const liars: string[] = [];
    const scan = createClient({ scan: { urls: set.urls, onEvent: (e) => (e.type === 'liar' ? liars.push(e.scan) : undefined) } }).scan;
    const read = collect(scan.backfill({ page_size: 200 }, { slices: 4, retry: { maxRetries: 8 } }));
    set.scans[2]!.set({ replicating: false, rateLimit: { burst: 5, perSecond: 2 } });
    const rs = await read;
    assert.deepEqual(leftsOf(rs), []);
    assert.deepEqual(rightsOf(rs), expected);
    assert.ok(liars.every((l) => l === set.urls[3]) && liars.length <= 1, liars.join(', '));
  });

  it('the same Scans, the replicating one back only after the read: the read ends where f + 1 agree, without a Left, and resumes exactly: 2000 of 2000', async () => {
    set = await startSimulatedScans({ seed: 7, updates: 2000, scans: [{}, { lag: 50 }, { replicating: true }, { byzantine: { rate: 0.1 } }] });
    const expected = await oneScan(set.urls[0]!);
    const events: ScanPoolEvent[] = [];
    const scan = createClient({ scan: { urls: set.urls, onEvent: (e) => events.push(e) } }).scan;
    const first = await collect(scan.backfill({ page_size: 200 }, { slices: 4 }));
    // Past what the lagging Scan has, only the first and the lying Scan serve items: f + 1 = 2
    // agree as far as the first lie, and the lie is reported.
    assert.deepEqual(leftsOf(first), []);
    const got = rightsOf(first);
    assert.ok(got.length >= 1950 && got.length < 2000, `${got.length} items`);
    assert.deepEqual(got, expected.slice(0, got.length));
    assert.ok(events.some((e) => e.type === 'conflict' && e.sides.some((side) => side.includes(set.urls[3]!))));
    set.scans[2]!.set({ replicating: false });
    const rest = await collect(scan.updates({ page_size: 200 }, { from: checkpointOf(got.at(-1)!) }));
    assert.deepEqual(leftsOf(rest), []);
    assert.deepEqual([...got, ...rightsOf(rest)], expected);
  });

  it('two Scans of four behind at the head: the two ahead agree on the rest, all of it', async () => {
    set = await startSimulatedScans({ seed: 4, updates: 600, migrations: 2, scans: [{}, {}, { lag: 50 }, { lag: 50 }] });
    const expected = await oneScan(set.urls[0]!);
    for (const seed of [1, 4]) {
      const rs = await collect(createClient({ scan: { urls: set.urls, random: seeded(seed) } }).scan.updates({ page_size: 100 }));
      assert.deepEqual(leftsOf(rs), []);
      assert.deepEqual(rightsOf(rs), expected);
    }
  });

  it('only one Scan ahead, another unavailable: a bounded read ends where f + 1 agree, without a Left, and resumes exactly', async () => {
    set = await startSimulatedScans({ seed: 5, updates: 400, migrations: 2, scans: [{}, { lag: 30 }, { lag: 30 }, { replicating: true }] });
    const expected = await oneScan(set.urls[0]!);
    const events: ScanPoolEvent[] = [];
    const client = createClient({ scan: { urls: set.urls, random: seeded(9), onEvent: (e) => events.push(e) } });
    const first = await collect(client.scan.updates({ page_size: 50 }));
    assert.deepEqual(leftsOf(first), []);
    assert.deepEqual(rightsOf(first), expected.slice(0, expected.length - 30));
    // The lagging Scans catch up: the read resumed from the last checkpoint delivers the rest.
    set.scans[1]!.set({ lag: 0 });
    const from = checkpointOf(rightsOf(first).at(-1)!);
    const rest = await collect(client.scan.updates({ page_size: 50 }, { from }));
    assert.deepEqual(leftsOf(rest), []);
    assert.deepEqual([...rightsOf(first), ...rightsOf(rest)], expected);
    assert.deepEqual(events.filter((e) => e.type === 'liar' || e.type === 'conflict'), []);
  });

  it('a tail at the head with a lagging Scan keeps going: what is appended comes once f + 1 Scans have it', async () => {
    set = await startSimulatedScans({ seed: 6, updates: 200, migrations: 1, scans: [{}, { lag: 10 }, {}, { replicating: true }] });
    const client = createClient({ scan: { urls: set.urls } });
    const got: string[] = [];
    const lefts: CantonError[] = [];
    const sub = client.scan.updates({ page_size: 50 }, { tail: { intervalMs: 20 } }).subscribe((r) => (E.isRight(r) ? got.push((r.right as { update_id: string }).update_id) : lefts.push(r.left)));
    try {
      for (let i = 0; i < 500 && got.length < 200; i++) await new Promise((r) => setTimeout(r, 10));
      set.append(40);
      for (let i = 0; i < 500 && got.length < 240; i++) await new Promise((r) => setTimeout(r, 10));
    } finally {
      sub.unsubscribe();
    }
    assert.deepEqual(lefts, []);
    assert.deepEqual(got, (await oneScan(set.urls[0]!)).map((i) => (i as { update_id: string }).update_id));
  });
});
