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

import { utcTimestamp } from '../../src/time/utcTimestamp';

/** The same instant written with an RFC 3339 offset (a server or proxy printing an OffsetDateTime). */
const withOffset = fc.tuple(timestamp, fc.constantFrom(0, 60, -90, 330, -720)).map(([ts, minutes]) => {
  const ms = Date.parse(`${ts.slice(0, 19)}Z`) + minutes * 60_000;
  const zone = `${minutes < 0 ? '-' : '+'}${String(Math.floor(Math.abs(minutes) / 60)).padStart(2, '0')}:${String(Math.abs(minutes) % 60).padStart(2, '0')}`;
  return `${new Date(ms).toISOString().slice(0, 19)}${ts.slice(19, -1)}${zone}`;
});

describe('compareValidTimestamps', () => {
  it('reads offsets: the same instants as their Z forms, in the same order', () => {
    fc.assert(
      fc.property(fc.oneof(timestamp, withOffset), fc.oneof(timestamp, withOffset), (a, b) => {
        const expected = nanos(utcTimestamp(a)) < nanos(utcTimestamp(b)) ? -1 : nanos(utcTimestamp(a)) > nanos(utcTimestamp(b)) ? 1 : 0;
        assert.equal(compareValidTimestamps(a, b), expected);
      }),
      { numRuns: 1000 },
    );
    assert.equal(compareValidTimestamps('2025-12-10T17:23:08.5+01:00', '2025-12-10T16:23:08.5Z'), 0);
  });

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
