import assert from 'node:assert/strict';
import { plainError } from '../../src/http/plainError';
import { redact } from '../../src/http/redact';

const clean = (secret: string | undefined) => (text: string) => redact(text, secret);

describe('plainError', () => {
  it('copies name, message, code and causes as plain redacted data', () => {
    const inner = Object.assign(new Error('inner S'), { code: 'E_S' });
    const outer = Object.assign(new TypeError('outer S'), { cause: inner, name: 'TypeError S', headers: { authorization: 'Bearer S' } });
    assert.deepEqual(plainError(outer, clean('S')), {
      name: 'TypeError [redacted]',
      message: 'outer [redacted]',
      cause: { name: 'Error', message: 'inner [redacted]', code: 'E_[redacted]' },
    });
  });
  it('reads thrown non-errors and stops at a bounded depth', () => {
    assert.deepEqual(plainError('just S', clean('S')), { name: 'Error', message: 'just [redacted]' });
    assert.deepEqual(plainError({ code: 5 }, clean(undefined)), { name: 'Error', message: '', code: '5' });
    const loop: { message: string; cause?: unknown } = { message: 'loop' };
    loop.cause = loop;
    assert.equal(JSON.stringify(plainError(loop, clean(undefined))).split('loop').length - 1, 3);
  });
});
