import assert from 'node:assert/strict';
import { errorFields } from '../../src/cli/errorFields';
import type { HttpError } from '../../src/errors/CantonError';

describe('errorFields', () => {
  const http: HttpError = { _tag: 'HttpError', method: 'GET', url: 'http://127.0.0.1:1/api/scan/v0/dso-party-id', status: 404, body: { _tag: 'Text', text: 'nope' }, condition: 'NoTransferCommandCounter' } as unknown as HttpError;

  it('an HTTP error: its tag, status, condition and one-line message', () => {
    const f = errorFields(http);
    assert.equal(f['tag'], 'HttpError');
    assert.equal(f['status'], 404);
    assert.equal(f['condition'], 'NoTransferCommandCounter');
    assert.match(String(f['message']), /HTTP 404/);
  });

  it('a sink error: its tag and message; a feed error: its source too', () => {
    assert.deepEqual(errorFields({ _tag: 'StoreFailure', store: 'x', message: 'x: broken' }), { tag: 'StoreFailure', message: 'x: broken' });
    assert.equal(errorFields({ source: 'scan', error: http })['source'], 'scan');
  });
});
