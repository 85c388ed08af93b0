import assert from 'node:assert/strict';
import { readBody } from '../../src/http/readBody';

describe('readBody', () => {
  it('parses JSON by content type or by its look when no type says otherwise', () => {
    assert.deepEqual(readBody('application/json', '{"a":1}'), { _tag: 'Json', json: { a: 1 } });
    assert.deepEqual(readBody(null, '[1]'), { _tag: 'Json', json: [1] });
  });
  it('keeps plain text as text, even when it looks like JSON', () => {
    assert.deepEqual(readBody('text/plain; charset=UTF-8', 'Invalid value for: body'), { _tag: 'Text', text: 'Invalid value for: body' });
    assert.deepEqual(readBody('text/plain', '{not json'), { _tag: 'Text', text: '{not json' });
  });
  it('gives Empty for no body and undefined for JSON that does not parse', () => {
    assert.deepEqual(readBody('application/json', ''), { _tag: 'Empty' });
    assert.equal(readBody('application/json', '{"a":'), undefined);
  });
});
