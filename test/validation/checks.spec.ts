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
  it('duration: an integer of milliseconds a timer can wait, Infinity only where it has a meaning', () => {
    const range = 'must be an integer number of milliseconds from 0 to 2147483647';
    const issues = (value: unknown, infinity?: boolean) => {
      const r = new Checks().duration(value, 'd', infinity === undefined ? {} : { infinity }).result('thing', {});
      return E.isLeft(r) ? r.left.issues.map((i) => i.message) : [];
    };
    for (const ok of [0, 1, 5000, 2 ** 31 - 1]) assert.deepEqual(issues(ok), [], String(ok));
    // 2^31 and Infinity would make a timer fire after 1 ms.
    for (const bad of [2 ** 31, Infinity, -1, 1.5, NaN, '5000', undefined]) assert.deepEqual(issues(bad), [range], String(bad));
    assert.deepEqual(issues(Infinity, true), []);
    assert.deepEqual(issues(2 ** 31, true), [`${range}, or Infinity`]);
  });
  it('passes the value through when every check holds', () => {
    assert.deepEqual(new Checks().positiveInt(1, 'a').check(true, 'b', 'x').result('thing', { ok: 1 }), E.right({ ok: 1 }));
  });
});
