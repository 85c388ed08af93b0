import assert from 'node:assert/strict';
import fc from 'fast-check';
import { compareTimestamps } from '../../src/time/compareTimestamps.js';

describe('compareTimestamps', () => {
  it('orders by instant whatever the number of fractional digits', () => {
    assert.equal(compareTimestamps('2025-12-10T16:23:08.99759Z', '2025-12-10T16:23:08.9975Z'), 1);
    assert.equal(compareTimestamps('2025-12-10T16:23:08.9975Z', '2025-12-10T16:23:08.99759Z'), -1);
    assert.equal(compareTimestamps('2025-12-10T16:23:08.5Z', '2025-12-10T16:23:08.499999999Z'), 1);
    assert.equal(compareTimestamps('2025-12-10T16:23:08Z', '2025-12-10T16:23:08.000000001Z'), -1);
    assert.equal(compareTimestamps('2025-12-10T16:23:09Z', '2025-12-10T16:23:08.999999999Z'), 1);
    // As text, these two compare the wrong way round.
    assert.ok('2025-12-10T16:23:08.9975Z' > '2025-12-10T16:23:08.99759Z');
  });

  it('gives 0 for the same instant written with different digit counts', () => {
    assert.equal(compareTimestamps('2025-12-10T16:23:08Z', '2025-12-10T16:23:08.000Z'), 0);
    assert.equal(compareTimestamps('2025-12-10T16:23:08.000000000Z', '2025-12-10T16:23:08Z'), 0);
    assert.equal(compareTimestamps('2024-09-20T13:31:28.40518Z', '2024-09-20T13:31:28.405180Z'), 0);
    assert.equal(compareTimestamps('2024-09-20T13:31:28.405180Z', '2024-09-20T13:31:28.405180Z'), 0);
  });

  it('reads lower-case t and z (RFC 3339 allows them) as T and Z', () => {
    assert.equal(compareTimestamps('2025-12-10t16:23:08z', '2025-12-10T16:23:08.000Z'), 0);
    assert.equal(compareTimestamps('2025-12-10t16:23:08.9975z', '2025-12-10T16:23:08.99759Z'), -1);
    // Same length, so a text comparison would put 't' (116) after 'T' (84): the instants decide.
    assert.equal(compareTimestamps('2025-12-10t16:23:08.5Z', '2025-12-10T16:23:09.0Z'), -1);
    assert.equal(compareTimestamps('2025-12-10T16:23:09.0Z', '2025-12-10t16:23:08.5z'), 1);
    assert.equal(compareTimestamps('2025-12-10t17:23:08+01:00', '2025-12-10T16:23:08z'), 0);
  });

  it('orders different dates and times by their seconds first', () => {
    assert.equal(compareTimestamps('2024-06-24T21:08:01.9Z', '2024-06-25T00:00:00Z'), -1);
    assert.equal(compareTimestamps('2025-01-01T00:00:00Z', '2024-12-31T23:59:59.999999999Z'), 1);
    assert.equal(compareTimestamps('1970-01-01T00:00:00Z', '2026-03-19T15:00:00Z'), -1);
    assert.equal(compareTimestamps('2026-03-19T15:00:00.1Z', '2026-03-19T14:59:59.826496Z'), 1);
  });

  it('sorts with Array.prototype.sort, stable for equal instants', () => {
    const input = [
      '2025-12-10T16:23:08.99759Z',
      '2025-12-10T16:23:08Z',
      '2024-06-24T21:08:01.123456Z',
      '2025-12-10T16:23:08.000Z',
      '2025-12-10T16:23:08.9975Z',
      '2024-06-24T21:08:01.5Z',
      '2025-12-10T16:23:08.0Z',
    ];
    assert.deepEqual(input.slice().sort(compareTimestamps), [
      '2024-06-24T21:08:01.123456Z',
      '2024-06-24T21:08:01.5Z',
      // three spellings of the same instant, in their input order
      '2025-12-10T16:23:08Z',
      '2025-12-10T16:23:08.000Z',
      '2025-12-10T16:23:08.0Z',
      '2025-12-10T16:23:08.9975Z',
      '2025-12-10T16:23:08.99759Z',
    ]);
  });

  it('agrees with the order of the instants (property)', () => {
    // Random instants in nanoseconds, written with a random number of fractional digits.
    const instant = fc.record({ seconds: fc.integer({ min: 0, max: 4102444799 }), nanos: fc.integer({ min: 0, max: 999_999_999 }), digits: fc.integer({ min: 0, max: 9 }) }).map(({ seconds, nanos, digits }) => {
      const kept = digits === 0 ? 0 : Math.floor(nanos / 10 ** (9 - digits)) * 10 ** (9 - digits);
      const base = new Date(seconds * 1000).toISOString().slice(0, 19);
      const frac = digits === 0 ? '' : `.${String(kept).padStart(9, '0').slice(0, digits)}`;
      return { text: `${base}${frac}Z`, value: BigInt(seconds) * 1_000_000_000n + BigInt(kept) };
    });
    fc.assert(
      fc.property(instant, instant, (a, b) => {
        const expected = a.value < b.value ? -1 : a.value > b.value ? 1 : 0;
        assert.equal(compareTimestamps(a.text, b.text), expected);
        assert.equal(compareTimestamps(b.text, a.text), -expected || 0);
      }),
      { numRuns: 500 },
    );
  });

  it('reads RFC 3339 offsets: +00:00 is Z, +01:00 an hour earlier in UTC', () => {
    assert.equal(compareTimestamps('2025-12-10T16:23:08+00:00', '2025-12-10T16:23:08Z'), 0);
    assert.equal(compareTimestamps('2025-12-10T16:23:08.5+00:00', '2025-12-10T16:23:08.499999Z'), 1);
    assert.equal(compareTimestamps('2025-12-10T17:23:08+01:00', '2025-12-10T16:23:08.000Z'), 0);
    assert.equal(compareTimestamps('2025-12-10T16:23:08-00:30', '2025-12-10T16:23:09+00:00'), 1);
    assert.equal(compareTimestamps('2025-12-31T23:30:00-01:00', '2026-01-01T00:29:59.999999999Z'), 1);
  });

  it('throws a TypeError for a value that is not a Timestamp', () => {
    for (const bad of ['2025-12-10T16:23:08', '2025-12-10 16:23:08Z', '2025-12-10T16:23:08+0100', '2025-12-10T16:23:08+24:00', '2025-12-10T16:23:08.1234567890Z', '', 'yesterday']) {
      assert.throws(() => compareTimestamps(bad, '2025-12-10T16:23:08Z'), TypeError, bad);
      assert.throws(() => compareTimestamps('2025-12-10T16:23:08Z', bad), TypeError, bad);
    }
    assert.throws(() => compareTimestamps(1765383788 as unknown as string, '2025-12-10T16:23:08Z'), /not an ISO-8601 UTC Timestamp: 1765383788/);
  });
});
