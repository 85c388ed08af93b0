import assert from 'node:assert/strict';
import fc from 'fast-check';
import { utcTimestamp } from '../../src/time/utcTimestamp';

describe('utcTimestamp', () => {
  it('returns a Z timestamp as it is (the same string)', () => {
    const ts = '2024-09-20T13:31:28.405180Z';
    assert.equal(utcTimestamp(ts), ts);
  });

  it('applies the offset and keeps the fractional digits as written', () => {
    assert.equal(utcTimestamp('2025-12-10T16:23:25.1+00:00'), '2025-12-10T16:23:25.1Z');
    assert.equal(utcTimestamp('2025-12-10T00:30:00-01:00'), '2025-12-10T01:30:00Z');
    assert.equal(utcTimestamp('2026-01-01T00:15:00.123456789+05:30'), '2025-12-31T18:45:00.123456789Z');
  });

  it('writes lower-case t and z (RFC 3339 allows them) upper case, offset or not', () => {
    assert.equal(utcTimestamp('2024-09-20t13:31:28.405180z'), '2024-09-20T13:31:28.405180Z');
    assert.equal(utcTimestamp('2024-09-20T13:31:28z'), '2024-09-20T13:31:28Z');
    assert.equal(utcTimestamp('2024-09-20t13:31:28.5Z'), '2024-09-20T13:31:28.5Z');
    assert.equal(utcTimestamp('2024-09-20t00:30:00-01:00'), '2024-09-20T01:30:00Z');
  });

  it('denotes the same instant as Date does, to the millisecond', () => {
    const offset = fc.tuple(fc.constantFrom('+', '-'), fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }));
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4_000_000_000_000 }), offset, (ms, [sign, h, m]) => {
        const local = new Date(ms).toISOString().slice(0, 23);
        const ts = `${local}${sign}${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
        assert.equal(Date.parse(utcTimestamp(ts)), Date.parse(ts));
      }),
      { numRuns: 300 },
    );
  });
});
