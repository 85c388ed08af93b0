import assert from 'node:assert/strict';
import { FIRST_COOLDOWN_MS, ScanHealth } from '../../src/pool/ScanHealth.js';
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
});
