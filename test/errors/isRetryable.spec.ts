import assert from 'node:assert/strict';
import { isRetryable } from '../../src/errors/isRetryable';
import type { CantonError, ErrorBody } from '../../src/errors/CantonError';
import { decodeError, httpError, invalidRequest, networkError, timeoutError, tokenProviderError } from '../../src/errors/constructors';

const http = (status: number, body: ErrorBody = { _tag: 'Empty' }) => httpError({ status, method: 'GET', url: 'http://h/x', body });
const ledger = (errorCategory: number, retryInfo: string | null = null): ErrorBody => ({
  _tag: 'LedgerError',
  error: { code: 'X', cause: 'c', context: {}, errorCategory, retryInfo },
});

describe('isRetryable', () => {
  // The table of docs/errors.md, row by row.
  const table: Array<[string, CantonError, boolean]> = [
    ['NetworkError', networkError('GET', 'u', 'reset', {}), true],
    ['TimeoutError', timeoutError('GET', 'u', 10), true],
    ['DecodeError invalid-json', decodeError('invalid-json', []), true],
    ['DecodeError schema', decodeError('schema', []), false],
    ['InvalidRequest', invalidRequest('bad'), false],
    ['InvalidRequest, token provider failed', tokenProviderError('the token provider failed', [{ path: 'token', message: 'threw or rejected' }]), true],
    ['HTTP 429', http(429, { _tag: 'Text', text: 'Too Many Requests' }), true],
    ['HTTP 502', http(502), true],
    ['HTTP 503', http(503), true],
    ['HTTP 504', http(504), true],
    ['HTTP 500 Splice', http(500, { _tag: 'SimpleError', error: 'An unexpected error occurred.' }), false],
    ['HTTP 501', http(501), false],
    ['HTTP 400', http(400, { _tag: 'Text', text: 'Invalid value for: body' }), false],
    ['HTTP 401', http(401), false],
    ['HTTP 403', http(403), false],
    ['HTTP 404', http(404), false],
    ['HTTP 409', http(409), false],
    ['ledger category 1 TransientServerFailure', http(500, ledger(1)), true],
    ['ledger category 2 ContentionOnSharedResources', http(409, ledger(2)), true],
    ['ledger category 3 DeadlineExceededRequestStateUnknown', http(500, ledger(3)), true],
    ['ledger category 12 SeekAfterEnd', http(400, ledger(12)), true],
    ['ledger category 8 with retryInfo', http(400, ledger(8, '1 second')), true],
    ['ledger category 8 InvalidIndependentOfSystemState', http(400, ledger(8)), false],
    ['ledger category 9 (pruned data)', http(400, ledger(9)), false],
    ['ledger category 11 ResourceMissing', http(404, ledger(11)), false],
  ];
  for (const [name, error, expected] of table) {
    it(`${name}: ${expected ? 'retryable' : 'not retryable'}`, () => assert.equal(isRetryable(error), expected));
  }
});
