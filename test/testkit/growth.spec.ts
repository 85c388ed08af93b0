import assert from 'node:assert/strict';
import { mintToken, startSimulatedNetwork } from '../../src/testkit/index.js';
import { formatFor, ledgerHistory, micros, obj, scanHistory, unwrap } from './helpers.js';

describe('testkit: live growth', () => {
  it('append(n) adds n updates to Scan with record times after the last, and the hosted parties\' share to the ledger', async () => {
    const net = await startSimulatedNetwork({ seed: 51, updates: 200 });
    try {
      const token = mintToken({ userId: 'validator', actAs: [net.party('validator-1')], readAs: net.hostedParties });
      const format = formatFor(net.party('alice'));
      const before = await scanHistory(net, 'v2', 1000);
      const ledgerBefore = await ledgerHistory(net, token, format, { maxPageSize: 2000 });
      const infoBefore = net.info();
      net.append(150);
      const after = await scanHistory(net, 'v2', 1000);
      assert.equal(after.items.length, 350);
      assert.deepEqual(after.items.slice(0, 200), before.items);
      const lastBefore = micros(before.items[199]!['record_time'] as string);
      for (const item of after.items.slice(200)) {
        assert.ok(micros(item['record_time'] as string) > lastBefore);
        assert.equal(item['migration_id'] ?? obj(item['event'])['migration_id'], infoBefore.last.migrationId);
      }
      const ledgerAfter = await ledgerHistory(net, token, format, { maxPageSize: 2000 });
      assert.deepEqual(ledgerAfter.updates.slice(0, ledgerBefore.updates.length), ledgerBefore.updates);
      assert.ok(ledgerAfter.updates.length > ledgerBefore.updates.length);
      assert.ok(net.info().ledgerEnd > infoBefore.ledgerEnd);
      const newIds = new Set(after.items.slice(200).map((i) => i['update_id']));
      assert.ok(ledgerAfter.updates.slice(ledgerBefore.updates.length).every((u) => newIds.has(unwrap(u).value['updateId'])));
    } finally {
      await net.close();
    }
  });

  it('growth: { everyMs, count } appends on an unref\'d timer that close() stops', async () => {
    const net = await startSimulatedNetwork({ seed: 52, updates: 20, growth: { everyMs: 5, count: 3 } });
    let grown = 0;
    try {
      for (let i = 0; i < 100 && net.info().updates < 29; i++) await new Promise((r) => setTimeout(r, 5));
      grown = net.info().updates;
      assert.ok(grown >= 29, `only ${grown} updates`);
      assert.equal((grown - 20) % 3, 0);
    } finally {
      await net.close();
    }
    const closedAt = net.info().updates;
    await new Promise((r) => setTimeout(r, 20));
    assert.equal(net.info().updates, closedAt);
  });
});
