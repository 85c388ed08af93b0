import assert from 'node:assert/strict';
import sinon from 'sinon';
import * as E from 'fp-ts/lib/Either.js';
import { createClient } from '../../src/clientFactory/createClient.js';
import type { ScanDisagreement } from '../../src/errors/CantonError.js';
import { formatError } from '../../src/errors/formatError.js';
import { isRetryable } from '../../src/errors/isRetryable.js';
import type { ScanPoolEvent } from '../../src/pool/types.js';
import { DEFAULT_REFRESH_MS } from '../../src/pool/createPoolTransport.js';
import { startSimulatedScans, type SimulatedScans } from '../../src/testkit/index.js';
import { one } from '../helpers/results.js';

const requestsOf = (set: SimulatedScans, route: string): number[] =>
  set.scans.map((s) => s.stats().routes.find((r) => r.route === route)?.requests ?? 0);
const DSO = 'GET /api/scan/v0/dso-party-id';

/** A seeded random, so that which Scans are asked is reproducible. */
const seeded = (seed: number) => () => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
};

describe('Scan pool: BFT single-shot reads', () => {
  let set: SimulatedScans;
  let honest: string;
  let baseline: number[];
  const asked = () => requestsOf(set, DSO).map((n, i) => n - baseline[i]!);
  beforeEach(async () => {
    set = await startSimulatedScans({ seed: 8, updates: 60, migrations: 1, scans: [{}, {}, {}, {}] });
    honest = (await (await fetch(`${set.urls[0]}/v0/dso-party-id`)).json() as { dso_party_id: string }).dso_party_id;
    baseline = requestsOf(set, DSO);
  });
  afterEach(() => set.close());

  it('asks 2f + 1 of n Scans and returns what f + 1 agree on', async () => {
    const r = await one(createClient({ scan: { urls: set.urls } }).scan.getDsoPartyId());
    assert.deepEqual(r, E.right({ dso_party_id: honest }));
    // n = 4: f = 1, three asked (the third may be cut off once two agree, but it was asked).
    assert.equal(asked().reduce((a, b) => a + b), 3);
  });

  it('one Byzantine Scan of four never changes the answer, and is reported when it disagrees', async () => {
    set.scans[2]!.set({ byzantine: true });
    const events: ScanPoolEvent[] = [];
    for (let seed = 1; seed <= 12; seed++) {
      const client = createClient({ scan: { urls: set.urls, random: seeded(seed), onEvent: (e) => events.push(e) } });
      assert.deepEqual(await one(client.scan.getDsoPartyId()), E.right({ dso_party_id: honest }));
    }
    assert.ok(events.some((e) => e.type === 'disagreed' && e.scan === set.urls[2]));
    assert.ok(events.every((e) => e.type !== 'disagreed' || e.scan === set.urls[2]));
  });

  it('more liars than f can win with f + 1: the limit of the trust model; 2f + 1 refuses them', async () => {
    set.scans[0]!.set({ byzantine: true });
    set.scans[1]!.set({ byzantine: true });
    const r = await one(createClient({ scan: { urls: set.urls, threshold: '2f+1' } }).scan.getDsoPartyId());
    assert.ok(E.isLeft(r) && r.left._tag === 'ScanDisagreement');
    const d = r.left as ScanDisagreement;
    assert.equal(d.reason, 'disagreement');
    assert.equal(d.needed, 3);
    assert.equal(d.path, '/v0/dso-party-id');
    // Which Scan said what: every Scan was asked once, each liar with its own value.
    assert.deepEqual(d.answers.map((a) => a.scan).sort(), [...set.urls].sort());
    for (const a of d.answers) assert.equal(a.said.includes('forged'), a.scan === set.urls[0] || a.scan === set.urls[1]);
    assert.match(formatError(d), /fewer than 3 Scans of the pool agreed/);
    assert.equal(isRetryable(d), false);
  });

  it('a number threshold: 4 of 4 fails with one liar, 3 of 4 passes', async () => {
    set.scans[3]!.set({ byzantine: true });
    const four = await one(createClient({ scan: { urls: set.urls, threshold: 4 } }).scan.getDsoPartyId());
    assert.ok(E.isLeft(four) && four.left._tag === 'ScanDisagreement');
    assert.deepEqual(await one(createClient({ scan: { urls: set.urls, threshold: 3 } }).scan.getDsoPartyId()), E.right({ dso_party_id: honest }));
    const five = await one(createClient({ scan: { urls: set.urls, threshold: 5 } }).scan.getDsoPartyId());
    assert.ok(E.isLeft(five) && five.left._tag === 'InvalidRequest' && five.left.issues[0]!.path === 'scan.threshold');
  });

  it('identical errors agree: a 404 every Scan gives is the answer, with its condition', async () => {
    const r = await one(createClient({ scan: { urls: set.urls } }).scan.lookupTransferCommandCounterByParty('nobody::1220ab'));
    assert.ok(E.isLeft(r) && r.left._tag === 'HttpError');
    assert.equal(r.left.status, 404);
    assert.equal(r.left.condition, 'NoTransferCommandCounter');
  });

  it('fast failures never form a consensus, even with identical bodies: each Scan is asked once, then a retryable Left', async () => {
    for (const s of set.scans) s.set({ faults: { rate: 1, kinds: [503] } });
    const events: ScanPoolEvent[] = [];
    const r = await one(createClient({ scan: { urls: set.urls, onEvent: (e) => events.push(e) } }).scan.getDsoPartyId());
    assert.ok(E.isLeft(r) && r.left._tag === 'ScanDisagreement');
    assert.equal((r.left as ScanDisagreement).reason, 'unavailable');
    assert.deepEqual(asked(), [1, 1, 1, 1]);
    assert.equal(isRetryable(r.left), true);
    assert.equal(events.filter((e) => e.type === 'unhealthy').length, 4);
  });

  it('a failing Scan is replaced by one not yet asked (failover)', async () => {
    set.scans[0]!.set({ faults: { rate: 1, kinds: ['reset'] } });
    set.scans[1]!.set({ faults: { rate: 1, kinds: [500] } });
    for (let seed = 1; seed <= 6; seed++) {
      const r = await one(createClient({ scan: { urls: set.urls, random: seeded(seed) } }).scan.getDsoPartyId());
      assert.deepEqual(r, E.right({ dso_party_id: honest }));
    }
  });

  it('is cold, and unsubscribing aborts the requests in flight', async () => {
    for (const s of set.scans) s.set({ latencyMs: 100 });
    const read = createClient({ scan: { urls: set.urls } }).scan.getDsoPartyId();
    assert.deepEqual(asked(), [0, 0, 0, 0]);
    const got: unknown[] = [];
    const sub = read.subscribe((r) => got.push(r));
    // Unsubscribe once the three requests have arrived (on a busy machine that takes a while),
    // then wait past the Scans' latency: an open connection would have had its answer by then.
    for (let i = 0; i < 1000 && asked().reduce((a, b) => a + b) < 3; i++) await new Promise((r) => setTimeout(r, 2));
    sub.unsubscribe();
    await new Promise((r) => setTimeout(r, 150));
    assert.deepEqual(got, []);
    assert.equal(asked().reduce((a, b) => a + b), 3);
    // The Scans saw the connections closed: none of them wrote an answer.
    const answered = set.scans.map((s) => Object.values(s.stats().routes.find((r) => r.route === DSO)?.statuses ?? {}).reduce((a, b) => a + b, 0));
    assert.deepEqual(answered.map((n, i) => n - baseline[i]!), [0, 0, 0, 0]);
  });

  it('a bad pool configuration is an InvalidRequest naming the field, and nothing is sent', async () => {
    const bad = await one(createClient({ scan: { urls: ['ftp://x', set.urls[0]!], threshold: 0 } }).scan.getDsoPartyId());
    assert.ok(E.isLeft(bad) && bad.left._tag === 'InvalidRequest');
    assert.deepEqual(bad.left.issues.map((i) => i.path), ['scan.urls.0', 'scan.threshold']);
    const empty = await one(createClient({ scan: { urls: [] } }).scan.getDsoPartyId());
    assert.ok(E.isLeft(empty) && empty.left._tag === 'InvalidRequest' && empty.left.issues[0]!.path === 'scan.urls');
    assert.deepEqual(asked(), [0, 0, 0, 0]);
  });
});

describe('Scan pool: discovery', () => {
  let set: SimulatedScans;
  beforeEach(async () => {
    set = await startSimulatedScans({
      seed: 9,
      updates: 40,
      migrations: 1,
      scans: [{}, {}, {}, {}],
      extraDomains: [{ domainId: 'other::1220aa', scans: [1, 2, 3, 4, 5].map((i) => ({ publicUrl: `http://127.0.0.1:1/other-${i}`, svName: `o-${i}` })) }],
    });
  });
  afterEach(() => set.close());

  it('keeps the Scans of the decentralized synchronizer, and a refresh adds and removes Scans', async () => {
    const events: ScanPoolEvent[] = [];
    const client = createClient({ scan: { discover: set.urls[0]!, refreshMs: 0, onEvent: (e) => events.push(e) } });
    assert.ok(E.isRight(await one(client.scan.getDsoPartyId())));
    const found = events.filter((e): e is Extract<ScanPoolEvent, { type: 'discovered' }> => e.type === 'discovered');
    assert.deepEqual(found.map((e) => [...e.scans].sort()), [[...set.urls].sort()]);
    set.scans[3]!.set({ listed: false });
    assert.ok(E.isRight(await one(client.scan.getDsoPartyId())));
    set.scans[3]!.set({ listed: true });
    assert.ok(E.isRight(await one(client.scan.getDsoPartyId())));
    const changes = events.filter((e): e is Extract<ScanPoolEvent, { type: 'discovered' }> => e.type === 'discovered').slice(1);
    assert.deepEqual(changes.map((e) => [e.added, e.removed]), [[[], [set.urls[3]]], [[set.urls[3]], []]]);
  });

  it('is not asked again before refreshMs has passed', async () => {
    const client = createClient({ scan: { discover: [set.urls[1]!], refreshMs: 600_000 } });
    for (let i = 0; i < 3; i++) assert.ok(E.isRight(await one(client.scan.getDsoPartyId())));
    assert.equal(requestsOf(set, 'GET /api/scan/v0/scans').reduce((a, b) => a + b), 1);
  });

  describe('refresh in virtual time (the clock of Date faked, the Scans real)', () => {
    let clock: sinon.SinonFakeTimers;
    let refreshSet: SimulatedScans;
    const SCANS = 'GET /api/scan/v0/scans';
    const readsOf = () => requestsOf(refreshSet, DSO);
    // A read returns once enough Scans agree; the request to the last Scan asked may still reach
    // it afterwards. Counts are taken once they have stopped moving (a few real milliseconds).
    const settledReads = async (): Promise<number[]> => {
      let last = readsOf();
      for (let i = 0; i < 40; i++) {
        await new Promise((r) => setTimeout(r, 5));
        const now = readsOf();
        if (now.every((n, k) => n === last[k])) return now;
        last = now;
      }
      return last;
    };
    const since = async (before: number[]) => (await settledReads()).map((n, i) => n - before[i]!);
    const discovered = (events: ScanPoolEvent[]) => events.filter((e): e is Extract<ScanPoolEvent, { type: 'discovered' }> => e.type === 'discovered');
    beforeEach(async () => {
      // Scans 0 to 3 listed; 4 and 5 serve but are not listed yet.
      refreshSet = await startSimulatedScans({ seed: 10, updates: 40, migrations: 1, scans: [{}, {}, {}, {}, { listed: false }, { listed: false }] });
      clock = sinon.useFakeTimers({ now: Date.UTC(2026, 0, 1), toFake: ['Date'] });
    });
    afterEach(async () => {
      clock.restore();
      await refreshSet.close();
    });

    it('every 10 minutes by default: reads move to the Scans newly listed and stop going to the ones removed', async () => {
      const events: ScanPoolEvent[] = [];
      const client = createClient({ scan: { discover: refreshSet.urls[1]!, random: seeded(3), onEvent: (e) => events.push(e) } });
      assert.ok(E.isRight(await one(client.scan.getDsoPartyId())));
      assert.deepEqual(discovered(events).map((e) => [...e.scans].sort()), [refreshSet.urls.slice(0, 4).sort()]);
      // The listing changes: Scan 0 leaves, Scan 4 joins.
      refreshSet.scans[0]!.set({ listed: false });
      refreshSet.scans[4]!.set({ listed: true });

      clock.tick(DEFAULT_REFRESH_MS - 1000);
      let before = await settledReads();
      for (let i = 0; i < 8; i++) assert.ok(E.isRight(await one(client.scan.getDsoPartyId())));
      const within = await since(before);
      assert.equal(within[4], 0, 'read from a Scan not discovered yet');
      assert.ok(within[0]! > 0);
      const listings = requestsOf(refreshSet, SCANS).reduce((a, b) => a + b);
      assert.equal(listings, 1, 'discovery asked again before the refresh period');

      clock.tick(2000);
      before = await settledReads();
      for (let i = 0; i < 8; i++) assert.ok(E.isRight(await one(client.scan.getDsoPartyId())));
      const after = await since(before);
      assert.equal(after[0], 0, 'read from a Scan no longer listed');
      assert.ok(after[4]! > 0, 'never read from the Scan newly listed');
      assert.equal(after[5], 0);
      const changes = discovered(events).slice(1);
      assert.deepEqual(changes.map((e) => [e.added, e.removed]), [[[refreshSet.urls[4]], [refreshSet.urls[0]]]]);
      // One refresh for the eight reads after the period (asking 2f + 1 = 3 of the 4 known), not one per read.
      const refreshed = requestsOf(refreshSet, SCANS).reduce((a, b) => a + b) - listings;
      assert.ok(refreshed >= 2 && refreshed <= 4, `${refreshed} requests of GET /v0/scans`);
    });

    it('at once after a read that found too few Scans available, without waiting for the period', async () => {
      const events: ScanPoolEvent[] = [];
      const client = createClient({ scan: { discover: refreshSet.urls[1]!, random: seeded(5), onEvent: (e) => events.push(e) } });
      assert.ok(E.isRight(await one(client.scan.getDsoPartyId())));
      // Scans 0 to 2 fail their reads and leave the listing; 4 and 5 join.
      for (const i of [0, 1, 2]) refreshSet.scans[i]!.set({ listed: false, faults: { rate: 1, kinds: [503], only: { routes: [DSO] } } });
      for (const i of [4, 5]) refreshSet.scans[i]!.set({ listed: true });
      const failed = await one(client.scan.getDsoPartyId());
      assert.ok(E.isLeft(failed) && failed.left._tag === 'ScanDisagreement' && failed.left.reason === 'unavailable');

      clock.tick(1000);
      const before = await settledReads();
      for (let i = 0; i < 6; i++) assert.ok(E.isRight(await one(client.scan.getDsoPartyId())));
      const after = await since(before);
      assert.deepEqual(after.slice(0, 3), [0, 0, 0], 'read from the Scans removed');
      assert.ok(after[4]! + after[5]! > 0, 'never read from the Scans newly listed');
      const changes = discovered(events).slice(1);
      assert.deepEqual(changes.map((e) => [[...e.added].sort(), [...e.removed].sort()]), [[refreshSet.urls.slice(4).sort(), refreshSet.urls.slice(0, 3).sort()]]);
    });
    it('asks the seeds again when none of the Scans known can list the Scans any more', async () => {
      // The seed (Scan 4, itself unlisted) lists Scans 0 to 3; then all four go down for good and
      // the listing becomes Scans 4 and 5.
      const events: ScanPoolEvent[] = [];
      const client = createClient({ scan: { discover: refreshSet.urls[4]!, random: seeded(7), onEvent: (e) => events.push(e) } });
      assert.ok(E.isRight(await one(client.scan.getDsoPartyId())));
      for (const i of [0, 1, 2, 3]) refreshSet.scans[i]!.set({ listed: false, faults: { rate: 1, kinds: [503] } });
      for (const i of [4, 5]) refreshSet.scans[i]!.set({ listed: true });
      const failed = await one(client.scan.getDsoPartyId());
      assert.ok(E.isLeft(failed) && failed.left._tag === 'ScanDisagreement' && failed.left.reason === 'unavailable');
      clock.tick(DEFAULT_REFRESH_MS + 1);
      const before = await settledReads();
      for (let i = 0; i < 4; i++) assert.deepEqual(E.isRight(await one(client.scan.getDsoPartyId())), true);
      const after = await since(before);
      assert.deepEqual(after.slice(0, 4), [0, 0, 0, 0]);
      assert.ok(after[4]! > 0 && after[5]! > 0);
      assert.deepEqual([...discovered(events).at(-1)!.scans].sort(), refreshSet.urls.slice(4).sort());
    });
  });

  it('a seed that cannot be reached is a Left, not a crash', async () => {
    const r = await one(createClient({ scan: { discover: 'http://127.0.0.1:1/api/scan' } }).scan.getDsoPartyId());
    assert.ok(E.isLeft(r) && r.left._tag === 'ScanDisagreement' && r.left.reason === 'unavailable');
  });
});
