import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import { createClient } from '../../src/clientFactory/createClient';
import { checkpointOf } from '../../src/streams/checkpointOf';
import type { UpdatesBeforeCheckpoint } from '../../src/streams/checkpoints';
import type { ScanGroup } from '../../src/scan/createScanGroup';
import type { UpdateHistoryItem } from '../../src/codecs/scan/UpdateHistoryItem';
import { startSimulatedNetwork, type SimulatedNetwork } from '../../src/testkit/index';
import { startServer, type TestServer } from '../helpers/server';
import { collect } from '../helpers/collect';
import { rights } from '../helpers/results';

type Obj = Record<string, unknown>;
const migrationOf = (i: Obj): number => (i['migration_id'] ?? (i['event'] as Obj)['migration_id']) as number;
const synchronizerOf = (i: Obj): string => {
  if ('synchronizer_id' in i) return i['synchronizer_id'] as string;
  const e = i['event'] as Obj;
  return ('created_event' in e ? e['target_synchronizer'] : e['source_synchronizer']) as string;
};

describe('scan.updatesBefore (stream against the simulated network)', function () {
  this.timeout(60_000);
  let net: SimulatedNetwork;
  let scan: ScanGroup;
  let expected: Obj[];
  let request: { migration_id: number; synchronizer_id: string; before: string; count: number };
  before(async () => {
    // Short pages: a page shorter than `count` is not the end.
    net = await startSimulatedNetwork({ seed: 'scan-before', updates: 150, migrations: 1, shortPages: 0.5 });
    scan = createClient({ scan: { url: net.scanUrl } }).scan;
    const res = await fetch(`${net.scanUrl}/v1/updates`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ page_size: 1000 }) });
    const history = ((await res.json()) as { transactions: Obj[] }).transactions;
    const last = history.at(-1)!;
    const synchronizer = synchronizerOf(history.find((i) => 'synchronizer_id' in i)!);
    request = { migration_id: migrationOf(last), synchronizer_id: synchronizer, before: '2999-01-01T00:00:00Z', count: 40 };
    expected = history.filter((i) => migrationOf(i) === request.migration_id && synchronizerOf(i) === synchronizer).reverse();
    assert.ok(expected.length > 50);
  });
  after(() => net.close());

  it("walks the synchronizer's whole history backwards, newest first, exactly", async () => {
    const items = rights(await collect(scan.updatesBefore(request)));
    assert.deepEqual(JSON.parse(JSON.stringify(items)), expected);
  });

  it('stops at at_or_after', async () => {
    const floor = expected[20]!['record_time'] as string;
    const items = rights(await collect(scan.updatesBefore({ ...request, at_or_after: floor })));
    assert.deepEqual(items.map((i) => i.update_id), expected.slice(0, 21).map((i) => i['update_id']));
  });

  it('resuming from the checkpoint of any item (the oldest delivered) continues below it, exactly', async () => {
    const items = rights(await collect(scan.updatesBefore(request)));
    const ids = items.map((i) => i.update_id);
    for (let i = 0; i < items.length; i++) {
      const cp = checkpointOf(items[i]!, 'scan.updatesBefore');
      assert.ok(cp);
      assert.equal(cp.update_id, ids[i]);
      const from = JSON.parse(JSON.stringify(cp)) as UpdatesBeforeCheckpoint;
      const rest = rights(await collect(scan.updatesBefore(request, { from })));
      assert.deepEqual(rest.map((u) => u.update_id), ids.slice(i + 1), `below item ${i}`);
    }
  });

  it("a checkpoint of another synchronizer is an InvalidRequest, before any request", async () => {
    const from: UpdatesBeforeCheckpoint = { stream: 'scan.updatesBefore', migration_id: request.migration_id, synchronizer_id: 'other::1220', record_time: '2026-01-01T00:00:00Z', update_id: 'u' };
    const [r] = await collect(scan.updatesBefore(request, { from }));
    assert.ok(r && E.isLeft(r) && r.left._tag === 'InvalidRequest');
  });
});

describe('scan.updatesBefore (invariants against a loopback Scan)', () => {
  let server: TestServer;
  let pages: Obj[][];
  let scan: ScanGroup;
  const tx = (n: number, time: string): Obj => ({
    update_id: `u${n}`, migration_id: 2, workflow_id: '', record_time: time, synchronizer_id: 'sync::1', effective_at: time, offset: '000000000000000001', root_event_ids: [], events_by_id: {},
  });
  before(async () => {
    server = await startServer(() => ({ body: { transactions: pages.shift() ?? [] } }));
    scan = createClient({ scan: { url: `${server.url}/api/scan` } }).scan;
  });
  after(() => server.close());
  const request = { migration_id: 2, synchronizer_id: 'sync::1', before: '2026-01-01T00:01:00Z', count: 2 };
  const idsOf = (rs: Array<E.Either<unknown, UpdateHistoryItem>>) => rs.map((r) => (E.isRight(r) ? r.right.update_id : `Left:${(r.left as { reason: string }).reason}`));

  it('orders each page newest first, whatever order the server sends', async () => {
    pages = [[tx(1, '2026-01-01T00:00:10Z'), tx(2, '2026-01-01T00:00:20Z')], [tx(0, '2026-01-01T00:00:05Z')]];
    assert.deepEqual(idsOf(await collect(scan.updatesBefore(request))), ['u2', 'u1', 'u0']);
  });

  it('a page that goes forwards again (at or above the oldest delivered) is an invariant Left', async () => {
    pages = [[tx(1, '2026-01-01T00:00:10Z'), tx(2, '2026-01-01T00:00:20Z')], [tx(1, '2026-01-01T00:00:10Z')]];
    assert.deepEqual(idsOf(await collect(scan.updatesBefore(request))), ['u2', 'u1', 'Left:invariant']);
  });

  it('two updates at one record time, or an item of another migration, is an invariant Left', async () => {
    pages = [[tx(1, '2026-01-01T00:00:10Z'), tx(2, '2026-01-01T00:00:10Z')]];
    assert.deepEqual(idsOf(await collect(scan.updatesBefore(request))), ['Left:invariant']);
    pages = [[{ ...tx(1, '2026-01-01T00:00:10Z'), migration_id: 1 }]];
    assert.deepEqual(idsOf(await collect(scan.updatesBefore(request))), ['Left:invariant']);
  });
});
