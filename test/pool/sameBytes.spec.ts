import assert from 'node:assert/strict';
import { sameBytes } from '../../src/pool/sameBytes.js';

describe('sameBytes', () => {
  const bytes = (s: string) => new TextEncoder().encode(s);
  it('is true exactly when two bodies have the same bytes', () => {
    assert.equal(sameBytes(bytes('{"a":1}'), bytes('{"a":1}')), true);
    assert.equal(sameBytes(bytes('{"a":1}'), bytes('{"a":2}')), false);
    assert.equal(sameBytes(bytes('{"a":1}'), bytes('{"a":1} ')), false);
    assert.equal(sameBytes(new Uint8Array(0), new Uint8Array(0)), true);
    const big = new Uint8Array(1 << 20).fill(7);
    const other = big.slice();
    assert.equal(sameBytes(big, other), true);
    other[other.length - 1] = 8;
    assert.equal(sameBytes(big, other), false);
  });

  it('compares views by their own bytes, wherever they sit in their buffer', () => {
    const buffer = new Uint8Array([9, 1, 2, 3, 9, 1, 2, 3]);
    assert.equal(sameBytes(buffer.subarray(1, 4), buffer.subarray(5, 8)), true);
    assert.equal(sameBytes(buffer.subarray(0, 3), buffer.subarray(1, 4)), false);
  });
});
