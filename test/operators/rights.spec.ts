import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import { rights } from '../../src/operators/rights';
import { timeoutError } from '../../src/errors/constructors';
import type { CantonError } from '../../src/errors/CantonError';
import { testScheduler } from '../helpers/marbles';

describe('rights', () => {
  const e = timeoutError('GET', 'http://s/livez', 5);

  it('passes Rights on, drops Lefts after reporting them', () => {
    const reported: CantonError[] = [];
    testScheduler().run(({ cold, expectObservable }) => {
      const source = cold<E.Either<CantonError, string>>('-a-e-b-|', { a: E.right('a'), e: E.left(e), b: E.right('b') });
      expectObservable(source.pipe(rights((x) => reported.push(x)))).toBe('-a---b-|');
    });
    // run() has flushed the virtual time by now.
    assert.deepEqual(reported, [e]);
  });

  it('works without a callback', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      const source = cold<E.Either<CantonError, number>>('-a-e-|', { a: E.right(1), e: E.left(e) });
      expectObservable(source.pipe(rights())).toBe('-a---|', { a: 1 });
    });
  });
});
