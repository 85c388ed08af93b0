import assert from 'node:assert/strict';
import { utf8Length } from '../../src/http/utf8Length';

describe('utf8Length', () => {
  it('counts the bytes UTF-8 encodes a text in, as TextEncoder does: 1, 2, 3 and 4-byte characters', () => {
    for (const text of ['', '{"a":1}', 'é', '{"a":"é"}', '€', 'Canton 🟢', '\u07ff\u0800\uffff', 'x'.repeat(1000) + '🙂'.repeat(10)]) {
      assert.equal(utf8Length(text), new TextEncoder().encode(text).length, JSON.stringify(text));
    }
  });
});
