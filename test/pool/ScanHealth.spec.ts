import assert from 'node:assert/strict';
import sinon from 'sinon';
import { FIRST_COOLDOWN_MS, LATENCY_MEMORY_MS, ScanHealth } from '../../src/pool/ScanHealth.js';
import type { ScanPoolEvent } from '../../src/pool/types.js';
import { testScheduler } from '../helpers/marbles.js';

describe('ScanHealth (virtual time)', () => {
  it('asks a failed Scan last until its cooldown has passed, the cooldown doubling with each failure in a row', () => {
    testScheduler().run(() => {
      const events: ScanPoolEvent[] = [];
      const health = new ScanHealth((e) => events.push(e));
      health.failed('a', 'HTTP 503');
      const order = health.order(['a', 'b', 'c'], () => 0);
      assert.equal(order[2], 'a');
      assert.deepEqual([...order.slice(0, 2)].sort(), ['b', 'c']);
      assert.deepEqual(events, [{ type: 'unhealthy', scan: 'a', untilMs: FIRST_COOLDOWN_MS, reason: 'HTTP 503' }]);
      health.failed('a', 'HTTP 503');
      assert.equal((events[1] as { untilMs: number }).untilMs, 2 * FIRST_COOLDOWN_MS);
      // Once the cooldown has passed it is healthy again; an answer clears it at once.
      health.failed('b', 'reset');
      health.answered('b');
      assert.equal(health.healthy('b'), true);
      assert.equal(health.healthy('a'), false);
      assert.equal(health.healthy('a', 2 * FIRST_COOLDOWN_MS), true);
    });
  });

  it('puts the resting Scans after the healthy ones, soonest back first', () => {
    const health = new ScanHealth(() => undefined);
    health.failed('a', 'x');
    health.failed('a', 'x');
    health.failed('b', 'x');
    const order = health.order(['a', 'b', 'c', 'd'], () => 0.5);
    assert.deepEqual(order.slice(2), ['b', 'a']);
    assert.deepEqual([...order.slice(0, 2)].sort(), ['c', 'd']);
  });

  it('asks a slow Scan after the others, and a rate-limited one after those; a latency a minute old no longer counts', () => {
    const clock = sinon.useFakeTimers({ now: 0, toFake: ['Date'] });
    try {
      const health = new ScanHealth(() => undefined);
      for (const [scan, ms] of [['a', 50], ['b', 60], ['c', 55], ['d', 900]] as const) health.answered(scan, ms);
      const order = health.order(['a', 'b', 'c', 'd', 'e'], () => 0.3, (s) => s !== 'b');
      assert.deepEqual(order.slice(3), ['d', 'b']);
      assert.deepEqual([...order.slice(0, 3)].sort(), ['a', 'c', 'e']);
      // With this random a shuffle of the four puts d third; while d is slow it comes last.
      assert.deepEqual(health.order(['a', 'b', 'c', 'd'], () => 0), ['b', 'c', 'a', 'd']);
      clock.tick(LATENCY_MEMORY_MS);
      assert.deepEqual(health.order(['a', 'b', 'c', 'd'], () => 0), ['b', 'c', 'd', 'a']);
    } finally {
      clock.restore();
    }
  });
});
