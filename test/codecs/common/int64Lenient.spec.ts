import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import { int64Lenient } from '../../../src/codecs/common/int64Lenient';

describe('int64Lenient', () => {
  it('reads a JSON number or a string of digits as a number', () => {
    assert.deepEqual(int64Lenient.decode(42), E.right(42));
    assert.deepEqual(int64Lenient.decode('42'), E.right(42));
    assert.deepEqual(int64Lenient.decode('-7'), E.right(-7));
    assert.deepEqual(int64Lenient.decode(Number.MAX_SAFE_INTEGER), E.right(Number.MAX_SAFE_INTEGER));
  });

  it('refuses fractions, other strings, and integers it cannot hold exactly', () => {
    for (const bad of [4.2, '4.2', '', ' 1', '1e3', 'x', null, true, {}, Number.NaN]) assert.ok(E.isLeft(int64Lenient.decode(bad)), JSON.stringify(bad));
    const big = int64Lenient.decode('9007199254740993');
    assert.ok(E.isLeft(big) && /precision/.test(big.left[0]!.message ?? ''));
    assert.ok(E.isLeft(int64Lenient.decode(2 ** 60)));
  });

  it('is a guard for numbers only', () => {
    assert.ok(int64Lenient.is(3));
    assert.ok(!int64Lenient.is('3'));
  });
});
