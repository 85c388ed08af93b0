import assert from 'node:assert/strict';
import { keepRedaction, redactionOf } from '../../src/http/redactionOf';
import type { HttpResponse } from '../../src/http/types';

describe('redactionOf', () => {
  const response = (): HttpResponse => ({ status: 200, method: 'GET', url: 'http://p/x', body: { _tag: 'Text', text: 'you sent tok-123456' } });

  it('answers the redaction kept beside an answer, without changing the answer', () => {
    const r = response();
    const kept = keepRedaction(r, (text) => text.replace('tok-123456', '[redacted]'));
    assert.equal(kept, r);
    assert.deepEqual(Object.keys(r), ['status', 'method', 'url', 'body']);
    assert.equal(redactionOf(r)('you sent tok-123456'), 'you sent [redacted]');
  });

  it('falls back to the shapes of bearer tokens and JWTs for an answer made elsewhere', () => {
    assert.equal(redactionOf(response())('you sent Bearer tok-123456 and tok-123456'), 'you sent Bearer [redacted] and tok-123456');
  });
});
