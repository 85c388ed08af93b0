import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { newPglite } from '../helpers/pglite';
import { createClient, type CantonClient } from '../../src/clientFactory/createClient';
import { checkpointOf } from '../../src/streams/checkpointOf';
import type { LedgerFeedCheckpoint, LedgerFeedItem } from '../../src/streams/LedgerFeedItem';
import type { ScanFeedCheckpoint, ScanFeedItem } from '../../src/streams/ScanFeedItem';
import { drainInto } from '../../src/sinks/drainInto';
import { lastValueFrom, take, toArray } from 'rxjs';
import type { Update } from '../../src/codecs/ledger/Update';
import { itemIdentity } from '../../src/sinks/itemIdentity';
import { postgresSink } from '../../src/postgres/postgresSink';
import { mintToken, startSimulatedNetwork, type SimulatedNetwork } from '../../src/testkit/index';
import { collect } from '../helpers/collect';
import { rights } from '../helpers/results';
import { right } from '../helpers/eithers';
import { crashAndResume } from '../helpers/crashRuns';
import { foldFeed, serverAcs } from '../sinks/acsFold';

describe('exactly once across a snapshot that replaced pruned history: a writer killed with SIGKILL at random moments, resumed until done (PGlite)', function () {
  this.timeout(120_000);
  let net: SimulatedNetwork;
  let client: CantonClient;
  let alice: string;
  let token: string;
  let expected: LedgerFeedItem[];
  const seed = Number(process.env.CRASH_SEED ?? Date.now() % 100_000);
  const events = () => ({ filtersByParty: { [alice]: {} } });

  before(async () => {
    net = await startSimulatedNetwork({ seed: 23, updates: 500 });
    alice = net.party('alice');
    token = mintToken({ userId: 'alice', actAs: [alice] });
    client = createClient({ ledger: { url: net.ledgerUrl, token } });
    const updateFormat = { includeTransactions: { transactionShape: 'TRANSACTION_SHAPE_ACS_DELTA' as const, eventFormat: events() }, includeReassignments: events() };
    const all = rights(await collect(client.ledger.updates({ updateFormat }))) as Update[];
    net.prune(checkpointOf(all[Math.floor(all.length / 2)]!).offset);
    // What one uninterrupted run delivers: the marker, the snapshot, the updates after it.
    expected = rights(await collect(client.ledger.updatesWithSnapshot({ updateFormat, maxPageSize: 4 }, { snapshotPageSize: 4 }))) as LedgerFeedItem[];
    assert.ok(expected.filter((i) => '_tag' in i && i._tag === 'SnapshotContract').length > 8);
    net.setFaults({ rate: 0.2, kinds: [500, 503, 'reset', 'truncate', 'invalid-json'], seed: 6, only: { routes: ['POST /v2/updates/get-updates-page', 'POST /v2/state/active-contracts-page'] }, retryAfterSeconds: 0 });
  });
  after(() => net?.close());

  it('the sink holds the marker, the snapshot and the updates, each once, in order, folding to the participant’s state', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'canton-rx-pglite-'));
    try {
      await (await newPglite(dir)).close();
      const runs = await crashAndResume([`pglite:${dir}`, net.ledgerUrl, 'feed', '4', 'ledger', token, alice], { seed, kills: 4, maxCommits: 4, maxDelayMs: 10 });
      const why = `seed ${seed} (CRASH_SEED=${seed} replays it); runs: ${JSON.stringify(runs.map((r) => [r.end, r.commits]))}; last stderr: ${runs[runs.length - 1]?.stderr}`;
      assert.equal(runs[runs.length - 1]!.end, 0, why);
      assert.ok(runs.filter((r) => r.end === 'killed').length >= 3, why);
      const db = await PGlite.create(dir);
      try {
        const rows = (await db.query(`SELECT identity, kind, item FROM canton_rx_items WHERE stream = 'feed' ORDER BY seq`)).rows as Array<{ identity: string; kind: string; item: LedgerFeedItem }>;
        assert.deepEqual(
          rows.map((r) => r.identity),
          expected.map((i) => itemIdentity(i)!.identity),
          why,
        );
        assert.equal(rows[0]!.kind, 'snapshot');
        const stored = right(await postgresSink<LedgerFeedCheckpoint>({ db, stream: 'feed' }).load());
        assert.deepEqual(stored.checkpoint, checkpointOf(expected[expected.length - 1] as Update), why);
        net.setFaults(undefined);
        assert.deepEqual(foldFeed(rows.map((r) => r.item)), await serverAcs(client, events()), why);
      } finally {
        await db.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a Scan feed started from a snapshot, stopped inside it and resumed (PGlite)', function () {
  this.timeout(60_000);
  it('the sink holds the marker, the snapshot and the updates after it, each once, in order', async () => {
    const net = await startSimulatedNetwork({ seed: 12, updates: 300, migrations: 1 });
    const db = await newPglite();
    try {
      const scan = createClient({ scan: { url: net.scanUrl } }).scan;
      net.append(30);
      const options = { migration_id: 0, before: '2100-01-01T00:00:00Z', snapshotPageSize: 5 };
      const expected = rights(await collect(scan.updatesFromSnapshot({ page_size: 10 }, options))) as ScanFeedItem[];
      assert.ok(expected.filter((i) => '_tag' in i && i._tag === 'ScanSnapshotContract').length > 10);
      const sink = postgresSink<ScanFeedCheckpoint>({ db, stream: 'scan-snap' });
      right(await sink.createSchema());
      const drain = () => drainInto(sink, (from, pull) => scan.updatesFromSnapshot({ page_size: 10 }, { ...options, from, pull }), { readAhead: 0 });
      // Stopped after two commits: inside the snapshot.
      const first = await lastValueFrom(drain().pipe(take(2), toArray()));
      assert.equal(right(await sink.load()).checkpoint?.stream, 'scan.snapshot', JSON.stringify(first));
      await lastValueFrom(drain().pipe(toArray()));
      const rows = (await db.query(`SELECT identity FROM canton_rx_items WHERE stream = 'scan-snap' ORDER BY seq`)).rows as Array<{ identity: string }>;
      assert.deepEqual(
        rows.map((r) => r.identity),
        expected.map((i) => itemIdentity(i)!.identity),
      );
    } finally {
      await db.close();
      await net.close();
    }
  });
});
