import assert from 'node:assert/strict';
import { toHttpError } from '../../src/http/toHttpError';

const base = { status: 400, method: 'POST', url: 'http://p/v2/updates/get-updates-page', retryAfter: null };
const ledger = (code: string, extra: object = {}) => ({ code, cause: 'c', context: { category: '8' }, errorCategory: 8, ...extra });

describe('toHttpError', () => {
  it('decodes the body kinds', () => {
    assert.equal(toHttpError({ ...base, body: { _tag: 'Json', json: ledger('INVALID_ARGUMENT') } }, 0).body._tag, 'LedgerError');
    assert.deepEqual(toHttpError({ ...base, body: { _tag: 'Json', json: { error: 'x' } } }, 0).body, { _tag: 'SimpleError', error: 'x' });
    assert.deepEqual(toHttpError({ ...base, body: { _tag: 'Json', json: { error: 5 } } }, 0).body, { _tag: 'Json', json: { error: 5 } });
    assert.deepEqual(toHttpError({ ...base, body: { _tag: 'Text', text: 't' } }, 0).body, { _tag: 'Text', text: 't' });
    assert.deepEqual(toHttpError({ ...base, body: { _tag: 'Empty' } }, 0).body, { _tag: 'Empty' });
  });
  it('prefers Retry-After and falls back to the ledger retryInfo', () => {
    assert.equal(toHttpError({ ...base, retryAfter: '2', body: { _tag: 'Json', json: ledger('X', { retryInfo: '5 seconds' }) } }, 0).retryAfterMs, 2000);
    assert.equal(toHttpError({ ...base, body: { _tag: 'Json', json: ledger('X', { retryInfo: '5 seconds' }) } }, 0).retryAfterMs, 5000);
    assert.equal('retryAfterMs' in toHttpError({ ...base, body: { _tag: 'Empty' } }, 0), false);
  });
  it('recognises the ledger conditions by code, and only those', () => {
    assert.equal(toHttpError({ ...base, body: { _tag: 'Json', json: ledger('PARTICIPANT_PRUNED_DATA_ACCESSED') } }, 0).condition, 'ParticipantPruned');
    assert.equal(toHttpError({ ...base, body: { _tag: 'Json', json: ledger('INVALID_UPDATES_PAGE_TOKEN') } }, 0).condition, 'InvalidPageToken');
    assert.equal('condition' in toHttpError({ ...base, body: { _tag: 'Json', json: ledger('INVALID_ARGUMENT') } }, 0), false);
  });
});
