import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import { createClient } from '../../src/clientFactory/createClient.js';
import type { CantonError } from '../../src/errors/CantonError.js';
import type { UpdateHistoryItemV2 } from '../../src/codecs/scan/UpdateHistoryItemV2.js';
import { checkpointOf } from '../../src/streams/checkpointOf.js';
import { startSimulatedScans, type SimulatedScans } from '../../src/testkit/index.js';
import { collect } from '../helpers/collect.js';
import { answerUpdates, scanHistory } from '../helpers/scanHistory.js';
import { startServer, type TestServer } from '../helpers/server.js';

type Json = Record<string, unknown>;
const rightsOf = <A>(rs: Array<E.Either<CantonError, A>>): A[] => rs.map((r) => (E.isRight(r) ? r.right : assert.fail(`a Left: ${JSON.stringify(r.left).slice(0, 300)}`)));
const migrationOf = (i: Json): number => ('event' in i ? ((i['event'] as Json)['migration_id'] as number) : (i['migration_id'] as number));

/** A Scan over the overlapping-migrations history of test/helpers/scanHistory.ts, with migration info and short pages. */
const overlappingScan = async (history: Json[], options: { migrationInfo?: boolean | 'no-data' } = {}): Promise<TestServer> => {
  let n = 0;
  return startServer((req) => {
    if (req.url === '/api/scan/v2/updates') {
      const body = answerUpdates(history, req.body) as { transactions: Json[] };
      // Every third page comes back short, as Splice's PageLimit allows.
      if (++n % 3 === 0 && body.transactions.length > 2) body.transactions = body.transactions.slice(0, Math.ceil(body.transactions.length / 2));
      return { body };
    }
    // A Scan that has the route and no data for any migration answers 404 with its `{error}` body.
    if (req.url === '/api/scan/v0/backfilling/migration-info' && options.migrationInfo === 'no-data') return { status: 404, body: { error: 'No data for migration' } };
    if (req.url === '/api/scan/v0/backfilling/migration-info' && options.migrationInfo !== false) {
      const m = (JSON.parse(req.body) as { migration_id: number }).migration_id;
      const times = history.filter((i) => migrationOf(i) === m).map((i) => i['record_time'] as string).sort();
      if (times.length === 0) return { status: 404, body: { error: `No data for migration ${m}` } };
      return { body: { record_time_range: [{ synchronizer_id: 'global-domain::1220bb', min: times[0], max: times.at(-1) }], complete: true, ...(m > 0 ? { previous_migration_id: m - 1 } : {}) } };
    }
    return { status: 404, body: 'The requested resource could not be found.' };
  });
};

describe('scan.backfill', function () {
  this.timeout(30_000);

  describe('overlapping migrations (record times repeat across migrations)', () => {
    const history = scanHistory(90);
    let server: TestServer;
    afterEach(() => server.close());

    it('delivers exactly the history, in order, whatever the slices and concurrency', async () => {
      server = await overlappingScan(history);
      const scan = createClient({ scan: { url: `${server.url}/api/scan` } }).scan;
      const updates = rightsOf(await collect(scan.updates({ page_size: 7 })));
      assert.equal(updates.length, history.length);
      for (const [slices, concurrency] of [[1, 1], [4, 2], [8, 8], [20, 3]] as const) {
        const items = rightsOf(await collect(scan.backfill({ page_size: 7 }, { slices, concurrency })));
        assert.deepEqual(items, updates, `slices ${slices}, concurrency ${concurrency}`);
      }
      // The three migrations were learned (one migration info each and one for the migration after
      // the last, asked ahead, per backfill), so slicing did happen.
      assert.equal(server.requests.filter((r) => r.url.endsWith('/migration-info')).length, 4 * 4);
    });

    it('reads while it plans: the first page once, and the first migration before the last is learned', async () => {
      server = await overlappingScan(history);
      const scan = createClient({ scan: { url: `${server.url}/api/scan` } }).scan;
      assert.deepEqual(rightsOf(await collect(scan.backfill({ page_size: 7 }, { slices: 4, concurrency: 4 }))), history);
      const updates = server.requests.filter((r) => r.url.endsWith('/v2/updates')).map((r) => JSON.parse(r.body) as { page_size: number; after?: { after_migration_id: number } });
      assert.equal(updates.filter((b) => b.after === undefined).length, 1);
      const order = server.requests.map((r) => (r.url.endsWith('/migration-info') ? `info ${(JSON.parse(r.body) as { migration_id: number }).migration_id}` : 'page'));
      const slicePages = server.requests.flatMap((r, i) => {
        const b = JSON.parse(r.body) as { page_size: number; after?: { after_migration_id: number } };
        return r.url.endsWith('/v2/updates') && b.page_size >= 7 && b.after?.after_migration_id === 0 ? [i] : [];
      });
      assert.ok(slicePages.length > 0 && slicePages[0]! < order.indexOf('info 2'), order.join(', '));
    });

    it('is resumable from every checkpoint, and the checkpoints are those of scan.updates', async () => {
      server = await overlappingScan(history);
      const scan = createClient({ scan: { url: `${server.url}/api/scan` } }).scan;
      const items = rightsOf(await collect(scan.backfill({ page_size: 9 }, { slices: 6, concurrency: 3 })));
      const fromUpdates = rightsOf(await collect(scan.updates({ page_size: 9 })));
      assert.deepEqual(items.map((i) => checkpointOf(i)), fromUpdates.map((i) => checkpointOf(i)));
      for (let k = 0; k < items.length; k++) {
        const rest = rightsOf(await collect(scan.backfill({ page_size: 9 }, { slices: 4, concurrency: 2, from: checkpointOf(items[k]!) })));
        assert.deepEqual(rest, items.slice(k + 1), `resumed after item ${k}`);
      }
    });

    it('stops at `to`, inclusive', async () => {
      server = await overlappingScan(history);
      const scan = createClient({ scan: { url: `${server.url}/api/scan` } }).scan;
      const k = 47;
      const { migration_id, record_time } = checkpointOf(history[k] as unknown as UpdateHistoryItemV2);
      const items = rightsOf(await collect(scan.backfill({ page_size: 5 }, { slices: 5, to: { migration_id, record_time } })));
      assert.deepEqual(items, history.slice(0, k + 1));
    });

    it('a range from and to one migration (a distributed slice) asks no migration info, and is exact', async () => {
      server = await overlappingScan(history);
      const scan = createClient({ scan: { url: `${server.url}/api/scan` } }).scan;
      const inOne = history.flatMap((h, i) => (migrationOf(h) === 1 ? [i] : []));
      const cases: Array<[number, number]> = [[inOne[0]!, inOne.at(-1)!], [inOne[2]!, inOne[20]!], [inOne[5]!, inOne[5]!], [inOne[3]!, inOne.at(-1)!]];
      for (const [a, b] of cases) {
        const before = server.requests.length;
        const from = checkpointOf(history[a] as unknown as UpdateHistoryItemV2);
        const { migration_id, record_time } = checkpointOf(history[b] as unknown as UpdateHistoryItemV2);
        const items = rightsOf(await collect(scan.backfill({ page_size: 4 }, { slices: 3, concurrency: 2, from, to: { migration_id, record_time } })));
        assert.deepEqual(items, history.slice(a + 1, b + 1), `after item ${a} to item ${b}`);
        assert.equal(server.requests.slice(before).filter((r) => r.url.endsWith('/migration-info')).length, 0, `after item ${a} to item ${b}`);
      }
      // A range that starts in one migration and ends in another still learns the migrations.
      const before = server.requests.length;
      const from = checkpointOf(history[inOne[3]!] as unknown as UpdateHistoryItemV2);
      const last = history.length - 1;
      const { migration_id, record_time } = checkpointOf(history[last] as unknown as UpdateHistoryItemV2);
      assert.deepEqual(rightsOf(await collect(scan.backfill({ page_size: 4 }, { slices: 3, from, to: { migration_id, record_time } }))), history.slice(inOne[3]! + 1));
      assert.ok(server.requests.slice(before).some((r) => r.url.endsWith('/migration-info')));
    });

    for (const [name, migrationInfo] of [
      ['absent (an older Scan)', false],
      ['answering 404', 'no-data'],
    ] as const) {
      it(`with migration info ${name}, it probes each migration's end and reads the slices at once, exact and with the checkpoints of scan.updates`, async () => {
        server = await overlappingScan(history, { migrationInfo });
        const scan = createClient({ scan: { url: `${server.url}/api/scan` } }).scan;
        const expected = rightsOf(await collect(scan.updates({ page_size: 6 })));
        const before = server.requests.length;
        for (const workers of [0, 2]) {
          const items = rightsOf(await collect(scan.backfill({ page_size: 6 }, { slices: 4, concurrency: 4, workers })));
          assert.deepEqual(items.map((i) => checkpointOf(i)), expected.map((i) => checkpointOf(i)), `workers ${workers}`);
          assert.deepEqual(items, expected);
        }
        const asked = server.requests.slice(before).filter((r) => r.url.endsWith('/v2/updates')).map((r) => JSON.parse(r.body) as { page_size: number; after?: { after_migration_id: number } });
        // The ends were probed (pages of one), in each of the three migrations...
        const probes = asked.filter((b) => b.page_size === 1);
        assert.deepEqual([...new Set(probes.map((b) => b.after?.after_migration_id))].sort(), [0, 1, 2]);
        // ...and the migrations were read in slices, not as one sequential read: migration 1 and 2
        // are each read from more than one start that is not the end of the page before.
        const pages = asked.filter((b) => b.page_size === 6);
        assert.ok(pages.length < expected.length, `${pages.length} pages`);
        // Migration info asked at most once per backfill for the first migration after a 404.
        const infos = server.requests.slice(before).filter((r) => r.url.endsWith('/migration-info')).length;
        assert.ok(infos <= 2 * 2, `${infos} migration info requests`);
      });
    }

    it('the same items and checkpoints with page decoding workers as without', async () => {
      server = await overlappingScan(history);
      const scan = createClient({ scan: { url: `${server.url}/api/scan` } }).scan;
      const without = rightsOf(await collect(scan.backfill({ page_size: 7 }, { slices: 5, concurrency: 3, workers: 0 })));
      assert.equal(without.length, history.length);
      for (const workers of [1, 3, undefined]) {
        const items = rightsOf(await collect(scan.backfill({ page_size: 7 }, { slices: 5, concurrency: 3, ...(workers !== undefined ? { workers } : {}) })));
        assert.deepEqual(items, without, `workers ${workers}`);
        assert.deepEqual(items.map((i) => checkpointOf(i)), without.map((i) => checkpointOf(i)));
      }
      // Resumed from a checkpoint in the middle, with workers.
      const k = 40;
      assert.deepEqual(rightsOf(await collect(scan.backfill({ page_size: 7 }, { workers: 2, from: checkpointOf(without[k]!) }))), without.slice(k + 1));
    });

    it('with workers, a page that does not decode ends the stream with the DecodeError and its JSON path, after the items before it', async () => {
      let n = 0;
      server = await startServer((req) => {
        if (req.url !== '/api/scan/v2/updates') return { status: 404, body: 'no' };
        const body = answerUpdates(history, req.body) as { transactions: Json[] };
        if ((JSON.parse(req.body) as { page_size: number }).page_size === 5 && ++n === 3) body.transactions[1] = { ...body.transactions[1], record_time: 5 };
        return { body };
      });
      const rs = await collect(createClient({ scan: { url: `${server.url}/api/scan` } }).scan.backfill({ page_size: 5 }, { slices: 1, concurrency: 1, workers: 2 }));
      const last = rs.at(-1)!;
      assert.ok(E.isLeft(last) && last.left._tag === 'DecodeError' && last.left.issues.some((i) => i.path.startsWith('transactions.1')), JSON.stringify(last).slice(0, 300));
      assert.deepEqual(rightsOf(rs.slice(0, -1)), history.slice(0, rs.length - 1));
    });
  });

  describe('on simulated Scans', () => {
    let set: SimulatedScans;
    before(async () => {
      set = await startSimulatedScans({ seed: 21, updates: 400, migrations: 3, shortPages: 0.3, tiedRecordTimes: 0.3, scans: [{}, {}, {}, { byzantine: { rate: 0.3 } }] });
    });
    after(() => set.close());

    it('one Scan and a pool with a liar deliver exactly what scan.updates delivers', async () => {
      const expected = rightsOf(await collect(createClient({ scan: { url: set.urls[0]! } }).scan.updates({ page_size: 50 })));
      const one = createClient({ scan: { url: set.urls[1]! } }).scan;
      assert.deepEqual(rightsOf(await collect(one.backfill({ page_size: 50 }, { slices: 8, concurrency: 4 }))), expected);
      const liars: string[] = [];
      const pool = createClient({ scan: { urls: set.urls, onEvent: (e) => (e.type === 'liar' ? liars.push(e.scan) : undefined) } }).scan;
      assert.deepEqual(rightsOf(await collect(pool.backfill({ page_size: 50 }, { slices: 8, concurrency: 4 }))), expected);
      assert.deepEqual([...new Set(liars)], [set.urls[3]]);
    });

    it('/v1 items too', async () => {
      const expected = rightsOf(await collect(createClient({ scan: { url: set.urls[0]! } }).scan.updates({ page_size: 100 }, { version: 'v1' })));
      const got = rightsOf(await collect(createClient({ scan: { url: set.urls[0]! } }).scan.backfill({ page_size: 100 }, { slices: 5, version: 'v1' })));
      assert.deepEqual(got, expected);
    });
  });

  it('invalid options are an InvalidRequest naming the field, before anything is sent', async () => {
    const server = await startServer(() => ({ status: 500 }));
    try {
      const scan = createClient({ scan: { url: `${server.url}/api/scan` } }).scan;
      const [r] = await collect(scan.backfill({ page_size: 10 }, { slices: 0, concurrency: 1.5, to: { migration_id: -1, record_time: 'yesterday' }, workers: 65 }));
      assert.ok(r !== undefined && E.isLeft(r) && r.left._tag === 'InvalidRequest');
      assert.deepEqual(r.left.issues.map((i) => i.path), ['slices', 'concurrency', 'to.migration_id', 'to.record_time', 'workers']);
      assert.equal(server.requests.length, 0);
    } finally {
      await server.close();
    }
  });

  it('a failed page ends the stream with its Left after the items before it', async () => {
    const history = scanHistory(30);
    let pages = 0;
    const server = await startServer((req) => {
      if (req.url === '/api/scan/v2/updates') return ++pages === 6 ? { status: 400, body: { error: 'boom' } } : { body: answerUpdates(history, req.body) };
      return { status: 404, body: 'no' };
    });
    try {
      const rs = await collect(createClient({ scan: { url: `${server.url}/api/scan` } }).scan.backfill({ page_size: 4 }, { slices: 1 }));
      const last = rs.at(-1)!;
      assert.ok(E.isLeft(last) && last.left._tag === 'HttpError' && last.left.status === 400);
      assert.deepEqual(rightsOf(rs.slice(0, -1)), history.slice(0, rs.length - 1));
    } finally {
      await server.close();
    }
  });
});
