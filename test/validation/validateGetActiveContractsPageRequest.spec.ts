import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import { validateGetActiveContractsPageRequest } from '../../src/validation/validateGetActiveContractsPageRequest';

describe('validateGetActiveContractsPageRequest', () => {
  it('passes a request with an event format, unchanged', () => {
    const request = { eventFormat: { filtersByParty: {} }, activeAtOffset: 0, maxPageSize: 10, pageToken: 'x' };
    assert.deepEqual(validateGetActiveContractsPageRequest(request), E.right(request));
    assert.ok(E.isRight(validateGetActiveContractsPageRequest({ eventFormat: {}, activeAtOffset: null, maxPageSize: null })));
  });

  it('names each bad field: no event format, a negative offset, a page size below 1', () => {
    const r = validateGetActiveContractsPageRequest({ eventFormat: null, activeAtOffset: -3, maxPageSize: 0 });
    assert.ok(E.isLeft(r) && r.left._tag === 'InvalidRequest');
    assert.deepEqual(r.left.issues.map((i) => i.path).sort(), ['activeAtOffset', 'eventFormat', 'maxPageSize']);
  });
});
