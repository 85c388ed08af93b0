import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import { createClient } from '../../src/clientFactory/createClient';
import { checkpointOf } from '../../src/streams/checkpointOf';
import type { ImportUpdatesCheckpoint } from '../../src/streams/checkpoints';
import type { ScanGroup } from '../../src/scan/createScanGroup';
import type { UpdateHistoryItem } from '../../src/codecs/scan/UpdateHistoryItem';
import { startSimulatedNetwork, type SimulatedNetwork } from '../../src/testkit/index';
import { startServer, type TestServer } from '../helpers/server';
import { collect } from '../helpers/collect';
import { rights } from '../helpers/results';

type Obj = Record<string, unknown>;

describe('scan.importUpdates (stream against the simulated network)', function () {
  this.timeout(60_000);
  let net: SimulatedNetwork;
  let scan: ScanGroup;
  let migration: number;
  let whole: Obj[];
  before(async () => {
    net = await startSimulatedNetwork({ seed: 'scan-import', updates: 120, migrations: 2, shortPages: 0.5 });
    scan = createClient({ scan: { url: net.scanUrl } }).scan;
    migration = net.info().migrationIds[1]!;
    const res = await fetch(`${net.scanUrl}/v0/backfilling/import-updates`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ migration_id: migration, after_update_id: '', limit: 1000 }) });
    whole = ((await res.json()) as { transactions: Obj[] }).transactions;
    assert.ok(whole.length > 10);
  });
  after(() => net.close());

  it("reads a migration's import updates exactly, in update id order", async () => {
    const items = rights(await collect(scan.importUpdates({ migration_id: migration, after_update_id: '', limit: 4 })));
    assert.deepEqual(JSON.parse(JSON.stringify(items)), whole);
  });

  it('resuming from the checkpoint of any item gives exactly the ones after it', async () => {
    const request = { migration_id: migration, after_update_id: '', limit: 9 };
    const items = rights(await collect(scan.importUpdates(request)));
    const ids = items.map((i) => i.update_id);
    for (let i = 0; i < items.length; i++) {
      const from = JSON.parse(JSON.stringify(checkpointOf(items[i]!, 'scan.importUpdates'))) as ImportUpdatesCheckpoint;
      assert.deepEqual(from, { stream: 'scan.importUpdates', migration_id: migration, update_id: ids[i] });
      assert.deepEqual(rights(await collect(scan.importUpdates(request, { from }))).map((u) => u.update_id), ids.slice(i + 1), `after item ${i}`);
    }
  });
});

describe('scan.importUpdates (invariants against a loopback Scan)', () => {
  let server: TestServer;
  let pages: Obj[][];
  let scan: ScanGroup;
  const tx = (id: string): Obj => ({
    update_id: id, migration_id: 2, workflow_id: '', record_time: '1970-01-01T00:00:00.000000Z', synchronizer_id: 'sync::1', effective_at: '2026-01-01T00:00:00Z', offset: '000000000000000000', root_event_ids: [], events_by_id: {},
  });
  before(async () => {
    server = await startServer(() => ({ body: { transactions: pages.shift() ?? [] } }));
    scan = createClient({ scan: { url: `${server.url}/api/scan` } }).scan;
  });
  after(() => server.close());
  const idsOf = (rs: Array<E.Either<unknown, UpdateHistoryItem>>) => rs.map((r) => (E.isRight(r) ? r.right.update_id : `Left:${(r.left as { reason: string }).reason}`));

  it('an update id not after the last one delivered is an invariant Left after the valid ones', async () => {
    pages = [[tx('a1'), tx('a2')], [tx('a3'), tx('a2')]];
    assert.deepEqual(idsOf(await collect(scan.importUpdates({ migration_id: 2, after_update_id: '', limit: 2 }))), ['a1', 'a2', 'a3', 'Left:invariant']);
  });
});
