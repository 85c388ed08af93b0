import assert from 'node:assert/strict';
import sinon from 'sinon';
import { mintToken, startSimulatedNetwork, type SimulatedNetwork } from '../../src/testkit/index.js';
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

  it("growth: { everyMs, count } appends count updates every everyMs, on an unref'd timer that close() stops", async () => {
    // Fake intervals only: the server and fetch keep their real timers and sockets.
    const clock = sinon.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const intervals = sinon.spy(globalThis, 'setInterval');
    let net: SimulatedNetwork | undefined;
    try {
      net = await startSimulatedNetwork({ seed: 52, updates: 20, growth: { everyMs: 5, count: 3 } });
      const timers = intervals.returnValues;
      assert.equal(timers.length, 1);
      assert.equal(timers[0]!.hasRef(), false, 'the growth timer would keep the process alive');
      assert.equal(net.info().updates, 20);
      clock.tick(4);
      assert.equal(net.info().updates, 20);
      clock.tick(1);
      assert.equal(net.info().updates, 23);
      clock.tick(20);
      assert.equal(net.info().updates, 35);
      await net.close();
      clock.tick(100);
      assert.equal(net.info().updates, 35, 'growth went on after close()');
    } finally {
      intervals.restore();
      clock.restore();
      await net?.close();
    }
  });

  it('refuses bad growth options before it listens (no server is left open)', async () => {
    const servers = (): number => process.getActiveResourcesInfo().filter((r) => r === 'TCPServerWrap').length;
    const before = servers();
    for (const growth of [{ everyMs: 0, count: 1 }, { everyMs: 5, count: 0 }, { everyMs: 1.5, count: 1 }]) {
      await assert.rejects(startSimulatedNetwork({ seed: 1, updates: 5, growth }), RangeError);
    }
    assert.equal(servers(), before);
  });
});
