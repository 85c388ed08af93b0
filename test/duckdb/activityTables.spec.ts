import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as E from 'fp-ts/lib/Either.js';
import { DuckDBInstance } from '@duckdb/node-api';
import { lastValueFrom, toArray } from 'rxjs';
import { createClient } from '../../src/clientFactory/createClient';
import type { ScanCheckpoint } from '../../src/streams/checkpoints';
import type { UpdateHistoryItemV2 } from '../../src/codecs/scan/UpdateHistoryItemV2';
import type { Sink } from '../../src/sinks/Sink';
import { drainInto } from '../../src/sinks/drainInto';
import { duckdbSink } from '../../src/duckdb/duckdbSink';
import { parquetSink } from '../../src/duckdb/parquetSink';
import { startSimulatedNetwork, type SimulatedNetwork } from '../../src/testkit/index';
import { collect } from '../helpers/collect';
import { rights } from '../helpers/results';
import { right } from '../helpers/eithers';
import { historyFacts } from '../helpers/historyFacts';
import { activityFacts, readActivityFacts, type ActivityFacts } from './activityFacts';
import { assertHoldsHistory } from './readBack';
import { readWithHyparquet } from './readParquet';

const connect = async () => (await DuckDBInstance.create(':memory:')).connect();

describe('the activity tables (transfers, balance_changes) through the DuckDB sink and the Parquet writer', function () {
  this.timeout(60_000);
  let net: SimulatedNetwork;
  let history: UpdateHistoryItemV2[];
  let facts: ActivityFacts;
  let dir: string;
  const retry = { initialDelayMs: 1, maxDelayMs: 5, maxRetries: 200 };

  before(async () => {
    net = await startSimulatedNetwork({ seed: 37, updates: 200, tiedRecordTimes: 0.2, shortPages: 0.2, migrations: 2 });
    history = rights(await collect(createClient({ scan: { url: net.scanUrl } }).scan.updates({ page_size: 100 }))) as UpdateHistoryItemV2[];
    facts = activityFacts(history);
    net.setFaults({ rate: 0.2, kinds: [500, 503, 'reset', 'truncate', 'invalid-json'], seed: 8, only: { routes: ['POST /api/scan/v2/updates'] }, retryAfterSeconds: 0 });
  });
  after(() => net?.close());
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'canton-rx-activity-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const drain = (sink: Sink<ScanCheckpoint>) =>
    lastValueFrom(drainInto(sink, (from, pull) => createClient({ scan: { url: net.scanUrl } }).scan.pages.updates({ page_size: 25 }, { from, pull, retry })).pipe(toArray()));

  it('the simulated history has transfers, rewards and more than one party', () => {
    assert.ok(facts.transfers >= 10, `${facts.transfers} transfers`);
    assert.ok(Object.keys(facts.balanceByParty).length >= 2, JSON.stringify(facts.balanceByParty));
  });

  it('DuckDB: amounts DECIMAL(38,10) and timestamps; per-party sums, per-sender fees and transfers per day equal the activity, each transfer once', async () => {
    const db = await connect();
    const sink = duckdbSink<ScanCheckpoint>({ db, stream: 'scan', activity: true });
    right(await sink.createSchema());
    const commits = await drain(sink);
    assert.ok(commits.every(E.isRight), JSON.stringify(commits.filter(E.isLeft)).slice(0, 400));
    const types = Object.fromEntries((await db.runAndReadAll('DESCRIBE balance_changes')).getRowObjectsJson().map((r) => [r.column_name, r.column_type]));
    assert.equal(types.amount, 'DECIMAL(38,10)');
    assert.equal(types.record_time, 'TIMESTAMP WITH TIME ZONE');
    const back = await readActivityFacts(db, sink.tables.transfers, sink.tables.balance_changes);
    assert.equal(back.distinctTransfers, facts.transfers);
    assert.deepEqual({ ...back, distinctTransfers: undefined }, { ...facts, distinctTransfers: undefined });
    await assertHoldsHistory(db, 'updates', 'events', historyFacts(history));
  });

  it('DuckDB without the option: no activity tables made', async () => {
    const db = await connect();
    right(await duckdbSink<ScanCheckpoint>({ db, stream: 'scan' }).createSchema());
    const tables = (await db.runAndReadAll('SELECT table_name FROM information_schema.tables ORDER BY 1')).getRowObjectsJson().map((r) => r.table_name);
    assert.deepEqual(tables, ['canton_rx_checkpoints', 'events', 'updates']);
  });

  it('Parquet: transfers/ and balance_changes/ partitioned by migration and day; DuckDB reads the activity exactly, hyparquet the same rows as DECIMAL(38,10)', async () => {
    const sink = parquetSink<ScanCheckpoint>({ db: await connect(), dir, stageDir: join(dir, '_canton_rx'), stream: 'scan', maxRows: 2000, activity: true });
    right(await sink.createSchema());
    const commits = await drain(sink);
    assert.ok(commits.every(E.isRight), JSON.stringify(commits.filter(E.isLeft)).slice(0, 400));
    const files = sink.files();
    const of = (t: string) => files.filter((f) => f.startsWith(`${t}/`));
    assert.ok(of('transfers').every((f) => /^transfers\/migration=\d+\/day=\d{4}-\d{2}-\d{2}\/part-\d{6}-scan\.parquet$/.test(f)), files.join('\n'));
    const read = (t: string) => `read_parquet([${of(t).map((f) => `'${join(dir, f)}'`).join(', ')}], hive_partitioning = true)`;
    const back = await readActivityFacts(await connect(), read('transfers'), read('balance_changes'));
    assert.equal(back.distinctTransfers, facts.transfers);
    assert.deepEqual({ ...back, distinctTransfers: undefined }, { ...facts, distinctTransfers: undefined });
    // hyparquet, sharing no code with DuckDB: the same transfers, and amounts whose schema is DECIMAL(38,10) (it gives them as numbers: close, not exact).
    const transfers = await readWithHyparquet(dir, of('transfers'));
    assert.equal(new Set(transfers.map((t) => `${String(t.update_id)}#${String(t.event_id)}`)).size, facts.transfers);
    assert.equal(transfers.length, facts.transfers);
    const { parquetMetadata } = (await import('hyparquet')) as unknown as { parquetMetadata(b: ArrayBuffer): { schema: Array<{ name: string; precision?: number; scale?: number }> } };
    const bytes = (await import('node:fs')).readFileSync(join(dir, of('balance_changes')[0]!));
    const amount = parquetMetadata(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength)).schema.find((s) => s.name === 'amount')!;
    assert.deepEqual([amount.precision, amount.scale], [38, 10]);
    const changes = await readWithHyparquet(dir, of('balance_changes'));
    const byParty = new Map<string, number>();
    for (const c of changes) byParty.set(String(c.party), (byParty.get(String(c.party)) ?? 0) + Number(c.amount));
    for (const [party, exact] of Object.entries(facts.balanceByParty)) assert.ok(Math.abs(byParty.get(party)! - Number(exact)) <= Math.abs(Number(exact)) * 1e-9 + 1e-6, `${party}: ${byParty.get(party)} vs ${exact}`);
  });
});
