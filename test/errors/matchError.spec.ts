import assert from 'node:assert/strict';
import { matchError } from '../../src/errors/matchError';
import { decodeError, httpError, invalidRequest, networkError, timeoutError } from '../../src/errors/constructors';

describe('matchError', () => {
  const tagOf = matchError({
    HttpError: (e) => `http ${e.status}`,
    NetworkError: (e) => `network ${e.message}`,
    TimeoutError: (e) => `timeout ${e.timeoutMs}`,
    DecodeError: (e) => `decode ${e.reason}`,
    InvalidRequest: (e) => `invalid ${e.message}`,
    ScanDisagreement: (e) => `scans ${e.reason}`,
  });

  it('calls the handler of the error tag with the narrowed error', () => {
    assert.equal(tagOf(httpError({ status: 404, method: 'GET', url: 'u', body: { _tag: 'Empty' } })), 'http 404');
    assert.equal(tagOf(networkError('GET', 'u', 'reset', null)), 'network reset');
    assert.equal(tagOf(timeoutError('GET', 'u', 5)), 'timeout 5');
    assert.equal(tagOf(decodeError('schema', [])), 'decode schema');
    assert.equal(tagOf(invalidRequest('nope')), 'invalid nope');
  });
});
