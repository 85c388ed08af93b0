import assert from 'node:assert/strict';
import { createClient } from '../../src/clientFactory/createClient';
import { checkpointOf } from '../../src/streams/checkpointOf';
import type { ScanCheckpoint } from '../../src/streams/checkpoints';
import { isHeartbeat } from '../../src/streams/isHeartbeat';
import { startSimulatedNetwork, type SimulatedNetwork } from '../../src/testkit/index';
import { collect } from '../helpers/collect';
import { rights } from '../helpers/results';

/**
 * Scan at the edges of its paging contract: pages cut short at random while more remains (as
 * Splice's PageLimit allows) and updates that share a (migration_id, record_time) on two
 * synchronizers, some of them across page boundaries. The reference is the same history read from
 * a network with the same seed and whole pages.
 */
describe('scan.updates at the edges of the paging contract (simulated network)', function () {
  this.timeout(60_000);
  const seed = 23;
  const history = { seed, updates: 250, migrations: 3, tiedRecordTimes: 0.9 };
  let edgy: SimulatedNetwork;
  let clean: SimulatedNetwork;
  /** A shorter history, for resuming from every item. */
  let small: SimulatedNetwork;

  before(async () => {
    [edgy, clean, small] = await Promise.all([startSimulatedNetwork({ ...history, shortPages: 0.5 }), startSimulatedNetwork(history), startSimulatedNetwork({ ...history, updates: 60, shortPages: 0.5 })]);
  });
  after(async () => Promise.all([edgy.close(), clean.close(), small.close()]));

  /** The update ids and checkpoints a whole read delivers. */
  const read = async (net: SimulatedNetwork, version: 'v1' | 'v2', pageSize: number, from?: ScanCheckpoint) => {
    const items = rights(await collect(createClient({ scan: { url: net.scanUrl } }).scan.updates({ page_size: pageSize }, { version, ...(from ? { from } : {}) })));
    return items.map((i) => {
      assert.ok(!isHeartbeat(i));
      return { update_id: i.update_id, checkpoint: checkpointOf(i) };
    });
  };

  it('the reference history has ties, and the network cuts pages short', async () => {
    const all = await read(clean, 'v2', 1000);
    assert.equal(all.length, clean.info().updates);
    const cursors = all.map((i) => JSON.stringify([i.checkpoint.migration_id, i.checkpoint.record_time]));
    const ties = cursors.length - new Set(cursors).size;
    assert.ok(ties >= 10, `${ties} ties`);
    const requests = async (net: SimulatedNetwork) => {
      const count = () => net.stats().routes.find((r) => r.route === 'POST /api/scan/v2/updates')?.requests ?? 0;
      const before = count();
      await read(net, 'v2', 100);
      return count() - before;
    };
    const [whole, short] = [await requests(clean), await requests(edgy)];
    assert.ok(short > whole, `${short} requests with short pages, ${whole} without`);
  });

  for (const version of ['v2', 'v1'] as const) {
    it(`${version}: the whole history arrives exactly, with short pages and ties, for every page size`, async () => {
      const reference = (await read(clean, version, 1000)).map((i) => i.update_id);
      for (const size of [1, 3, 100]) {
        assert.deepEqual((await read(edgy, version, size)).map((i) => i.update_id), reference, `page_size ${size}`);
      }
    });

    it(`${version}: resuming from the checkpoint of every item gives exactly the rest`, async () => {
      const all = await read(small, version, 7);
      const ids = all.map((i) => i.update_id);
      const cursors = all.map((i) => `${i.checkpoint.migration_id} ${i.checkpoint.record_time}`);
      assert.ok(cursors.length - new Set(cursors).size >= 3, 'ties to resume between');
      for (let i = 0; i < all.length; i++) {
        const from = JSON.parse(JSON.stringify(all[i]!.checkpoint)) as ScanCheckpoint;
        const rest = (await read(small, version, 7, from)).map((x) => x.update_id);
        assert.deepEqual(rest, ids.slice(i + 1), `after item ${i}`);
      }
    });
  }

  it('tailing: a heartbeat comes only when nothing follows the cursor, never after a short page', async () => {
    const client = createClient({ scan: { url: edgy.scanUrl } });
    const total = edgy.info().updates;
    const seen: Array<'item' | 'heartbeat'> = [];
    await new Promise<void>((resolve, reject) => {
      const sub = client.scan.updates({ page_size: 5 }, { tail: { intervalMs: 1 }, heartbeats: true }).subscribe({
        next: (r) => {
          if (r._tag === 'Left') return reject(new Error(JSON.stringify(r.left)));
          seen.push(isHeartbeat(r.right) ? 'heartbeat' : 'item');
          if (isHeartbeat(r.right)) {
            sub.unsubscribe();
            resolve();
          }
        },
        error: reject,
      });
    });
    assert.equal(seen.indexOf('heartbeat'), total);
  });
});
