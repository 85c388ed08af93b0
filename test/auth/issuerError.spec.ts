import assert from 'node:assert/strict';
import { issuerError } from '../../src/auth/issuerError';
import { isRetryable } from '../../src/errors/isRetryable';

const clean = (s: string) => s.split('sekret').join('[redacted]');
const url = 'https://login.example.com/token';

describe('issuerError', () => {
  it('an OAuth error body is an HttpError with its error and description, redacted; 503 retryable, 400 not', () => {
    const e = issuerError({ name: 'ResponseBodyError', status: 400, error: 'invalid_target', error_description: 'no sekret here' }, 'POST', url, 1000, clean);
    assert.deepEqual(e, { _tag: 'HttpError', status: 400, method: 'POST', url, body: { _tag: 'Json', json: { error: 'invalid_target', error_description: 'no [redacted] here' } } });
    assert.equal(isRetryable(e), false);
    assert.equal(isRetryable(issuerError({ status: 503, error: 'temporarily_unavailable' }, 'POST', url, 1000, clean)), true);
  });

  it('a WWW-Authenticate challenge (bad client credentials) gives its error; a refused response without one its status', () => {
    const challenged = issuerError({ name: 'WWWAuthenticateChallengeError', status: 401, cause: [{ scheme: 'basic', parameters: { error: 'invalid_client' } }] }, 'POST', url, 1000, clean);
    assert.deepEqual(challenged, { _tag: 'HttpError', status: 401, method: 'POST', url, body: { _tag: 'Json', json: { error: 'invalid_client' } } });
    const bare = issuerError({ name: 'ClientError', message: 'unexpected HTTP response status code', cause: { status: 502, headers: {} } }, 'GET', url, 1000, clean);
    assert.deepEqual(bare, { _tag: 'HttpError', status: 502, method: 'GET', url, body: { _tag: 'Empty' } });
  });

  it('a timeout, here or in a cause, is a TimeoutError; anything else a NetworkError with a plain, redacted cause', () => {
    assert.deepEqual(issuerError({ name: 'ClientError', cause: { name: 'TimeoutError' } }, 'POST', url, 5000, clean), { _tag: 'TimeoutError', method: 'POST', url, timeoutMs: 5000 });
    const net = issuerError(Object.assign(new TypeError('fetch failed: sekret'), { cause: { name: 'Error', code: 'ECONNREFUSED', message: 'connect ECONNREFUSED' } }), 'POST', url, 5000, clean);
    assert.equal(net._tag, 'NetworkError');
    assert.ok(isRetryable(net));
    assert.ok(!JSON.stringify(net).includes('sekret'));
    assert.match(JSON.stringify(net), /ECONNREFUSED/);
  });
});
