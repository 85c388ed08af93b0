import assert from 'node:assert/strict';
import { redact } from '../../src/http/redact';

describe('redact', () => {
  it('replaces every occurrence, raw and JSON-escaped', () => {
    assert.equal(redact('a tok b tok', 'tok'), 'a [redacted] b [redacted]');
    const secret = 'x/y"z';
    const json = JSON.stringify({ m: `is ${secret}` });
    assert.equal(redact(json, secret), '{"m":"is [redacted]"}');
    assert.equal(redact('{"m":"x\\/y\\"z"}', secret), '{"m":"[redacted]"}');
  });
  it('keeps the JSON it redacts parseable', () => {
    assert.deepEqual(JSON.parse(redact(JSON.stringify({ a: ['s3cr"et', { b: 's3cr"et!' }] }), 's3cr"et')), { a: ['[redacted]', { b: '[redacted]!' }] });
  });
  it('leaves the text alone without a secret', () => {
    assert.equal(redact('text', undefined), 'text');
    assert.equal(redact('text', ''), 'text');
  });
});
