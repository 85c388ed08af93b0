import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import { orThrow } from '../../src/operators/orThrow';
import { CantonRxError } from '../../src/operators/CantonRxError';
import { httpError } from '../../src/errors/constructors';
import type { CantonError } from '../../src/errors/CantonError';
import { testScheduler } from '../helpers/marbles';

describe('orThrow', () => {
  const e = httpError({ status: 503, method: 'GET', url: 'http://s/api/scan/livez', body: { _tag: 'Empty' } });

  it('passes Rights on and errors with a CantonRxError at the first Left', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      const source = cold<E.Either<CantonError, string>>('-a-e-b-|', { a: E.right('a'), e: E.left(e), b: E.right('b') });
      expectObservable(source.pipe(orThrow())).toBe('-a-#', { a: 'a' }, new CantonRxError(e));
    });
  });

  it('the thrown error carries the CantonError and a formatted message', () => {
    const err = new CantonRxError(e);
    assert.ok(err instanceof Error);
    assert.equal(err.name, 'CantonRxError');
    assert.equal(err.error, e);
    assert.equal(err.message, 'GET http://s/api/scan/livez failed with HTTP 503: (empty body)');
  });
});
