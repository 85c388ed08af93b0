import assert from 'node:assert/strict';
import { isRetryableRead } from '../../src/errors/isRetryableRead';
import { decodeError, httpError, invalidRequest, networkError, tokenProviderError } from '../../src/errors/constructors';

const http = (status: number) => httpError({ status, method: 'POST', url: 'http://s/api/scan/v2/updates', body: { _tag: 'SimpleError', error: 'An unexpected error occurred.' } });

describe('isRetryableRead', () => {
  it('retries every 5xx but 501 on a read, besides what isRetryable retries', () => {
    assert.deepEqual([500, 501, 502, 503, 504, 507, 599].map((s) => isRetryableRead(http(s))), [true, false, true, true, true, true, true]);
    assert.equal(isRetryableRead(networkError('GET', 'u', 'reset', null)), true);
    assert.equal(isRetryableRead(decodeError('invalid-json', [])), true);
  });
  it('retries a token provider that failed (a refresh blip), not other invalid requests', () => {
    assert.equal(isRetryableRead(tokenProviderError('the token provider failed', [{ path: 'token', message: 'threw or rejected' }])), true);
    assert.equal(isRetryableRead(invalidRequest('bad', [{ path: 'page_size', message: 'too large' }])), false);
  });
  it('never retries 4xx but 429, nor a body of the wrong shape', () => {
    assert.deepEqual([400, 401, 403, 404, 409, 429].map((s) => isRetryableRead(http(s))), [false, false, false, false, false, true]);
    assert.equal(isRetryableRead(decodeError('schema', [])), false);
    assert.equal(isRetryableRead(decodeError('invariant', [])), false);
  });
});
