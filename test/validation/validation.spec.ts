import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import { validateCreateAnsEntryRequest } from '../../src/validation/validateCreateAnsEntryRequest';
import { validateHoldingsStateRequest } from '../../src/validation/validateHoldingsStateRequest';
import { validateUpdateHistoryRequest } from '../../src/validation/validateUpdateHistoryRequest';
import { validateGetUpdatesPageRequest } from '../../src/validation/validateGetUpdatesPageRequest';
import { validateVoteRequestLookup } from '../../src/validation/validateVoteRequestLookup';

const paths = <A>(r: E.Either<{ issues: ReadonlyArray<{ path: string; message: string }> }, A>) =>
  E.isLeft(r) ? r.left.issues.map((i) => `${i.path}: ${i.message}`) : [];

describe('request validation', () => {
  describe('validateCreateAnsEntryRequest', () => {
    it('accepts a valid entry and an empty url and description', () => {
      assert.ok(E.isRight(validateCreateAnsEntryRequest({ name: 'alice.unverified.cns', url: 'https://alice.example.com', description: 'Alice' })));
      assert.ok(E.isRight(validateCreateAnsEntryRequest({ name: 'alice.unverified.cns', url: '', description: '' })));
    });
    it('checks the suffix against the configured acronym', () => {
      assert.deepEqual(paths(validateCreateAnsEntryRequest({ name: 'alice.unverified.cns', url: '', description: '' }, 'ans')), ['name: must end with .unverified.ans']);
      assert.ok(E.isRight(validateCreateAnsEntryRequest({ name: 'alice.unverified.ans', url: '', description: '' }, 'ans')));
      assert.deepEqual(paths(validateCreateAnsEntryRequest({ name: '.unverified.cns', url: '', description: '' })), ['name: must end with .unverified.cns']);
    });
    it('checks url and description limits, at the boundary', () => {
      const url255 = 'https://e.com/' + 'a'.repeat(255 - 14);
      assert.equal(url255.length, 255);
      assert.ok(E.isRight(validateCreateAnsEntryRequest({ name: 'a.unverified.cns', url: url255, description: 'd'.repeat(140) })));
      assert.deepEqual(paths(validateCreateAnsEntryRequest({ name: 'a.unverified.cns', url: url255 + 'a', description: 'd'.repeat(141) })), [
        'url: must have at most 255 characters',
        'description: must have at most 140 characters',
      ]);
      assert.deepEqual(paths(validateCreateAnsEntryRequest({ name: 'a.unverified.cns', url: 'not a url', description: '' })), ['url: must be empty or a valid URL']);
    });
    it('reports wrong types from untyped callers instead of crashing', () => {
      const r = validateCreateAnsEntryRequest({ name: 1, url: null, description: undefined } as never);
      assert.deepEqual(paths(r), ['name: must be a string', 'url: must be a string', 'description: must be a string']);
    });
  });

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

  describe('validateUpdateHistoryRequest', () => {
    it('needs a positive page size and a well-formed after', () => {
      assert.ok(E.isRight(validateUpdateHistoryRequest({ page_size: 1, after: { after_migration_id: 0, after_record_time: '2024-09-20T13:31:28.405180Z' } })));
      assert.deepEqual(paths(validateUpdateHistoryRequest({ page_size: 1.5 })), ['page_size: must be a positive integer']);
      assert.deepEqual(paths(validateUpdateHistoryRequest({ page_size: 10, after: { after_migration_id: 0, after_record_time: '2024-09-20' } })), [
        'after.after_record_time: must be an ISO-8601 UTC instant',
      ]);
    });
  });

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

  describe('validateVoteRequestLookup', () => {
    it('allows at most 1000 ids', () => {
      assert.ok(E.isRight(validateVoteRequestLookup({ vote_request_contract_ids: Array.from({ length: 1000 }, (_, i) => `c${i}`) })));
      assert.equal(paths(validateVoteRequestLookup({ vote_request_contract_ids: Array.from({ length: 1001 }, (_, i) => `c${i}`) })).length, 1);
      assert.equal(paths(validateVoteRequestLookup({ vote_request_contract_ids: [''] })).length, 1);
    });
  });
});
