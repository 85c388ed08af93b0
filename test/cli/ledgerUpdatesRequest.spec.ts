import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import { ledgerUpdatesRequest } from '../../src/cli/ledgerUpdatesRequest';
import { UsageError } from '../../src/cli/UsageError';
import { validateGetUpdatesPageRequest } from '../../src/validation/validateGetUpdatesPageRequest';

describe('ledgerUpdatesRequest', () => {
  const base = { party: [] as string[], templateId: [] as string[], shape: 'acs-delta' as const, pageSize: 50 };

  it('parties, templates and shape make a request the library accepts', () => {
    const request = ledgerUpdatesRequest({ ...base, party: ['alice::1', 'bob::2'], templateId: ['#pkg:M:T'], shape: 'ledger-effects', beginExclusive: 7 });
    const filters = { cumulative: [{ identifierFilter: { TemplateFilter: { value: { templateId: '#pkg:M:T' } } } }] };
    assert.deepEqual(request, {
      updateFormat: {
        includeTransactions: { transactionShape: 'TRANSACTION_SHAPE_LEDGER_EFFECTS', eventFormat: { filtersByParty: { 'alice::1': filters, 'bob::2': filters } } },
        includeReassignments: { filtersByParty: { 'alice::1': filters, 'bob::2': filters } },
      },
      maxPageSize: 50,
      beginOffsetExclusive: 7,
    });
    assert.ok(E.isRight(validateGetUpdatesPageRequest(request)));
  });

  it('--any-party reads for any party; no party at all, or both, is bad usage', () => {
    const request = ledgerUpdatesRequest({ ...base, anyParty: true, endInclusive: 9 });
    assert.deepEqual(request.updateFormat.includeReassignments, { filtersForAnyParty: {} });
    assert.equal(request.endOffsetInclusive, 9);
    assert.throws(() => ledgerUpdatesRequest(base), UsageError);
    assert.throws(() => ledgerUpdatesRequest({ ...base, party: ['a'], anyParty: true }), UsageError);
  });
});
