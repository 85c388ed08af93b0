import assert from 'node:assert/strict';
import fc from 'fast-check';
import { compareValidTimestamps } from '../../src/time/compareValidTimestamps';

/** The instant a Timestamp denotes, in nanoseconds since the epoch, as a bigint (the reference order). */
const nanos = (ts: string): bigint => {
  const seconds = BigInt(Date.parse(`${ts.slice(0, 19)}Z`) / 1000);
  const fraction = ts.length === 20 ? '0' : (ts.slice(20, -1) + '000000000').slice(0, 9);
  return seconds * 1_000_000_000n + BigInt(fraction);
};

const timestamp = fc
  .tuple(fc.integer({ min: 1_600_000_000, max: 1_600_000_003 }), fc.integer({ min: 0, max: 9 }), fc.integer({ min: 0, max: 999_999_999 }))
  .map(([s, digits, n]) => {
    const base = new Date(s * 1000).toISOString().slice(0, 19);
    return digits === 0 ? `${base}Z` : `${base}.${String(n).padStart(9, '0').slice(0, digits)}Z`;
  });

describe('compareValidTimestamps', () => {
  it('orders by the instant, whatever the number of fractional digits', () => {
    assert.equal(compareValidTimestamps('2025-12-10T16:23:08.9975Z', '2025-12-10T16:23:08.99759Z'), -1);
    assert.equal(compareValidTimestamps('2025-12-10T16:23:08Z', '2025-12-10T16:23:08.000Z'), 0);
    assert.equal(compareValidTimestamps('2025-12-10T16:23:08.100001Z', '2025-12-10T16:23:08.100000Z'), 1);
  });

  it('agrees with the instants on random pairs (same length or not)', () => {
    fc.assert(
      fc.property(timestamp, timestamp, (a, b) => {
        const expected = nanos(a) < nanos(b) ? -1 : nanos(a) > nanos(b) ? 1 : 0;
        assert.equal(compareValidTimestamps(a, b), expected);
      }),
      { numRuns: 2000 },
    );
  });
});
