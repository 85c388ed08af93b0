import assert from 'node:assert/strict';
import fc from 'fast-check';
import { sortableInstant, sortableInstantOfMs } from '../../../src/operators/internal/sortableInstant';
import { compareTimestamps } from '../../../src/time/compareTimestamps';

const timestamp = fc
  .tuple(fc.integer({ min: 0, max: 4_102_444_799 }), fc.nat({ max: 9 }), fc.nat({ max: 999_999_999 }))
  .map(([s, digits, frac]) => new Date(s * 1000).toISOString().slice(0, 19) + (digits === 0 ? '' : '.' + String(frac).padStart(9, '0').slice(0, digits)) + 'Z');

describe('sortableInstant', () => {
  it('orders as text exactly as compareTimestamps orders the instants', () => {
    fc.assert(
      fc.property(timestamp, timestamp, (a, b) => {
        const [x, y] = [sortableInstant(a), sortableInstant(b)];
        assert.equal(x < y ? -1 : x > y ? 1 : 0, compareTimestamps(a, b));
      }),
    );
    assert.ok(sortableInstant('2025-12-10T16:23:08.9975Z') < sortableInstant('2025-12-10T16:23:08.99759Z'));
    assert.equal(sortableInstant('2025-12-10T16:23:08Z'), sortableInstant('2025-12-10T16:23:08.000Z'));
  });

  it('throws a TypeError naming a value that is not a Timestamp', () => {
    assert.throws(() => sortableInstant('2025-12-10 16:23:08Z'), (e: unknown) => e instanceof TypeError && /2025-12-10 16:23:08Z/.test(e.message));
  });

  it('of milliseconds: the same text as of the ISO instant; undefined where no Date holds it', () => {
    assert.equal(sortableInstantOfMs(Date.parse('2025-06-01T00:00:01.5Z')), sortableInstant('2025-06-01T00:00:01.500Z'));
    for (const ms of [Infinity, -Infinity, NaN, 8.64e15 + 1, -(2 ** 60), 253_402_300_800_000]) assert.equal(sortableInstantOfMs(ms), undefined, String(ms));
  });
});
