import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as E from 'fp-ts/lib/Either.js';
import { DuckDBInstance } from '@duckdb/node-api';
import { lastValueFrom, toArray } from 'rxjs';
import { createClient } from '../../src/clientFactory/createClient';
import { checkpointOf } from '../../src/streams/checkpointOf';
import type { ScanCheckpoint } from '../../src/streams/checkpoints';
import type { UpdateHistoryItemV2 } from '../../src/codecs/scan/UpdateHistoryItemV2';
import { drainInto } from '../../src/sinks/drainInto';
import { parquetSink } from '../../src/duckdb/parquetSink';
import { startSimulatedNetwork, type SimulatedNetwork } from '../../src/testkit/index';
import { collect } from '../helpers/collect';
import { rights } from '../helpers/results';
import { right } from '../helpers/eithers';
import { historyFacts, type HistoryFacts } from '../helpers/historyFacts';
import { assertHoldsHistory } from './readBack';
import { readWithHyparquet } from './readParquet';

const connect = async () => (await DuckDBInstance.create(':memory:')).connect();

/** `read_parquet` of the files a manifest names, as a DuckDB table expression. */
const filesOf = (dir: string, files: ReadonlyArray<string>, table: 'updates' | 'events') =>
  `read_parquet([${files
    .filter((f) => f.startsWith(`${table}/`))
    .map((f) => `'${join(dir, f)}'`)
    .join(', ')}], hive_partitioning = true)`;

describe('parquetSink: the history as partitioned Parquet files, exactly once', function () {
  this.timeout(60_000);
  let net: SimulatedNetwork;
  let history: UpdateHistoryItemV2[];
  let facts: HistoryFacts;
  let dir: string;
  const retry = { initialDelayMs: 1, maxDelayMs: 5, maxRetries: 200 };

  before(async () => {
    net = await startSimulatedNetwork({ seed: 31, updates: 240, tiedRecordTimes: 0.2, shortPages: 0.2, migrations: 2 });
    history = rights(await collect(createClient({ scan: { url: net.scanUrl } }).scan.updates({ page_size: 100 }))) as UpdateHistoryItemV2[];
    facts = historyFacts(history);
    net.setFaults({ rate: 0.2, kinds: [500, 503, 'reset', 'truncate', 'invalid-json'], seed: 6, only: { routes: ['POST /api/scan/v2/updates'] }, retryAfterSeconds: 0 });
  });
  after(() => net?.close());
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'canton-rx-parquet-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const drain = async (sink: ReturnType<typeof parquetSink<ScanCheckpoint>>, pageSize = 25, readAhead?: number) =>
    lastValueFrom(drainInto(sink, (from, pull) => createClient({ scan: { url: net.scanUrl } }).scan.pages.updates({ page_size: pageSize }, { from, pull, retry }), { readAhead }).pipe(toArray()));

  it('writes many pages a file, partitioned by migration and day; DuckDB and hyparquet read back the source exactly', async () => {
    const sink = parquetSink<ScanCheckpoint>({ db: await connect(), dir, stageDir: join(dir, '_canton_rx'), stream: 'scan', maxRows: 1500 });
    right(await sink.createSchema());
    // One page a commit (readAhead 0): a page holds at most 25 updates.
    const commits = await drain(sink, 25, 0);
    assert.ok(commits.every(E.isRight), JSON.stringify(commits.filter(E.isLeft)).slice(0, 400));
    const files = sink.files();
    assert.ok(files.every((f) => /^(updates|events)\/migration=\d+\/day=\d{4}-\d{2}-\d{2}\/part-\d{6}-scan\.parquet$/.test(f)), files.join('\n'));
    const db = await connect();
    // Files hold many pages: a file of updates holds more than a page's 25.
    const biggest = (await db.runAndReadAll(`SELECT max(n) AS n FROM (SELECT count(*) AS n FROM ${filesOf(dir, files, 'updates').replace('hive_partitioning = true)', 'hive_partitioning = true, filename = true)')} GROUP BY filename)`)).getRowObjectsJson();
    assert.ok(Number(biggest[0]!.n) > 25, `${files.length} files for ${commits.length} commits, at most ${String(biggest[0]!.n)} updates a file`);
    await assertHoldsHistory(db, filesOf(dir, files, 'updates'), filesOf(dir, files, 'events'), facts);
    // The hive partition folders agree with the rows.
    const wrong = (await db.runAndReadAll(`SELECT count(*) AS n FROM ${filesOf(dir, files, 'events').replace('hive_partitioning = true)', 'hive_partitioning = true, filename = true)')} WHERE migration <> migration_id OR "day" <> strptime(regexp_extract(filename, 'day=([0-9-]+)', 1), '%Y-%m-%d')::DATE`)).getRowObjectsJson();
    assert.equal(Number(wrong[0]!.n), 0);
    // hyparquet, a reader of its own: the same rows.
    const events = await readWithHyparquet(dir, files.filter((f) => f.startsWith('events/')));
    const updates = await readWithHyparquet(dir, files.filter((f) => f.startsWith('updates/')));
    assert.equal(updates.length, facts.updates);
    assert.deepEqual([...new Set(updates.map((u) => String(u.update_id)))].sort(), facts.ids);
    assert.equal(events.length, facts.events);
    assert.equal(new Set(events.map((e) => `${String(e.update_id)}#${String(e.event_index)}`)).size, facts.events);
    const perTemplate: Record<string, number> = {};
    for (const e of events) {
      const key = e.package_name == null ? '(none)' : `${String(e.package_name)}:${String(e.entity_name)}`;
      perTemplate[key] = (perTemplate[key] ?? 0) + 1;
    }
    assert.deepEqual(perTemplate, facts.perTemplate);
    const stamp = events[0]!.record_time;
    assert.ok(stamp instanceof Date || typeof stamp === 'bigint', `record_time is a timestamp, not text: ${typeof stamp}`);
    // The manifest's checkpoint is the last item's.
    const reloaded = parquetSink<ScanCheckpoint>({ db: await connect(), dir, stageDir: join(dir, '_canton_rx'), stream: 'scan' });
    assert.deepEqual(right(await reloaded.load()).checkpoint, checkpointOf(history[history.length - 1]!));
  });

  it('a rerun removes what a crash left outside the manifest (a half-written temporary file, a file renamed before the manifest) and continues', async () => {
    const first = parquetSink<ScanCheckpoint>({ db: await connect(), dir, stageDir: join(dir, '_canton_rx'), stream: 'scan', maxRows: 150 });
    right(await first.createSchema());
    const client = createClient({ scan: { url: net.scanUrl } });
    // Stop after the first files were committed, leaving rows gathered and not written.
    await new Promise<void>((resolve) => {
      const sub = drainInto(first, (from, pull) => client.scan.pages.updates({ page_size: 20 }, { from, pull, retry })).subscribe(() => {
        if (first.files().length > 0) {
          sub.unsubscribe();
          resolve();
        }
      });
    });
    const committed = first.files();
    // What a crash leaves: a temporary file and a part file no manifest names.
    const folder = join(dir, committed[0]!.slice(0, committed[0]!.lastIndexOf('/')));
    writeFileSync(join(folder, '.part-000999-scan.0a0b0c0d.tmp'), 'half');
    writeFileSync(join(folder, 'part-000998-scan.parquet'), 'not committed');
    mkdirSync(join(dir, 'events', 'migration=0', 'day=2000-01-01'), { recursive: true });
    writeFileSync(join(dir, 'events', 'migration=0', 'day=2000-01-01', 'part-000001-other.parquet'), 'another stream');
    const second = parquetSink<ScanCheckpoint>({ db: await connect(), dir, stageDir: join(dir, '_canton_rx'), stream: 'scan', maxRows: 150 });
    right(await second.createSchema());
    const commits = await drain(second, 20);
    assert.ok(commits.every(E.isRight));
    assert.ok(!existsSync(join(folder, '.part-000999-scan.0a0b0c0d.tmp')));
    assert.ok(!existsSync(join(folder, 'part-000998-scan.parquet')));
    assert.ok(existsSync(join(dir, 'events', 'migration=0', 'day=2000-01-01', 'part-000001-other.parquet')), "another stream's file is not this writer's to remove");
    const files = second.files();
    assert.deepEqual(files.slice(0, committed.length), committed);
    await assertHoldsHistory(await connect(), filesOf(dir, files, 'updates'), filesOf(dir, files, 'events'), facts);
    assert.ok(readdirSync(folder).every((f) => !f.endsWith('.tmp')));
  });

  it('two writers of one stream: the second to write files stops with a CheckpointConflict, nothing of it renamed into place', async () => {
    const [a, b] = [parquetSink<ScanCheckpoint>({ db: await connect(), dir, stageDir: join(dir, '_canton_rx'), stream: 'two', maxRows: 100 }), parquetSink<ScanCheckpoint>({ db: await connect(), dir, stageDir: join(dir, '_canton_rx'), stream: 'two', maxRows: 100 })];
    right(await a.createSchema());
    right(await b.createSchema());
    const [ra, rb] = await Promise.all([drain(a, 10), drain(b, 10)]);
    const ended = [ra, rb].map((r) => r[r.length - 1]!);
    const conflicts = ended.filter((r) => E.isLeft(r) && r.left._tag === 'CheckpointConflict');
    assert.equal(conflicts.length, 1, JSON.stringify(ended).slice(0, 600));
    const winner = E.isRight(ended[0]!) ? a : b;
    const onDisk = readdirSync(dir, { recursive: true }).map(String).filter((f) => f.endsWith('.parquet')).sort();
    assert.deepEqual(onDisk, [...winner.files()].sort());
    await assertHoldsHistory(await connect(), filesOf(dir, winner.files(), 'updates'), filesOf(dir, winner.files(), 'events'), facts);
  });
});
