import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { createClient } from '../../src/clientFactory/createClient';
import { checkpointOf } from '../../src/streams/checkpointOf';
import type { ScanCheckpoint } from '../../src/streams/checkpoints';
import type { UpdateHistoryItemV2 } from '../../src/codecs/scan/UpdateHistoryItemV2';
import { duckdbSink } from '../../src/duckdb/duckdbSink';
import { parquetSink } from '../../src/duckdb/parquetSink';
import { startSimulatedNetwork, type SimulatedNetwork } from '../../src/testkit/index';
import { collect } from '../helpers/collect';
import { rights } from '../helpers/results';
import { right } from '../helpers/eithers';
import { crashAndResume } from '../helpers/crashRuns';
import { historyFacts, type HistoryFacts } from '../helpers/historyFacts';
import { assertHoldsHistory } from './readBack';
import { readWithHyparquet } from './readParquet';
import { activityFacts, readActivityFacts, type ActivityFacts } from './activityFacts';

describe('DuckDB and Parquet exactly once through crashes: a writer killed with SIGKILL at random moments, resumed until done', function () {
  this.timeout(120_000);
  let net: SimulatedNetwork;
  let history: UpdateHistoryItemV2[];
  let facts: HistoryFacts;
  let activity: ActivityFacts;
  let dir: string;
  const seed = Number(process.env.CRASH_SEED ?? Date.now() % 100_000);

  before(async () => {
    net = await startSimulatedNetwork({ seed: 17, updates: 150, tiedRecordTimes: 0.2, shortPages: 0.2, migrations: 2 });
    history = rights(await collect(createClient({ scan: { url: net.scanUrl } }).scan.updates({ page_size: 100 }))) as UpdateHistoryItemV2[];
    facts = historyFacts(history);
    activity = activityFacts(history);
    net.setFaults({ rate: 0.2, kinds: [500, 503, 'reset', 'truncate', 'invalid-json'], seed: 4, only: { routes: ['POST /api/scan/v2/updates'] }, retryAfterSeconds: 0 });
  });
  after(() => net?.close());
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'canton-rx-duckdb-crash-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const why = (runs: Awaited<ReturnType<typeof crashAndResume>>) =>
    `seed ${seed} (CRASH_SEED=${seed} replays it); runs: ${JSON.stringify(runs.map((r) => [r.end, r.commits]))}; last stderr: ${runs[runs.length - 1]?.stderr}`;

  it('DuckDB (a database file): the tables hold exactly the history, each update and event once', async () => {
    const file = join(dir, 'history.duckdb');
    const runs = await crashAndResume([`duckdb:${file}`, net.scanUrl, 'crash', '20', 'scan-activity'], { seed, kills: 3, maxCommits: 3, maxDelayMs: 15 });
    assert.equal(runs[runs.length - 1]!.end, 0, why(runs));
    assert.ok(runs.filter((r) => r.end === 'killed').length >= 3, why(runs));
    const instance = await DuckDBInstance.create(file);
    const db = await instance.connect();
    try {
      await assertHoldsHistory(db, 'updates', 'events', facts, why(runs));
      const back = await readActivityFacts(db, 'transfers', 'balance_changes');
      assert.deepEqual(back, { ...activity, distinctTransfers: activity.transfers }, `the activity tables ${why(runs)}`);
      assert.deepEqual(right(await duckdbSink<ScanCheckpoint>({ db, stream: 'crash' }).load()).checkpoint, checkpointOf(history[history.length - 1]!), why(runs));
    } finally {
      db.closeSync();
      instance.closeSync();
    }
  });

  it('Parquet (a folder): the files the manifest names hold exactly the history, no temporary or orphan file left; hyparquet agrees', async () => {
    const runs = await crashAndResume([`parquet:${dir}`, net.scanUrl, 'crash', '20', 'scan-activity'], { seed, kills: 3, maxCommits: 3, maxDelayMs: 15 });
    assert.equal(runs[runs.length - 1]!.end, 0, why(runs));
    assert.ok(runs.filter((r) => r.end === 'killed').length >= 3, why(runs));
    const db = await (await DuckDBInstance.create(':memory:')).connect();
    const sink = parquetSink<ScanCheckpoint>({ db, dir, stageDir: join(dir, '_canton_rx'), stream: 'crash' });
    const loaded = right(await sink.load());
    assert.deepEqual(loaded.checkpoint, checkpointOf(history[history.length - 1]!), why(runs));
    const files = sink.files();
    // Every file on disk is one the manifest names: a glob reads the same rows.
    const onDisk = readdirSync(dir, { recursive: true }).map(String).filter((f) => !f.startsWith('_canton_rx')).filter((f) => /\.(parquet|tmp)$/.test(f)).sort();
    assert.deepEqual(onDisk, [...files].sort(), why(runs));
    await assertHoldsHistory(db, `read_parquet('${dir}/updates/*/*/*.parquet')`, `read_parquet('${dir}/events/*/*/*.parquet')`, facts, why(runs));
    const back = await readActivityFacts(db, `read_parquet('${dir}/transfers/*/*/*.parquet')`, `read_parquet('${dir}/balance_changes/*/*/*.parquet')`);
    assert.deepEqual(back, { ...activity, distinctTransfers: activity.transfers }, `the activity tables ${why(runs)}`);
    const updates = await readWithHyparquet(dir, files.filter((f) => f.startsWith('updates/')));
    assert.deepEqual(updates.map((u) => String(u.update_id)).sort(), facts.ids, why(runs));
    const events = await readWithHyparquet(dir, files.filter((f) => f.startsWith('events/')));
    assert.equal(events.length, facts.events, why(runs));
  });
});
