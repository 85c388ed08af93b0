import assert from 'node:assert/strict';
import { mintToken, startSimulatedNetwork } from '../../src/testkit/index.js';
import { formatFor, ledgerHistory, micros, obj, scanHistory, type Obj } from './helpers.js';

const migrationOf = (item: Obj): number => (item['migration_id'] ?? obj(item['event'])['migration_id']) as number;

describe('testkit: overlapping migrations (migrationOverlapMs)', () => {
  it('each migration restarts its record times before its predecessor’s last one; Scan serves it in (migration_id, record_time) order; nothing else changes', async () => {
    const options = { seed: 9, updates: 600, migrations: 3, firstMigrationId: 1 };
    const [plain, overlapping] = await Promise.all([startSimulatedNetwork(options), startSimulatedNetwork({ ...options, migrationOverlapMs: 300_000 })]);
    try {
      const items = (await scanHistory(overlapping, 'v2', 97)).items;
      assert.equal(items.length, overlapping.info().updates, 'paging by (migration_id, record_time) reads every update once');
      const byMigration = new Map<number, number[]>();
      for (const item of items) byMigration.set(migrationOf(item), [...(byMigration.get(migrationOf(item)) ?? []), micros(item['record_time'] as string)]);
      assert.deepEqual([...byMigration.keys()], [1, 2, 3], 'migrations in order');
      for (const times of byMigration.values()) for (let i = 1; i < times.length; i++) assert.ok(times[i]! > times[i - 1]!, 'record times unique and increasing within a migration');
      for (const m of [2, 3]) {
        const previousLast = byMigration.get(m - 1)!.at(-1)!;
        const first = byMigration.get(m)![0]!;
        assert.ok(first < previousLast && first >= previousLast - 300_000_000, `migration ${m} starts inside ${m - 1}'s range`);
        // Several of the new migration's updates lie before the previous one's end.
        assert.ok(byMigration.get(m)!.filter((t) => t < previousLast).length > 10);
      }
      // Same updates, ids and ledger view; only the record times moved.
      const plainItems = (await scanHistory(plain, 'v2', 500)).items;
      assert.deepEqual(items.map((i) => i['update_id']), plainItems.map((i) => i['update_id']));
      assert.deepEqual(items.map(migrationOf), plainItems.map(migrationOf));
      const token = (net: typeof plain) => mintToken({ userId: 'reader', readAs: net.hostedParties });
      const ids = async (net: typeof plain) => (await ledgerHistory(net, token(net), formatFor(net.party('alice')))).updates.map((u) => JSON.stringify(Object.values(u)[0]).match(/"updateId":"([^"]+)"/)?.[1]);
      assert.deepEqual(await ids(overlapping), await ids(plain));
    } finally {
      await Promise.all([plain.close(), overlapping.close()]);
    }
  });

  it('rejects an overlap that is not an integer ≥ 1 before listening', async () => {
    for (const migrationOverlapMs of [0, -5, 1.5]) await assert.rejects(startSimulatedNetwork({ migrationOverlapMs }), /migrationOverlapMs must be an integer ≥ 1/);
  });
});
