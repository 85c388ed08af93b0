import assert from 'node:assert/strict';
import { fromMicros, toMicros } from '../../src/backfill/micros.js';

describe('micros', () => {
  it('reads a Timestamp as microseconds and writes them back with six digits', () => {
    assert.equal(toMicros('1970-01-01T00:00:01.000002Z'), 1_000_002n);
    assert.equal(toMicros('1970-01-01T00:00:01Z'), 1_000_000n);
    assert.equal(toMicros('2025-06-01T00:00:00.5Z'), BigInt(Date.UTC(2025, 5, 1)) * 1000n + 500_000n);
    assert.equal(fromMicros(1_000_002n), '1970-01-01T00:00:01.000002Z');
    for (const ts of ['2025-12-10T16:23:25.721430Z', '1999-12-31T23:59:59.999999Z']) assert.equal(fromMicros(toMicros(ts)), ts);
  });
});
