import assert from 'node:assert/strict';
import { decodeError, httpError, invalidRequest } from '../../src/errors/constructors';

describe('error constructors', () => {
  it('build plain tagged objects that compare by value and leave unset optionals out', () => {
    const e = httpError({ status: 503, method: 'GET', url: 'u', body: { _tag: 'Empty' } });
    assert.deepEqual(e, { _tag: 'HttpError', status: 503, method: 'GET', url: 'u', body: { _tag: 'Empty' } });
    assert.deepEqual(Object.keys(e), ['_tag', 'status', 'method', 'url', 'body']);
    assert.equal(httpError({ status: 429, method: 'GET', url: 'u', body: { _tag: 'Empty' }, retryAfterMs: 0 }).retryAfterMs, 0);
    assert.deepEqual(decodeError('schema', []), { _tag: 'DecodeError', reason: 'schema', issues: [] });
    assert.deepEqual(decodeError('invalid-json', [], { method: 'GET', url: 'u' }), { _tag: 'DecodeError', reason: 'invalid-json', issues: [], method: 'GET', url: 'u' });
    assert.deepEqual(invalidRequest('m'), { _tag: 'InvalidRequest', message: 'm', issues: [] });
  });
});
