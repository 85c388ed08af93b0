import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import { validateHoldingsStateRequest } from '../../src/validation/validateHoldingsStateRequest';

const paths = <A>(r: E.Either<{ issues: ReadonlyArray<{ path: string; message: string }> }, A>) =>
  E.isLeft(r) ? r.left.issues.map((i) => `${i.path}: ${i.message}`) : [];

describe('validateHoldingsStateRequest', () => {
  const ok = { migration_id: 4, record_time: '2026-03-19T00:00:00Z', page_size: 100, owner_party_ids: ['a::1'] };
  it('accepts 1 to 1000 owners', () => {
    assert.ok(E.isRight(validateHoldingsStateRequest(ok)));
    assert.ok(E.isRight(validateHoldingsStateRequest({ ...ok, owner_party_ids: Array.from({ length: 1000 }, (_, i) => `p${i}::1`) })));
  });
  it('refuses no owners, more than 1000, a bad page size and a bad time', () => {
    assert.deepEqual(paths(validateHoldingsStateRequest({ ...ok, owner_party_ids: [] })), ['owner_party_ids: must have 1 to 1000 entries']);
    assert.deepEqual(paths(validateHoldingsStateRequest({ ...ok, owner_party_ids: Array.from({ length: 1001 }, () => 'p') })), ['owner_party_ids: must have 1 to 1000 entries']);
    assert.deepEqual(paths(validateHoldingsStateRequest({ ...ok, page_size: 0, record_time: 'now', migration_id: -1 })), [
      'migration_id: must be a non-negative integer',
      'record_time: must be an ISO-8601 UTC instant',
      'page_size: must be a positive integer',
    ]);
  });
});
