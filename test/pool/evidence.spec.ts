import assert from 'node:assert/strict';
import sinon from 'sinon';
import * as E from 'fp-ts/lib/Either.js';
import { createClient } from '../../src/clientFactory/createClient.js';
import type { CantonError } from '../../src/errors/CantonError.js';
import type { ScanPoolEvent } from '../../src/pool/types.js';
import { startSimulatedScans, type SimulatedScans } from '../../src/testkit/index.js';
import { collect } from '../helpers/collect.js';
import { answerUpdates, scanHistory } from '../helpers/scanHistory.js';
import { startServer, type TestServer } from '../helpers/server.js';

type Json = Record<string, unknown>;
const V2 = 'POST /api/scan/v2/updates';
const seeded = (seed: number) => () => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
};
const requestsOf = (set: SimulatedScans, route: string): number[] => set.scans.map((s) => s.stats().routes.find((r) => r.route === route)?.requests ?? 0);
const liarsIn = (events: ScanPoolEvent[]) => events.filter((e): e is Extract<ScanPoolEvent, { type: 'liar' }> => e.type === 'liar');
const rightsOf = <A>(rs: ReadonlyArray<E.Either<CantonError, A>>): A[] => rs.filter(E.isRight).map((r) => r.right);

/** A history whose created events carry a Daml payload field named `offset`; `forge` changes it in some of them. */
const withPayloadOffsets = (history: Json[], forge: (i: number) => boolean): Json[] =>
  history.map((item, i) => {
    if (!('events_by_id' in item)) return item;
    const events = Object.fromEntries(
      Object.entries(item['events_by_id'] as Record<string, Json>).map(([id, e]) =>
        e['event_type'] === 'created_event' ? [id, { ...e, create_arguments: { ...(e['create_arguments'] as Json), offset: forge(i) ? 'forged' : `payload-${i}` } }] : [id, e],
      ),
    );
    return { ...item, events_by_id: events };
  });

describe('Scan pool: what counts as a lie, and what excludes a liar', function () {
  this.timeout(30_000);

  describe('a lie inside a Daml payload field named offset', () => {
    let servers: TestServer[];
    const base = scanHistory(90);
    const honest = withPayloadOffsets(base, () => false);
    const forged = withPayloadOffsets(base, (i) => i % 7 === 3);
    beforeEach(async () => {
      // Four Scans; the fourth lies in a payload `offset`. On /v1 each Scan has its own item
      // offsets, as real SVs do: those, and only those, are not compared.
      servers = await Promise.all(
        [honest, honest, honest, forged].map((history, k) =>
          startServer((req) => {
            const v1 = req.url.endsWith('/v1/updates');
            const page = answerUpdates(history, req.body, v1) as { transactions: Json[] };
            const transactions = v1 ? page.transactions.map((t) => ({ ...t, offset: (history.indexOf(history.find((h) => h['update_id'] === t['update_id'])!) + 16 * k).toString(16).padStart(18, '0') })) : page.transactions;
            return { body: { transactions } };
          }),
        ),
      );
    });
    afterEach(() => Promise.all(servers.map((s) => s.close())));

    for (const version of ['v2', 'v1'] as const) {
      it(`is caught and its Scan reported (${version}); the history delivered is the honest one`, async () => {
        const events: ScanPoolEvent[] = [];
        const urls = servers.map((s) => `${s.url}/api/scan`);
        const rs = await collect(createClient({ scan: { urls, random: seeded(11), onEvent: (e) => events.push(e) } }).scan.updates({ page_size: 20 }, { version }));
        assert.deepEqual(rs.filter(E.isLeft), []);
        const items = rightsOf(rs) as unknown as Json[];
        assert.deepEqual(
          items.map((i) => ({ ...i, offset: undefined })),
          honest.map((i) => ({ ...i, offset: undefined })),
        );
        assert.deepEqual(
          liarsIn(events).map((e) => e.scan),
          [urls[3]],
        );
      });
    }
  });

  describe('on simulated Scans', () => {
    let set: SimulatedScans;
    afterEach(() => set.close());

    it('two colluding liars of four do not capture the honest Scans: the lie is refused, nobody is excluded, the conflict is reported', async () => {
      set = await startSimulatedScans({ seed: 31, updates: 150, migrations: 1, scans: [{ byzantine: { rate: 0.3, as: 'mallory' } }, { byzantine: { rate: 0.3, as: 'mallory' } }, {}, {}] });
      const expected = rightsOf(await collect(createClient({ scan: { url: set.urls[2]! } }).scan.updates({ page_size: 1000 })));
      const events: ScanPoolEvent[] = [];
      const client = createClient({ scan: { urls: set.urls, random: seeded(5), onEvent: (e) => events.push(e) } });
      const rs = await collect(client.scan.updates({ page_size: 25 }));
      // Two against two: no side has the evidence, so nothing forged is delivered and the read
      // ends with the disagreement, after the items every side agreed on.
      const items = rightsOf(rs);
      assert.deepEqual(items, expected.slice(0, items.length));
      const last = rs.at(-1)!;
      assert.ok(E.isLeft(last) && last.left._tag === 'ScanDisagreement' && last.left.reason === 'disagreement', JSON.stringify(last));
      assert.deepEqual(liarsIn(events), []);
      const conflicts = events.filter((e): e is Extract<ScanPoolEvent, { type: 'conflict' }> => e.type === 'conflict');
      assert.ok(conflicts.length >= 1);
      const sorted = (sides: ReadonlyArray<ReadonlyArray<string>>) => sides.map((s) => [...s].sort()).sort();
      assert.deepEqual(sorted(conflicts[0]!.sides), sorted([set.urls.slice(0, 2), set.urls.slice(2)]));
      // The liars stop lying: the same client reads the whole history, from every Scan.
      set.scans[0]!.set({ byzantine: false });
      set.scans[1]!.set({ byzantine: false });
      const before = requestsOf(set, V2);
      assert.deepEqual(rightsOf(await collect(client.scan.updates({ page_size: 25 }))), expected);
      const after = requestsOf(set, V2).map((n, i) => n - before[i]!);
      assert.ok(after[2]! > 0 && after[3]! > 0, `requests per Scan ${after.join(', ')}`);
    });

    it('a liar is reported once, however many reads in flight saw it lie', async () => {
      set = await startSimulatedScans({ seed: 7, updates: 600, migrations: 2, scans: [{}, {}, {}, { byzantine: { rate: 0.1 } }] });
      const expected = rightsOf(await collect(createClient({ scan: { url: set.urls[0]! } }).scan.updates({ page_size: 1000 })));
      const events: ScanPoolEvent[] = [];
      const scan = createClient({ scan: { urls: set.urls, onEvent: (e) => events.push(e) } }).scan;
      assert.deepEqual(rightsOf(await collect(scan.backfill({ page_size: 50 }, { slices: 8, concurrency: 8 }))), expected);
      assert.deepEqual(
        liarsIn(events).map((e) => e.scan),
        [set.urls[3]],
      );
      assert.deepEqual([...liarsIn(events)[0]!.against].sort(), set.urls.slice(0, 3).sort());
    });

    describe('exclusion expires (the clock of Date faked, the Scans real)', () => {
      let clock: sinon.SinonFakeTimers;
      beforeEach(() => {
        clock = sinon.useFakeTimers({ now: Date.UTC(2026, 0, 1), toFake: ['Date'] });
      });
      afterEach(() => clock.restore());

      it('a liar is left out for exclusionMs, then asked again; caught again, for twice as long', async () => {
        set = await startSimulatedScans({ seed: 8, updates: 120, migrations: 1, scans: [{}, {}, {}, { byzantine: true }] });
        const expected = rightsOf(await collect(createClient({ scan: { url: set.urls[0]! } }).scan.updates({ page_size: 1000 })));
        const events: ScanPoolEvent[] = [];
        const client = createClient({ scan: { urls: set.urls, exclusionMs: 60_000, onEvent: (e) => events.push(e) } });
        assert.deepEqual(rightsOf(await collect(client.scan.updates({ page_size: 40 }))), expected);
        assert.deepEqual(
          liarsIn(events).map((e) => [e.scan, e.untilMs - Date.now()]),
          [[set.urls[3], 60_000]],
        );
        let before = requestsOf(set, V2)[3]!;
        assert.deepEqual(rightsOf(await collect(client.scan.updates({ page_size: 40 }))), expected);
        assert.equal(requestsOf(set, V2)[3], before, 'an excluded Scan was asked');

        clock.tick(60_001);
        set.scans[3]!.set({ byzantine: false });
        before = requestsOf(set, V2)[3]!;
        assert.deepEqual(rightsOf(await collect(client.scan.updates({ page_size: 40 }))), expected);
        assert.ok(requestsOf(set, V2)[3]! > before, 'the Scan was not asked again once its exclusion expired');
        assert.equal(liarsIn(events).length, 1);

        set.scans[3]!.set({ byzantine: true });
        assert.deepEqual(rightsOf(await collect(client.scan.updates({ page_size: 40 }))), expected);
        assert.deepEqual(
          liarsIn(events).map((e) => e.untilMs - Date.now()),
          [60_000 - 60_001, 120_000],
        );
      });
    });
  });
});
