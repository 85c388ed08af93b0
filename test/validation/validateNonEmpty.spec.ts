import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import { validateNonEmpty } from '../../src/validation/validateNonEmpty';

describe('validateNonEmpty', () => {
  it('accepts a non-empty string', () => assert.deepEqual(validateNonEmpty('alice::1220', 'party'), E.right('alice::1220')));
  it('refuses an empty string and a non-string from untyped callers', () => {
    for (const bad of ['', undefined, 7]) {
      const r = validateNonEmpty(bad as string, 'party');
      assert.ok(E.isLeft(r));
      assert.deepEqual(r.left.issues, [{ path: 'party', message: 'must be a non-empty string' }]);
    }
  });
});
