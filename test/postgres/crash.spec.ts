import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as E from 'fp-ts/lib/Either.js';
import { PGlite } from '@electric-sql/pglite';
import { newPglite } from '../helpers/pglite';
import { lastValueFrom, toArray } from 'rxjs';
import { createClient } from '../../src/clientFactory/createClient';
import { checkpointOf } from '../../src/streams/checkpointOf';
import type { ScanCheckpoint } from '../../src/streams/checkpoints';
import type { UpdateHistoryItemV2 } from '../../src/codecs/scan/UpdateHistoryItemV2';
import { drainInto } from '../../src/sinks/drainInto';
import { postgresSink } from '../../src/postgres/postgresSink';
import type { SqlClient } from '../../src/postgres/SqlClient';
import { startSimulatedNetwork, type SimulatedNetwork } from '../../src/testkit/index';
import { collect } from '../helpers/collect';
import { rights } from '../helpers/results';
import { right } from '../helpers/eithers';
import { requireOrSkip } from '../helpers/localServers';
import { crashAndResume } from '../helpers/crashRuns';
import { postgresMissing, startPostgres, type PostgresServer } from '../helpers/postgresServer';

/** What the sink holds for a stream, in seq order, and whether seq rises strictly. */
const storedIn = async (db: SqlClient, stream: string) => {
  const rows = (await db.query(`SELECT update_id, seq::float8 AS seq FROM canton_rx_items WHERE stream = $1 ORDER BY seq`, [stream])).rows as Array<{ update_id: string; seq: number }>;
  return { ids: rows.map((r) => r.update_id), seqs: rows.map((r) => r.seq) };
};

describe('exactly once through crashes: a writer killed with SIGKILL at random moments, resumed until done', function () {
  this.timeout(120_000);
  let net: SimulatedNetwork;
  let history: UpdateHistoryItemV2[];
  const seed = Number(process.env.CRASH_SEED ?? Date.now() % 100_000);

  before(async () => {
    net = await startSimulatedNetwork({ seed: 17, updates: 300, tiedRecordTimes: 0.2, shortPages: 0.2 });
    history = rights(await collect(createClient({ scan: { url: net.scanUrl } }).scan.updates({ page_size: 100 }))) as UpdateHistoryItemV2[];
    // Faults on every history page the writers ask for; they retry.
    net.setFaults({ rate: 0.2, kinds: [500, 503, 'reset', 'truncate', 'invalid-json'], seed: 4, only: { routes: ['POST /api/scan/v2/updates'] }, retryAfterSeconds: 0 });
  });
  after(() => net?.close());

  const check = async (db: SqlClient, stream: string, runs: Awaited<ReturnType<typeof crashAndResume>>) => {
    const why = `seed ${seed} (CRASH_SEED=${seed} replays it); runs: ${JSON.stringify(runs.map((r) => [r.end, r.commits]))}; last stderr: ${runs[runs.length - 1]?.stderr}`;
    assert.equal(runs[runs.length - 1]!.end, 0, why);
    assert.ok(runs.filter((r) => r.end === 'killed').length >= 3, why);
    const { ids, seqs } = await storedIn(db, stream);
    assert.deepEqual(ids, history.map((i) => i.update_id), why);
    assert.ok(seqs.every((s, i) => i === 0 || s > seqs[i - 1]!), why);
    const stored = right(await postgresSink<ScanCheckpoint>({ db, stream }).load());
    assert.deepEqual(stored.checkpoint, checkpointOf(history[history.length - 1]!), why);
  };

  it('PGlite (a data folder on disk): the sink holds exactly the history, each item once, in order', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'canton-rx-pglite-'));
    try {
      // The data folder starts from the tests' template cluster (see newPglite): initdb in a child would take seconds.
      await (await newPglite(dir)).close();
      const runs = await crashAndResume([`pglite:${dir}`, net.scanUrl, 'crash', '20'], { seed, kills: 3, maxCommits: 3, maxDelayMs: 15 });
      const db = await PGlite.create(dir);
      try {
        await check(db, 'crash', runs);
      } finally {
        await db.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  describe('PostgreSQL 15', () => {
    let server: PostgresServer | undefined;
    before(async function () {
      requireOrSkip(this, postgresMissing());
      server = await startPostgres();
    });
    after(() => server?.stop());

    it('the sink holds exactly the history, each item once, in order', async () => {
      const runs = await crashAndResume([`pg:${server!.url}`, net.scanUrl, 'crash', '20'], { seed, kills: 5, maxCommits: 2, maxDelayMs: 15 });
      const db = await server!.connect();
      try {
        await check(db, 'crash', runs);
      } finally {
        await db.end();
      }
    });

    it('two writers started on one stream: one fails with a CheckpointConflict, nothing is interleaved', async () => {
      const [a, b] = [await server!.connect(), await server!.connect()];
      try {
        const client = createClient({ scan: { url: net.scanUrl } });
        const retry = { initialDelayMs: 1, maxDelayMs: 5, maxRetries: 200 };
        const writer = (db: SqlClient) =>
          lastValueFrom(drainInto(postgresSink<ScanCheckpoint>({ db, stream: 'two' }), (from, pull) => client.scan.updates({ page_size: 10 }, { from, pull, retry })).pipe(toArray()));
        right(await postgresSink({ db: a, stream: 'two' }).createSchema());
        const [ra, rb] = await Promise.all([writer(a), writer(b)]);
        const ended = [ra, rb].map((r) => r[r.length - 1]!);
        const conflicts = ended.filter((r) => E.isLeft(r) && r.left._tag === 'CheckpointConflict');
        assert.equal(conflicts.length, 1, JSON.stringify(ended));
        // The loser stopped at its conflict; the winner drained everything, once, in order.
        const { ids } = await storedIn(a, 'two');
        assert.deepEqual(ids, history.map((i) => i.update_id));
      } finally {
        await Promise.all([a.end(), b.end()]);
      }
    });
  });
});
