import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import { validateRound } from '../../src/validation/validateRound';

describe('validateRound', () => {
  it('accepts non-negative safe integers', () => {
    assert.deepEqual(validateRound(0, 'round'), E.right(0));
    assert.deepEqual(validateRound(12630, 'round'), E.right(12630));
  });
  it('refuses negatives, fractions and unsafe integers, naming the argument', () => {
    for (const bad of [-1, 1.5, Number.NaN, 2 ** 53]) {
      const r = validateRound(bad, 'round_number');
      assert.ok(E.isLeft(r) && r.left.issues[0]!.path === 'round_number', String(bad));
    }
  });
});
