import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import { lastValueFrom, toArray } from 'rxjs';
import { createClient, type CantonClient } from '../../src/clientFactory/createClient';
import { checkpointOf } from '../../src/streams/checkpointOf';
import type { LedgerCheckpoint, ScanCheckpoint } from '../../src/streams/checkpoints';
import type { SinkItem } from '../../src/sinks/Sink';
import type { UpdateHistoryItemV2 } from '../../src/codecs/scan/UpdateHistoryItemV2';
import { drainInto, type DrainOptions } from '../../src/sinks/drainInto';
import { postgresSink } from '../../src/postgres/postgresSink';
import type { SqlClient } from '../../src/postgres/SqlClient';
import { startSimulatedNetwork, type SimulatedNetwork } from '../../src/testkit/index';
import { collect } from '../helpers/collect';
import { rights } from '../helpers/results';
import { requireOrSkip } from '../helpers/localServers';
import { allRight, right } from '../helpers/eithers';
import { engines } from './engines';


for (const engine of engines) {
  describe(`postgresSink on ${engine.name}`, function () {
    this.timeout(60_000);
    let net: SimulatedNetwork;
    let client: CantonClient;
    let running: Awaited<ReturnType<typeof engine.start>> | undefined;
    let db: SqlClient;
    let history: UpdateHistoryItemV2[];

    before(async function () {
      requireOrSkip(this, engine.missing());
      net = await startSimulatedNetwork({ seed: 13, updates: 150, tiedRecordTimes: 0.3, shortPages: 0.3 });
      client = createClient({ scan: { url: net.scanUrl } });
      history = rights(await collect(client.scan.updates({ page_size: 40 }))) as UpdateHistoryItemV2[];
      running = await engine.start();
      db = await running.connect();
    });
    after(async () => {
      await net?.close();
      await running?.stop();
    });

    const scanInto = (sink: ReturnType<typeof postgresSink<ScanCheckpoint>>, options: DrainOptions = {}) =>
      lastValueFrom(drainInto(sink, (from, pull) => client.scan.updates({ page_size: 25 }, { from, pull }), options).pipe(toArray()));

    const storedIds = async (stream: string, prefix = 'canton_rx_') =>
      (await db.query(`SELECT update_id FROM "${prefix}items" WHERE stream = $1 ORDER BY seq`, [stream])).rows.map((r: { update_id: string }) => r.update_id);

    it('creates its schema (twice is fine); nothing stored: revision 0', async () => {
      const sink = postgresSink<ScanCheckpoint>({ db, stream: 'empty' });
      right(await sink.createSchema());
      right(await sink.createSchema());
      assert.deepEqual(right(await sink.load()), { checkpoint: undefined, revision: 0 });
      const columns = (await db.query(`SELECT column_name FROM information_schema.columns WHERE table_name = 'canton_rx_items' ORDER BY ordinal_position`)).rows.map((r: { column_name: string }) => r.column_name);
      assert.deepEqual(columns, ['stream', 'seq', 'identity', 'update_id', 'migration_id', 'record_time', 'offset', 'kind', 'item']);
    });

    it('drains a Scan history: each item once, in order, with its columns, one commit per page; a second run stores nothing', async () => {
      const sink = postgresSink<ScanCheckpoint>({ db, stream: 'scan-a' });
      right(await sink.createSchema());
      const commits = allRight(await scanInto(sink, { readAhead: 0 }));
      assert.deepEqual(await storedIds('scan-a'), history.map((i) => i.update_id));
      assert.equal(commits.reduce((n, c) => n + c.items, 0), history.length);
      assert.ok(commits.every((c) => c.items <= 25));
      const stored = right(await sink.load());
      assert.deepEqual(stored, { checkpoint: checkpointOf(history[history.length - 1]!), revision: commits.length });
      const again = await scanInto(sink);
      assert.deepEqual(again, []);
      assert.equal((await storedIds('scan-a')).length, history.length);
      const row = (await db.query(`SELECT identity, migration_id::float8 AS m, kind, item, to_char(record_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS rt FROM canton_rx_items WHERE stream = 'scan-a' ORDER BY seq LIMIT 1`)).rows[0] as {
        identity: string;
        m: number;
        kind: string;
        item: unknown;
        rt: string;
      };
      const first = history[0]!;
      const cp = checkpointOf(first);
      assert.deepEqual(row, { identity: `${cp.migration_id}:${first.update_id}`, m: cp.migration_id, kind: 'event' in first ? row.kind : 'transaction', item: first, rt: cp.record_time });
    });

    it('cuts a page into batches of batchSize items, each its own commit', async () => {
      const sink = postgresSink<ScanCheckpoint>({ db, stream: 'scan-batches' });
      const commits = allRight(await lastValueFrom(drainInto(sink, (from, pull) => client.scan.updates({ page_size: 50 }, { from, pull }), { batchSize: 7 }).pipe(toArray())));
      assert.ok(commits.every((c) => c.items <= 7));
      assert.deepEqual(await storedIds('scan-batches'), history.map((i) => i.update_id));
    });

    it('two writers of one stream: the second fails with a CheckpointConflict and stores nothing', async () => {
      const other = await running!.connect();
      const a = postgresSink<ScanCheckpoint>({ db, stream: 'fenced' });
      const b = postgresSink<ScanCheckpoint>({ db: other, stream: 'fenced' });
      const ra = right(await a.load()).revision;
      const rb = right(await b.load()).revision;
      const first = history.slice(0, 5);
      const [x, y] = await Promise.all([a.commit(first, checkpointOf(first[4]!), ra), b.commit(history.slice(0, 9), checkpointOf(history[8]!), rb)]);
      const results = [x, y];
      assert.equal(results.filter(E.isRight).length, 1);
      const lost = results.find(E.isLeft)!;
      assert.ok(E.isLeft(lost) && lost.left._tag === 'CheckpointConflict');
      assert.match(lost.left.message, /^postgres:fenced: .*another writer/);
      assert.deepEqual(lost.left._tag === 'CheckpointConflict' && [lost.left.expected, lost.left.actual], [0, 1]);
      const ids = await storedIds('fenced');
      assert.ok(ids.length === 5 || ids.length === 9);
      // The winner goes on; the loser, from its stale revision, fails again.
      const winner = E.isRight(x) ? a : b;
      assert.equal(right(await winner.commit(history.slice(9, 12), checkpointOf(history[11]!), 1)), 2);
      const stale = await (winner === a ? b : a).commit(history.slice(9, 12), checkpointOf(history[11]!), 1);
      assert.ok(E.isLeft(stale) && stale.left._tag === 'CheckpointConflict');
    });

    it('idempotent by identity: an item already stored is not stored again', async () => {
      const sink = postgresSink<ScanCheckpoint>({ db, stream: 'twice' });
      right(await sink.commit(history.slice(0, 4), checkpointOf(history[3]!), 0));
      right(await sink.commit(history.slice(2, 6), checkpointOf(history[5]!), 1));
      assert.deepEqual(await storedIds('twice'), history.slice(0, 6).map((i) => i.update_id));
    });

    it('seq numbers only the stored items: an item without identity (a ledger OffsetCheckpoint) takes no number, so ORDER BY seq is stream order with no two rows alike', async () => {
      const sink = postgresSink<LedgerCheckpoint>({ db, stream: 'ledger-seq' });
      right(await sink.createSchema());
      const tx = (offset: number, updateId: string) =>
        ({ Transaction: { value: { updateId, commandId: '', workflowId: '', effectiveAt: '2024-01-01T00:00:00Z', events: [], offset, synchronizerId: 'sync::1', traceContext: null, recordTime: '2024-01-01T00:00:00Z' } } }) as unknown as SinkItem;
      const offsetCheckpoint = { OffsetCheckpoint: { value: { offset: 2, synchronizerTimes: [] } } } as unknown as SinkItem;
      right(await sink.commit([tx(1, 'u1'), offsetCheckpoint, tx(3, 'u3')], { stream: 'ledger.updates', offset: 3 }, 0));
      right(await sink.commit([tx(4, 'u4')], { stream: 'ledger.updates', offset: 4 }, 1));
      const rows = (await db.query(`SELECT seq::float8 AS seq, update_id FROM canton_rx_items WHERE stream = 'ledger-seq' ORDER BY seq`)).rows as Array<{ seq: number; update_id: string }>;
      assert.deepEqual(
        rows.map((r) => r.update_id),
        ['u1', 'u3', 'u4'],
      );
      assert.equal(new Set(rows.map((r) => r.seq)).size, rows.length, `seq repeated: ${JSON.stringify(rows)}`);
    });

    it('a stream that fails: what came before is stored, then the Left ends the run', async () => {
      const sink = postgresSink<ScanCheckpoint>({ db, stream: 'failing' });
      net.setFaults({ rate: 1, kinds: [500], only: { routes: ['POST /api/scan/v2/updates'] } });
      try {
        const out = await scanInto(sink);
        assert.equal(out.length, 1);
        assert.ok(E.isLeft(out[0]!) && out[0].left._tag === 'HttpError');
      } finally {
        net.setFaults(undefined);
      }
      assert.deepEqual(right(await sink.load()), { checkpoint: undefined, revision: 0 });
    });

    it('bad options and database errors are StoreFailures, never throws', async () => {
      const bad = postgresSink({ db, stream: 's', tablePrefix: 'x; DROP TABLE y' });
      const r = await bad.load();
      assert.ok(E.isLeft(r) && r.left._tag === 'StoreFailure' && /tablePrefix/.test(r.left.message));
      const missing = postgresSink({ db, stream: 's', tablePrefix: 'never_created_' });
      const m = await missing.commit([], { stream: 'ledger.updates', offset: 1 }, 0);
      assert.ok(E.isLeft(m) && m.left._tag === 'StoreFailure');
      assert.match(m.left.message, /never_created_checkpoints/);
      // The connection is still usable after the rolled back transaction.
      assert.deepEqual(right(await postgresSink({ db, stream: 'empty' }).load()), { checkpoint: undefined, revision: 0 });
    });
  });
}
