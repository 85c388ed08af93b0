import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import { createClient, type CantonClient } from '../../src/clientFactory/createClient';
import { checkpointOf } from '../../src/streams/checkpointOf';
import type { ScanCheckpoint, ScanSnapshotCheckpoint } from '../../src/streams/checkpoints';
import type { ScanFeedItem } from '../../src/streams/ScanFeedItem';
import type { ActiveContract } from '../../src/codecs/scan/ActiveContract';
import type { UpdateHistoryItemV2 } from '../../src/codecs/scan/UpdateHistoryItemV2';
import { startSimulatedNetwork, type SimulatedNetwork } from '../../src/testkit/index';
import { collect } from '../helpers/collect';
import { rights } from '../helpers/results';

const FAR = '2100-01-01T00:00:00Z';
const checkpointAfter = (item: ScanFeedItem): ScanCheckpoint | ScanSnapshotCheckpoint => ('_tag' in item ? item.checkpoint : checkpointOf(item));
const tag = (item: ScanFeedItem) => ('_tag' in item ? item._tag : 'update');

describe('scan.updatesFromSnapshot (against the simulated network)', function () {
  this.timeout(60_000);
  let net: SimulatedNetwork;
  let client: CantonClient;
  let migration: number;
  let snapshotTime: string;

  before(async () => {
    net = await startSimulatedNetwork({ seed: 12, updates: 400, migrations: 2 });
    client = createClient({ scan: { url: net.scanUrl } });
    migration = net.info().last.migrationId;
    // The most recent snapshot of the migration: what a start with no `before` picks.
    snapshotTime = net.info().snapshots.filter((s) => s.migrationId === migration).at(-1)!.recordTime;
    // Updates after the snapshot (fewer than make the next one).
    net.append(30);
    assert.equal(net.info().snapshots.filter((s) => s.migrationId === migration).at(-1)!.recordTime, snapshotTime);
  });
  after(() => net.close());

  const feed = (options: Partial<Parameters<CantonClient['scan']['updatesFromSnapshot']>[1]> = {}) =>
    collect(client.scan.updatesFromSnapshot({ page_size: 20 }, { migration_id: migration, before: FAR, snapshotPageSize: 7, ...options })).then((rs) => rights(rs) as ScanFeedItem[]);

  /** Scan's own snapshot, page by page. */
  const serverSnapshot = async (time: string): Promise<ActiveContract[]> => {
    const out: ActiveContract[] = [];
    let after: string | undefined;
    for (let i = 0; i < 1000; i++) {
      const [r] = await collect(client.scan.getAcsSnapshotAtV2({ migration_id: migration, record_time: time, page_size: 50, ...(after ? { after } : {}) }));
      assert.ok(r && E.isRight(r), JSON.stringify(r));
      out.push(...r.right.created_events);
      after = r.right.next_page_token ?? undefined;
      if (after === undefined) return out;
    }
    throw new Error('more than 1000 pages');
  };

  it('starts with the most recent snapshot before `before`: marker, its contracts, then the updates strictly after its time', async () => {
    const out = await feed();
    const marker = out[0]!;
    assert.ok('_tag' in marker && marker._tag === 'ScanSnapshot');
    assert.deepEqual([marker.migration_id, marker.record_time], [migration, snapshotTime]);
    const contracts = out.filter((i) => tag(i) === 'ScanSnapshotContract') as Array<{ contract: ActiveContract }>;
    assert.ok(contracts.length > 7, `${contracts.length} contracts: more than one page`);
    assert.deepEqual(out.slice(1, 1 + contracts.length).map(tag), contracts.map(() => 'ScanSnapshotContract'));
    assert.deepEqual(contracts.map((c) => c.contract), await serverSnapshot(snapshotTime));
    const updates = out.slice(1 + contracts.length) as UpdateHistoryItemV2[];
    const expected = rights(await collect(client.scan.updates({ page_size: 20 }, { from: { stream: 'scan.updates', migration_id: migration, record_time: snapshotTime } })));
    assert.ok(updates.length > 0);
    assert.deepEqual(updates, expected);
  });

  it('only the contracts of the given templates, when asked', async () => {
    const amulets = await feed({ templates: ['splice-amulet:Splice.Amulet:Amulet'] });
    const contracts = amulets.filter((i) => tag(i) === 'ScanSnapshotContract') as Array<{ contract: ActiveContract }>;
    assert.ok(contracts.length > 0 && contracts.every((c) => c.contract.template_id.endsWith(':Splice.Amulet:Amulet')));
  });

  it('resumed from any element’s checkpoint it continues exactly: the marker, inside the snapshot, its end, the updates', async () => {
    const whole = await feed();
    const n = whole.filter((i) => tag(i) === 'ScanSnapshotContract').length;
    for (const cut of [0, 1, 6, 7, 8, n - 1, n, n + 2]) {
      const rest = await feed({ from: checkpointAfter(whole[cut]!) });
      assert.deepEqual(rest, whole.slice(cut + 1), `resumed after element ${cut}`);
    }
    assert.deepEqual(checkpointAfter(whole[n]!), { stream: 'scan.updates', migration_id: migration, record_time: snapshotTime });
  });

  it('refuses bad options before any request; no snapshot before `before` is Scan’s 404', async () => {
    const [bad] = await collect(client.scan.updatesFromSnapshot({ page_size: 20 }, { migration_id: -1, before: 'yesterday', snapshotPageSize: 5000 }));
    assert.ok(bad && E.isLeft(bad) && bad.left._tag === 'InvalidRequest');
    assert.deepEqual(bad.left.issues.map((i) => i.path).sort(), ['before', 'migration_id', 'snapshotPageSize']);
    const [none] = await collect(client.scan.updatesFromSnapshot({ page_size: 20 }, { migration_id: migration, before: '2000-01-01T00:00:00Z' }));
    assert.ok(none && E.isLeft(none) && none.left._tag === 'HttpError' && none.left.status === 404);
  });
});
