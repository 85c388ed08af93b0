import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import { validateVoteRequestLookup } from '../../src/validation/validateVoteRequestLookup';

const paths = <A>(r: E.Either<{ issues: ReadonlyArray<{ path: string; message: string }> }, A>) =>
  E.isLeft(r) ? r.left.issues.map((i) => `${i.path}: ${i.message}`) : [];

describe('validateVoteRequestLookup', () => {
  it('allows at most 1000 ids', () => {
    assert.ok(E.isRight(validateVoteRequestLookup({ vote_request_contract_ids: Array.from({ length: 1000 }, (_, i) => `c${i}`) })));
    assert.equal(paths(validateVoteRequestLookup({ vote_request_contract_ids: Array.from({ length: 1001 }, (_, i) => `c${i}`) })).length, 1);
    assert.equal(paths(validateVoteRequestLookup({ vote_request_contract_ids: [''] })).length, 1);
  });
});
