import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import { DuckDBInstance } from '@duckdb/node-api';
import { lastValueFrom, toArray } from 'rxjs';
import { createClient } from '../../src/clientFactory/createClient';
import { checkpointOf } from '../../src/streams/checkpointOf';
import type { ScanCheckpoint } from '../../src/streams/checkpoints';
import type { UpdateHistoryItemV2 } from '../../src/codecs/scan/UpdateHistoryItemV2';
import { drainInto } from '../../src/sinks/drainInto';
import { duckdbSink } from '../../src/duckdb/duckdbSink';
import { startSimulatedNetwork, type SimulatedNetwork } from '../../src/testkit/index';
import { collect } from '../helpers/collect';
import { rights } from '../helpers/results';
import { right } from '../helpers/eithers';
import { historyFacts, type HistoryFacts } from '../helpers/historyFacts';
import { assertHoldsHistory } from './readBack';

const connect = async () => (await DuckDBInstance.create(':memory:')).connect();

describe('duckdbSink: the history in DuckDB, a page and its checkpoint in one transaction', function () {
  this.timeout(60_000);
  let net: SimulatedNetwork;
  let history: UpdateHistoryItemV2[];
  let facts: HistoryFacts;
  const retry = { initialDelayMs: 1, maxDelayMs: 5, maxRetries: 200 };

  before(async () => {
    net = await startSimulatedNetwork({ seed: 29, updates: 240, tiedRecordTimes: 0.2, shortPages: 0.2 });
    history = rights(await collect(createClient({ scan: { url: net.scanUrl } }).scan.updates({ page_size: 100 }))) as UpdateHistoryItemV2[];
    facts = historyFacts(history);
    net.setFaults({ rate: 0.2, kinds: [500, 503, 'reset', 'truncate', 'invalid-json'], seed: 5, only: { routes: ['POST /api/scan/v2/updates'] }, retryAfterSeconds: 0 });
  });
  after(() => net?.close());

  const drain = (sink: ReturnType<typeof duckdbSink<ScanCheckpoint>>, pageSize = 25) =>
    lastValueFrom(drainInto(sink, (from, pull) => createClient({ scan: { url: net.scanUrl } }).scan.pages.updates({ page_size: pageSize }, { from, pull, retry })).pipe(toArray()));

  it('stores a whole history through faults: counts, distinct ids, per-day counts and per-template sums equal the source', async () => {
    const db = await connect();
    const sink = duckdbSink<ScanCheckpoint>({ db, stream: 'scan' });
    right(await sink.createSchema());
    const commits = await drain(sink);
    assert.ok(commits.every(E.isRight), JSON.stringify(commits.filter(E.isLeft)).slice(0, 400));
    await assertHoldsHistory(db, 'updates', 'events', facts);
    assert.deepEqual(right(await sink.load()).checkpoint, checkpointOf(history[history.length - 1]!));
  });

  it('resumes after the last commit: a second run after a stop stores the rest, nothing twice', async () => {
    const client = createClient({ scan: { url: net.scanUrl } });
    const db2 = await connect();
    const sink2 = duckdbSink<ScanCheckpoint>({ db: db2, stream: 'scan' });
    right(await sink2.createSchema());
    let commits = 0;
    await new Promise<void>((resolve) => {
      const sub = drainInto(sink2, (from, pull) => client.scan.pages.updates({ page_size: 20 }, { from, pull, retry }), { readAhead: 0 }).subscribe((r) => {
        assert.ok(E.isRight(r));
        if (++commits === 3) {
          sub.unsubscribe();
          resolve();
        }
      });
    });
    const stored = right(await sink2.load());
    assert.equal(stored.revision, 3);
    const rest = await drain(sink2);
    assert.ok(rest.every(E.isRight));
    await assertHoldsHistory(db2, 'updates', 'events', facts);
  });

  it('two writers of one stream: one commit wins, the other stops with a CheckpointConflict, nothing of it stored', async () => {
    const instance = await DuckDBInstance.create(':memory:');
    const [a, b] = [await instance.connect(), await instance.connect()];
    right(await duckdbSink({ db: a, stream: 'two' }).createSchema());
    const [ra, rb] = await Promise.all([drain(duckdbSink<ScanCheckpoint>({ db: a, stream: 'two' }), 10), drain(duckdbSink<ScanCheckpoint>({ db: b, stream: 'two' }), 10)]);
    const ended = [ra, rb].map((r) => r[r.length - 1]!);
    const conflicts = ended.filter((r) => E.isLeft(r) && r.left._tag === 'CheckpointConflict');
    assert.equal(conflicts.length, 1, JSON.stringify(ended).slice(0, 600));
    await assertHoldsHistory(a, 'updates', 'events', facts);
  });

  it('refuses a bad table prefix and a stale revision with Lefts, never a throw', async () => {
    const db = await connect();
    const bad = duckdbSink<ScanCheckpoint>({ db, stream: 's', tablePrefix: 'x; DROP' });
    const created = await bad.createSchema();
    assert.ok(E.isLeft(created) && created.left._tag === 'StoreFailure' && /prefix/.test(created.left.message));
    const sink = duckdbSink<ScanCheckpoint>({ db, stream: 's' });
    right(await sink.createSchema());
    const cp = checkpointOf(history[0]!);
    assert.equal(right(await sink.commit([history[0]!], cp, 0)), 1);
    const stale = await sink.commit([history[1]!], cp, 0);
    assert.ok(E.isLeft(stale) && stale.left._tag === 'CheckpointConflict', JSON.stringify(stale));
    const n = (await db.runAndReadAll('SELECT count(*) AS n FROM updates')).getRowObjectsJson()[0]!.n;
    assert.equal(Number(n), 1);
  });
});
