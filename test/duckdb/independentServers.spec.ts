import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as E from 'fp-ts/lib/Either.js';
import { DuckDBInstance } from '@duckdb/node-api';
import { lastValueFrom, toArray } from 'rxjs';
import { createClient } from '../../src/clientFactory/createClient';
import type { LedgerCheckpoint } from '../../src/streams/checkpoints';
import type { ScanCheckpoint } from '../../src/streams/checkpoints';
import type { Sink } from '../../src/sinks/Sink';
import { drainInto } from '../../src/sinks/drainInto';
import { duckdbSink } from '../../src/duckdb/duckdbSink';
import { parquetSink } from '../../src/duckdb/parquetSink';
import { sumDecimals } from '../../src/codecs/common/sumDecimals';
import { right } from '../helpers/eithers';
import { crashAndResume } from '../helpers/crashRuns';
import { historyFacts, type HistoryFacts } from '../helpers/historyFacts';
import { answerUpdatesPage, ledgerHistory } from '../helpers/ledgerPages';
import { answerUpdates, scanHistory } from '../helpers/scanHistory';
import { startServer, type Reply, type TestServer } from '../helpers/server';
import { activityFacts, readActivityFacts } from './activityFacts';
import { assertHoldsHistory } from './readBack';
import { readWithHyparquet } from './readParquet';

type Json = Record<string, unknown>;

/** Every fourth request fails, in turn a 503, a reset connection, a truncated body and a 500; the rest the handler answers. */
const withFaults = (answer: (body: string) => Reply) => {
  let n = 0;
  const faults: Reply[] = [{ status: 503, body: { error: 'busy' } }, { action: 'reset' }, { action: 'truncate' }, { status: 500, body: { error: 'boom' } }];
  return (body: string): Reply => (++n % 4 === 2 ? faults[Math.floor(n / 4) % faults.length]! : answer(body));
};

/** What the tables must hold of a ledger history, read from its updates (not through flattenUpdates). */
const ledgerFacts = (history: Json[]): HistoryFacts => {
  const perTemplate: Record<string, number> = {};
  const perDay: Record<string, number> = {};
  const amounts: string[] = [];
  let events = 0;
  for (const u of history) {
    const tx = ((u.update as Json).Transaction as Json).value as Json;
    const day = String(tx.recordTime).slice(0, 10);
    perDay[day] = (perDay[day] ?? 0) + 1;
    for (const e of tx.events as Json[]) {
      const body = Object.values(e)[0] as Json;
      events++;
      const key = `${String(body.packageName)}:${String(body.templateId).split(':').pop()}`;
      perTemplate[key] = (perTemplate[key] ?? 0) + 1;
      if ('CreatedEvent' in e && String(body.templateId).endsWith(':Amulet')) amounts.push(String(((body.createArgument as Json).amount as Json).initialAmount));
    }
  }
  const ids = history.map((u) => String((((u.update as Json).Transaction as Json).value as Json).updateId)).sort();
  return { updates: history.length, events, ids, perDay, perTemplate, amuletCreated: sumDecimals(amounts) };
};

/**
 * The mock servers of the other tests, written without the library's code (test/helpers:
 * `answerUpdates` over MainNet transactions in three migrations with reassignments, and
 * `answerUpdatesPage`, a participant's paging), through the writers with faults, SIGKILLs and stops.
 */
describe('the independent mock servers through the DuckDB sink and the Parquet writer: faults, SIGKILLs, read back with DuckDB and hyparquet', function () {
  this.timeout(120_000);
  const seed = Number(process.env.CRASH_SEED ?? Date.now() % 100_000);
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'canton-rx-independent-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  describe('Scan (answerUpdates over re-stamped MainNet transactions)', () => {
    const history = scanHistory(150);
    const facts = historyFacts(history);
    const activity = activityFacts(history);
    let server: TestServer;
    before(async () => {
      const answer = withFaults((body) => ({ body: answerUpdates(history, body) }));
      server = await startServer((req) => (req.url === '/api/scan/v2/updates' ? answer(req.body) : { status: 404, body: { error: `no route ${req.url}` } }));
    });
    after(() => server?.close());

    const why = (runs: Awaited<ReturnType<typeof crashAndResume>>) => `seed ${seed} (CRASH_SEED replays it); runs: ${JSON.stringify(runs.map((r) => [r.end, r.commits]))}; last stderr: ${runs[runs.length - 1]?.stderr}`;

    it('DuckDB, killed twice: every update, event and transfer once, per-party balance changes equal the activity', async () => {
      const file = join(dir, 'h.duckdb');
      const runs = await crashAndResume([`duckdb:${file}`, `${server.url}/api/scan`, 'indep', '20', 'scan-activity'], { seed, kills: 2, maxCommits: 3, maxDelayMs: 15 });
      assert.equal(runs[runs.length - 1]!.end, 0, why(runs));
      const instance = await DuckDBInstance.create(file);
      const db = await instance.connect();
      try {
        await assertHoldsHistory(db, 'updates', 'events', facts, why(runs));
        const back = await readActivityFacts(db, 'transfers', 'balance_changes');
        assert.ok(activity.transfers > 0);
        assert.deepEqual({ ...back, distinctTransfers: undefined }, { ...activity, distinctTransfers: undefined }, why(runs));
        assert.equal(back.distinctTransfers, activity.transfers, why(runs));
      } finally {
        db.closeSync();
        instance.closeSync();
      }
    });

    it('Parquet, killed twice: the files the manifest names hold it exactly, no orphan; hyparquet agrees', async () => {
      const runs = await crashAndResume([`parquet:${dir}`, `${server.url}/api/scan`, 'indep', '20', 'scan-activity'], { seed: seed + 1, kills: 2, maxCommits: 3, maxDelayMs: 15 });
      assert.equal(runs[runs.length - 1]!.end, 0, why(runs));
      const db = await (await DuckDBInstance.create(':memory:')).connect();
      const sink = parquetSink<ScanCheckpoint>({ db, dir, stageDir: join(dir, '_canton_rx'), stream: 'indep', activity: true });
      right(await sink.load());
      const files = sink.files();
      const onDisk = readdirSync(dir, { recursive: true }).map(String).filter((f) => !f.startsWith('_canton_rx') && /\.(parquet|tmp)$/.test(f)).sort();
      assert.deepEqual(onDisk, [...files].sort(), why(runs));
      const read = (t: string) => `read_parquet('${dir}/${t}/*/*/*.parquet')`;
      await assertHoldsHistory(db, read('updates'), read('events'), facts, why(runs));
      const back = await readActivityFacts(db, read('transfers'), read('balance_changes'));
      assert.deepEqual({ ...back, distinctTransfers: undefined }, { ...activity, distinctTransfers: undefined }, why(runs));
      const updates = await readWithHyparquet(dir, files.filter((f) => f.startsWith('updates/')));
      assert.deepEqual(updates.map((u) => String(u.update_id)).sort(), facts.ids, why(runs));
      const events = await readWithHyparquet(dir, files.filter((f) => f.startsWith('events/')));
      assert.equal(new Set(events.map((e) => `${String(e.update_id)}#${String(e.event_index)}`)).size, facts.events, why(runs));
      assert.equal(events.length, facts.events, why(runs));
      assert.equal((await readWithHyparquet(dir, files.filter((f) => f.startsWith('transfers/')))).length, activity.transfers, why(runs));
    });
  });

  describe('the ledger (answerUpdatesPage over a participant capture)', () => {
    const history = ledgerHistory(120);
    const facts = ledgerFacts(history);
    let server: TestServer;
    before(async () => {
      const answer = withFaults((body) => answerUpdatesPage(history, body));
      server = await startServer((req) => answer(req.body));
    });
    after(() => server?.close());

    const updateFormat = { includeTransactions: { transactionShape: 'TRANSACTION_SHAPE_LEDGER_EFFECTS' as const, eventFormat: { filtersByParty: { 'alice::1220': {} } } } };
    const retry = { initialDelayMs: 1, maxDelayMs: 5, maxRetries: 200 };
    const pages = (from: LedgerCheckpoint | undefined, pull: Parameters<Parameters<typeof drainInto>[1]>[1]) =>
      createClient({ ledger: { url: server.url } }).ledger.pages.updates({ updateFormat, maxPageSize: 7 }, { from, pull, retry });
    /** Drains until `stopAfter` commits (then unsubscribes: a stop), or to the end. */
    const drain = async (sink: Sink<LedgerCheckpoint>, stopAfter?: number) => {
      if (stopAfter === undefined) return lastValueFrom(drainInto(sink, pages, { readAhead: 0 }).pipe(toArray()));
      return new Promise<void>((resolve) => {
        let n = 0;
        const sub = drainInto(sink, pages, { readAhead: 0 }).subscribe((r) => {
          assert.ok(E.isRight(r), JSON.stringify(r).slice(0, 300));
          if (++n === stopAfter) {
            sub.unsubscribe();
            resolve();
          }
        });
      }).then(() => []);
    };

    it('DuckDB: stopped twice and resumed, the tables hold the history once', async () => {
      const file = join(dir, 'l.duckdb');
      for (const stopAfter of [3, 4, undefined]) {
        const instance = await DuckDBInstance.create(file);
        const db = await instance.connect();
        const sink = duckdbSink<LedgerCheckpoint>({ db, stream: 'ledger' });
        right(await sink.createSchema());
        const commits = await drain(sink, stopAfter);
        assert.ok(commits.every(E.isRight), JSON.stringify(commits.filter(E.isLeft)).slice(0, 300));
        if (stopAfter === undefined) await assertHoldsHistory(db, 'updates', 'events', facts);
        db.closeSync();
        instance.closeSync();
      }
    });

    it('Parquet: stopped (rows gathered, not written) and resumed, the files hold the history once, migration=ledger; hyparquet agrees', async () => {
      for (const stopAfter of [5, 4, undefined]) {
        const sink = parquetSink<LedgerCheckpoint>({ db: await (await DuckDBInstance.create(':memory:')).connect(), dir, stageDir: join(dir, '_canton_rx'), stream: 'ledger', maxRows: 80 });
        right(await sink.createSchema());
        const commits = await drain(sink, stopAfter);
        assert.ok(commits.every(E.isRight), JSON.stringify(commits.filter(E.isLeft)).slice(0, 300));
      }
      const sink = parquetSink<LedgerCheckpoint>({ db: await (await DuckDBInstance.create(':memory:')).connect(), dir, stageDir: join(dir, '_canton_rx'), stream: 'ledger' });
      right(await sink.load());
      const files = sink.files();
      assert.ok(files.every((f) => f.includes('/migration=ledger/')), files.join('\n'));
      const db = await (await DuckDBInstance.create(':memory:')).connect();
      await assertHoldsHistory(db, `read_parquet('${dir}/updates/*/*/*.parquet')`, `read_parquet('${dir}/events/*/*/*.parquet')`, facts);
      const updates = await readWithHyparquet(dir, files.filter((f) => f.startsWith('updates/')));
      assert.deepEqual(updates.map((u) => String(u.update_id)).sort(), facts.ids);
      assert.equal((await readWithHyparquet(dir, files.filter((f) => f.startsWith('events/')))).length, facts.events);
    });
  });
});
