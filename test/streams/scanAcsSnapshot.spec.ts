import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import { createClient } from '../../src/clientFactory/createClient';
import { checkpointOf } from '../../src/streams/checkpointOf';
import type { AcsSnapshotCheckpoint } from '../../src/streams/checkpoints';
import type { ScanGroup } from '../../src/scan/createScanGroup';
import type { ActiveContract } from '../../src/codecs/scan/ActiveContract';
import { startSimulatedNetwork, type SimulatedNetwork } from '../../src/testkit/index';
import { startServer, type TestServer } from '../helpers/server';
import { collect } from '../helpers/collect';
import { rights } from '../helpers/results';

type Obj = Record<string, unknown>;

describe('scan.acsSnapshot (stream against the simulated network)', function () {
  this.timeout(60_000);
  let net: SimulatedNetwork;
  let scan: ScanGroup;
  let request: { migration_id: number; record_time: string; page_size: number };
  let whole: Obj[];
  before(async () => {
    net = await startSimulatedNetwork({ seed: 'scan-acs', updates: 150, snapshotEvery: 60 });
    scan = createClient({ scan: { url: net.scanUrl } }).scan;
    const s = net.info().snapshots[1]!;
    request = { migration_id: s.migrationId, record_time: s.recordTime, page_size: 6 };
    const res = await fetch(`${net.scanUrl}/v2/state/acs`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...request, page_size: 1000 }) });
    whole = ((await res.json()) as { created_events: Obj[] }).created_events;
    assert.ok(whole.length > 12);
  });
  after(() => net.close());

  it('reads the whole snapshot exactly, the same as one large page', async () => {
    const contracts = rights(await collect(scan.acsSnapshot(request)));
    assert.deepEqual(JSON.parse(JSON.stringify(contracts)), whole);
  });

  it('at_or_before pins the snapshot the first page chose for every later page', async () => {
    const later = { ...request, record_time: '2999-01-01T00:00:00Z', record_time_match: 'at_or_before' as const };
    const contracts = rights(await collect(scan.acsSnapshot(later)));
    const newest = net.info().snapshots.filter((s) => s.migrationId === request.migration_id).at(-1)!;
    assert.equal(checkpointOf(contracts[0]!, 'scan.acsSnapshot')!.record_time, newest.recordTime);
  });

  it('resuming from the checkpoint of any contract gives exactly the remaining ones', async () => {
    const contracts = rights(await collect(scan.acsSnapshot(request)));
    const ids = contracts.map((c) => c.contract_id);
    for (let i = 0; i < contracts.length; i++) {
      const cp = checkpointOf(contracts[i]!, 'scan.acsSnapshot');
      assert.ok(cp, `contract ${i} has a checkpoint`);
      const from = JSON.parse(JSON.stringify(cp)) as AcsSnapshotCheckpoint;
      const rest = rights(await collect(scan.acsSnapshot(request, { from })));
      assert.deepEqual(rest.map((c) => c.contract_id), ids.slice(i + 1), `after contract ${i}`);
    }
    // Another stream's name finds nothing: an ACS contract is no holdings checkpoint.
    assert.equal(checkpointOf(contracts[0]!, 'scan.holdings'), undefined);
    assert.equal(checkpointOf(contracts[0]!), undefined);
  });

  it('a checkpoint of another stream is an InvalidRequest, before any request', async () => {
    const [r] = await collect(scan.acsSnapshot(request, { from: { stream: 'scan.holdings', migration_id: 1, record_time: request.record_time, contract_id: 'c' } as never }));
    assert.ok(r && E.isLeft(r) && r.left._tag === 'InvalidRequest');
  });
});

describe('scan.acsSnapshot (invariants against a loopback Scan)', () => {
  let server: TestServer;
  let pages: Obj[];
  let scan: ScanGroup;
  const contract = (id: string): Obj => ({ contract_id: id, template_id: 'p:M:T', package_name: 'p', create_arguments: {}, created_at: '2026-01-01T00:00:00Z', signatories: ['a::1'], observers: [] });
  const page = (ids: string[], next?: string): Obj => ({ record_time: '2026-01-01T00:00:00Z', migration_id: 1, created_events: ids.map(contract), ...(next ? { next_page_token: next } : {}) });
  before(async () => {
    server = await startServer(() => ({ body: pages.shift() ?? page([]) }));
    scan = createClient({ scan: { url: `${server.url}/api/scan` } }).scan;
  });
  after(() => server.close());
  const request = { migration_id: 1, record_time: '2026-01-01T00:00:00Z', page_size: 2 };
  const idsOf = (rs: Array<E.Either<unknown, ActiveContract>>) => rs.map((r) => (E.isRight(r) ? r.right.contract_id : `Left:${(r.left as { reason: string }).reason}`));

  it('a page that goes back to a contract already delivered is an invariant Left after the valid ones', async () => {
    pages = [page(['a', 'b'], 't1'), page(['b', 'c'], 't2')];
    assert.deepEqual(idsOf(await collect(scan.acsSnapshot(request))), ['a', 'b', 'Left:invariant']);
  });

  it('a page token that repeats is an invariant Left', async () => {
    pages = [page(['a', 'b'], 't1'), page(['c', 'd'], 't1')];
    assert.deepEqual(idsOf(await collect(scan.acsSnapshot(request))), ['a', 'b', 'c', 'd', 'Left:invariant']);
  });

  it('a page from another snapshot is an invariant Left', async () => {
    pages = [page(['a', 'b'], 't1'), { ...page(['c']), record_time: '2026-01-01T00:00:01Z' }];
    assert.deepEqual(idsOf(await collect(scan.acsSnapshot(request))), ['a', 'b', 'Left:invariant']);
  });
});
