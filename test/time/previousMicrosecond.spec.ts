import assert from 'node:assert/strict';
import { previousMicrosecond } from '../../src/time/previousMicrosecond';
import { compareTimestamps } from '../../src/time/compareTimestamps';

describe('previousMicrosecond', () => {
  it('steps back one microsecond, written with six digits', () => {
    assert.equal(previousMicrosecond('2025-12-10T16:23:25.100000Z'), '2025-12-10T16:23:25.099999Z');
    assert.equal(previousMicrosecond('2025-12-10T16:23:25.721430Z'), '2025-12-10T16:23:25.721429Z');
    assert.equal(previousMicrosecond('2025-12-10T16:23:25.5Z'), '2025-12-10T16:23:25.499999Z');
  });

  it('borrows across seconds, days and years', () => {
    assert.equal(previousMicrosecond('2025-12-10T16:23:25Z'), '2025-12-10T16:23:24.999999Z');
    assert.equal(previousMicrosecond('2026-01-01T00:00:00.000000Z'), '2025-12-31T23:59:59.999999Z');
    assert.equal(previousMicrosecond('2024-03-01T00:00:00Z'), '2024-02-29T23:59:59.999999Z');
  });

  it('keeps nanoseconds below the microsecond when the input has them', () => {
    assert.equal(previousMicrosecond('2025-12-10T16:23:25.123456789Z'), '2025-12-10T16:23:25.123455789Z');
  });

  it('is always earlier, and nothing representable in microseconds lies between', () => {
    for (const t of ['2025-06-01T00:42:30.678623Z', '1999-12-31T23:59:59.000001Z', '2025-06-01T00:00:00.1Z']) {
      const p = previousMicrosecond(t);
      assert.equal(compareTimestamps(p, t), -1);
      assert.equal(previousMicrosecond(p) < p, true);
    }
  });

  it('reads an RFC 3339 offset (defect B: a +00:00 record time) and answers in UTC', () => {
    assert.equal(previousMicrosecond('2025-12-10T16:23:25.100000+00:00'), '2025-12-10T16:23:25.099999Z');
    assert.equal(previousMicrosecond('2025-12-10T17:23:25+01:00'), '2025-12-10T16:23:24.999999Z');
    assert.equal(previousMicrosecond('2025-12-31T23:30:00.000001-01:00'), '2026-01-01T00:30:00.000000Z');
  });

  it('reads lower-case t and z and answers upper case', () => {
    assert.equal(previousMicrosecond('2025-12-10t16:23:25.100000z'), '2025-12-10T16:23:25.099999Z');
  });

  it('refuses what is not a Timestamp', () => {
    assert.throws(() => previousMicrosecond('yesterday'), TypeError);
  });
});
