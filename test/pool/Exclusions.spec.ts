import assert from 'node:assert/strict';
import sinon from 'sinon';
import { Exclusions, MAX_EXCLUSION_MS } from '../../src/pool/Exclusions.js';
import type { ScanPoolEvent } from '../../src/pool/types.js';
import { testScheduler } from '../helpers/marbles.js';

describe('Exclusions (virtual time)', () => {
  const evidence = { path: '/v2/updates', updateId: 'u1', against: ['a', 'b', 'c'] };

  it('leaves a liar out for exclusionMs, reports it once however often it is caught meanwhile, then lets it back', () => {
    testScheduler().run(({ flush }) => {
      const events: ScanPoolEvent[] = [];
      const x = new Exclusions((e) => events.push(e), 1000);
      x.exclude('d', evidence);
      x.exclude('d', { ...evidence, updateId: 'u2' });
      flush();
      assert.deepEqual(events, [{ type: 'liar', scan: 'd', path: '/v2/updates', updateId: 'u1', untilMs: 1000, against: ['a', 'b', 'c'] }]);
      assert.equal(x.excluded('d', 999), true);
      assert.equal(x.excluded('d', 1000), false);
      assert.equal(x.excluded('a', 0), false);
    });
  });

  it('each exclusion of the same Scan lasts twice as long as the one before, up to a day', () => {
    const clock = sinon.useFakeTimers({ now: 0, toFake: ['Date'] });
    try {
      const lasting: number[] = [];
      const x = new Exclusions((e) => (e.type === 'liar' ? lasting.push(e.untilMs - Date.now()) : undefined), 3_600_000);
      for (let i = 0; i < 7; i++) {
        x.exclude('d', evidence);
        // The next lie is seen once the exclusion is over.
        clock.tick(lasting.at(-1)!);
      }
      assert.deepEqual(lasting, [1, 2, 4, 8, 16, 24, 24].map((h) => Math.min(h * 3_600_000, MAX_EXCLUSION_MS)));
    } finally {
      clock.restore();
    }
  });
});
