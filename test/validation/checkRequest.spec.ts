import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import { checkRequest, type RequestValidation } from '../../src/validation/checkRequest';
import { requestValidations } from '../../src/validation/requestValidations';
import { validateUpdateHistoryRequest } from '../../src/validation/validateUpdateHistoryRequest';
import { validateHoldingsStateRequest } from '../../src/validation/validateHoldingsStateRequest';
import { validateGetUpdatesPageRequest } from '../../src/validation/validateGetUpdatesPageRequest';
import { validateGetActiveContractsPageRequest } from '../../src/validation/validateGetActiveContractsPageRequest';
import { validateVoteRequestLookup } from '../../src/validation/validateVoteRequestLookup';
import { validateCreateAnsEntryRequest } from '../../src/validation/validateCreateAnsEntryRequest';
import { scanOperations } from '../../src/generated/scan/operations';
import { ledgerOperations } from '../../src/generated/ledger/operations';
import { validatorOperations } from '../../src/generated/validator/operations';

const issues = (r: E.Either<{ readonly issues: ReadonlyArray<unknown> }, unknown>): ReadonlyArray<unknown> => {
  assert.ok(E.isLeft(r), JSON.stringify(r));
  return r.left.issues;
};

describe('checkRequest', () => {
  it('gives Right(subject) when every rule holds, the subject itself', () => {
    const subject = { page_size: 10 };
    const r = checkRequest(requestValidations.updateHistoryRequest, subject);
    assert.ok(E.isRight(r) && r.right === subject);
  });

  it('names the request in its message and each failed rule by its path', () => {
    const r = checkRequest(requestValidations.acsSnapshotRequest, { migration_id: -1, record_time: '2026-03-19 17:00', page_size: 1001 });
    assert.ok(E.isLeft(r));
    assert.equal(r.left.message, 'invalid ACS snapshot request');
    assert.deepEqual(r.left.issues, [
      { path: 'migration_id', message: 'must be a non-negative integer' },
      { path: 'record_time', message: 'must be an ISO-8601 UTC instant' },
      { path: 'page_size', message: 'must be at most 1000' },
    ]);
  });

  it('`when`: a rule applies only where its path holds a value (null and absent alike)', () => {
    const v = requestValidations.updateHistoryRequest;
    assert.ok(E.isRight(checkRequest(v, { page_size: 1, after: null })));
    assert.deepEqual(issues(checkRequest(v, { page_size: 1, after: {} })), [
      { path: 'after.after_migration_id', message: 'must be a non-negative integer' },
      { path: 'after.after_record_time', message: 'must be an ISO-8601 UTC instant' },
    ]);
  });

  it('strings: type, suffix from the context (or its default), length, URL', () => {
    const v = requestValidations.ansEntryRequest;
    assert.ok(E.isRight(checkRequest(v, { name: 'a.unverified.cns', url: '', description: '' })));
    assert.ok(E.isRight(checkRequest(v, { name: 'a.unverified.ans', url: 'https://a.example', description: '' }, { ansAcronym: 'ans' })));
    assert.deepEqual(issues(checkRequest(v, { name: '.unverified.cns', url: 'x'.repeat(256), description: 7 })), [
      { path: 'name', message: 'must end with .unverified.cns' },
      { path: 'url', message: 'must have at most 255 characters' },
      { path: 'url', message: 'must be empty or a valid URL' },
      { path: 'description', message: 'must be a string' },
    ]);
  });

  it('arrays: size and items, with the entry\'s message; objects; non-empty strings', () => {
    assert.deepEqual(issues(checkRequest(requestValidations.voteRequestLookup, { vote_request_contract_ids: [''] })), [{ path: 'vote_request_contract_ids', message: 'must hold non-empty strings' }]);
    assert.equal(issues(checkRequest(requestValidations.voteRequestLookup, { vote_request_contract_ids: 'x' })).length, 2);
    assert.deepEqual(issues(checkRequest(requestValidations.bulkChecksumsRequest, { object_keys: [1] })), [{ path: 'object_keys', message: 'must be an array of strings' }]);
    assert.deepEqual(issues(checkRequest(requestValidations.activeContractsPageRequest, { eventFormat: null })), [{ path: 'eventFormat', message: 'is required' }]);
    assert.deepEqual(issues(checkRequest(requestValidations.party, { party: '' })), [{ path: 'party', message: 'must be a non-empty string' }]);
    const generic: RequestValidation = { what: 'list', on: 'body', rules: [{ rule: 'array', path: 'xs', minItems: 1 }] };
    assert.deepEqual(issues(checkRequest(generic, { xs: [] })), [{ path: 'xs', message: 'must be an array of the allowed size and items' }]);
  });

  it('notBelow: compares two numbers, and only numbers', () => {
    const v = requestValidations.getUpdatesPageRequest;
    assert.deepEqual(issues(checkRequest(v, { updateFormat: {}, beginOffsetExclusive: 5, endOffsetInclusive: 4 })), [{ path: 'endOffsetInclusive', message: 'must not be below beginOffsetExclusive' }]);
    assert.ok(E.isRight(checkRequest(v, { updateFormat: {}, beginOffsetExclusive: 5, endOffsetInclusive: 5 })));
    assert.ok(E.isRight(checkRequest(v, { updateFormat: {}, endOffsetInclusive: 5 })));
  });

  it('one mechanism: the deprecated validate* functions run the entries the descriptors run', () => {
    const bad = { page_size: 0, migration_id: -1, record_time: 'x', owner_party_ids: [], updateFormat: null, eventFormat: null, vote_request_contract_ids: [''], name: 'a', url: 'b', description: '' } as never;
    const pairs = [
      [validateUpdateHistoryRequest(bad), scanOperations.getUpdateHistoryV2.validation],
      [validateUpdateHistoryRequest(bad), scanOperations.getUpdateHistoryV1.validation],
      [validateHoldingsStateRequest(bad), scanOperations.getHoldingsStateAtV2.validation],
      [validateVoteRequestLookup(bad), scanOperations.listVoteRequestsByTrackingCid.validation],
      [validateGetUpdatesPageRequest(bad), ledgerOperations.getUpdatesPage.validation],
      [validateGetActiveContractsPageRequest(bad), ledgerOperations.getActiveContractsPage.validation],
      [validateCreateAnsEntryRequest(bad, 'ans'), validatorOperations.createAnsEntry.validation],
    ] as const;
    for (const [shim, entry] of pairs) {
      assert.ok(entry !== undefined && E.isLeft(shim));
      assert.deepEqual(shim, checkRequest(entry, bad, { ansAcronym: 'ans' }));
    }
  });
});
