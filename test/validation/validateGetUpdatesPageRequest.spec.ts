import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import { validateGetUpdatesPageRequest } from '../../src/validation/validateGetUpdatesPageRequest';

const paths = <A>(r: E.Either<{ issues: ReadonlyArray<{ path: string; message: string }> }, A>) =>
  E.isLeft(r) ? r.left.issues.map((i) => `${i.path}: ${i.message}`) : [];

describe('validateGetUpdatesPageRequest', () => {
  it('checks the page size and the offsets', () => {
    assert.ok(E.isRight(validateGetUpdatesPageRequest({ updateFormat: {}, maxPageSize: 2000, beginOffsetExclusive: 0, endOffsetInclusive: 5 })));
    assert.deepEqual(paths(validateGetUpdatesPageRequest({ updateFormat: {}, maxPageSize: 0 })), ['maxPageSize: must be a positive integer']);
    assert.deepEqual(paths(validateGetUpdatesPageRequest({ updateFormat: {}, beginOffsetExclusive: 10, endOffsetInclusive: 5 })), [
      'endOffsetInclusive: must not be below beginOffsetExclusive',
    ]);
    assert.deepEqual(paths(validateGetUpdatesPageRequest({ updateFormat: undefined })), ['updateFormat: is required']);
  });
});
