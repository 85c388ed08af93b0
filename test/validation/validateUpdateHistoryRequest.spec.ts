import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import { validateUpdateHistoryRequest } from '../../src/validation/validateUpdateHistoryRequest';

const paths = <A>(r: E.Either<{ issues: ReadonlyArray<{ path: string; message: string }> }, A>) =>
  E.isLeft(r) ? r.left.issues.map((i) => `${i.path}: ${i.message}`) : [];

describe('validateUpdateHistoryRequest', () => {
  it('needs a positive page size and a well-formed after', () => {
    assert.ok(E.isRight(validateUpdateHistoryRequest({ page_size: 1, after: { after_migration_id: 0, after_record_time: '2024-09-20T13:31:28.405180Z' } })));
    assert.deepEqual(paths(validateUpdateHistoryRequest({ page_size: 1.5 })), ['page_size: must be a positive integer']);
    assert.deepEqual(paths(validateUpdateHistoryRequest({ page_size: 10, after: { after_migration_id: 0, after_record_time: '2024-09-20' } })), [
      'after.after_record_time: must be an ISO-8601 UTC instant',
    ]);
  });
});
