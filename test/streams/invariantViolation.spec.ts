import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import { invariantViolation, stopAfter } from '../../src/streams/invariantViolation';

describe('invariantViolation and stopAfter', () => {
  it('describe a broken paging contract as a DecodeError of reason invariant', () => {
    assert.deepEqual(invariantViolation('nextPageToken', 'a new token', 'CgQ=', 'a page token repeated'), {
      _tag: 'DecodeError',
      reason: 'invariant',
      issues: [{ path: 'nextPageToken', expected: 'a new token', actual: '"CgQ="', message: 'a page token repeated' }],
    });
  });
  it('stopAfter keeps the valid items, ends the paging, and carries the failure', () => {
    const failure = invariantViolation('p', 'e', 1, 'm');
    assert.deepEqual(stopAfter([1, 2], failure), E.right({ items: [1, 2], next: undefined, failure }));
  });
});
