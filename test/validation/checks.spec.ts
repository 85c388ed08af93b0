import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import { Checks } from '../../src/validation/checks';

describe('Checks', () => {
  it('collects every failed check, in order, into one InvalidRequest', () => {
    const r = new Checks().positiveInt(0, 'a').nonNegativeInt(-1, 'b').check(false, 'c', 'is wrong').positiveInt(5, 'd', 3).result('thing', {});
    assert.ok(E.isLeft(r));
    assert.equal(r.left.message, 'invalid thing');
    assert.deepEqual(r.left.issues, [
      { path: 'a', message: 'must be a positive integer' },
      { path: 'b', message: 'must be a non-negative integer' },
      { path: 'c', message: 'is wrong' },
      { path: 'd', message: 'must be at most 3' },
    ]);
  });
  it('passes the value through when every check holds', () => {
    assert.deepEqual(new Checks().positiveInt(1, 'a').check(true, 'b', 'x').result('thing', { ok: 1 }), E.right({ ok: 1 }));
  });
});
