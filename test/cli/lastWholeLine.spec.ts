import assert from 'node:assert/strict';
import { lastWholeLine } from '../../src/cli/lastWholeLine';

const b = (s: string) => Buffer.from(s, 'utf8');

describe('lastWholeLine', () => {
  it('an empty file: nothing to keep, no line', () => {
    assert.deepEqual(lastWholeLine(b('')), { keep: 0 });
  });

  it('whole lines: keeps all, answers the last', () => {
    assert.deepEqual(lastWholeLine(b('{"a":1}\n{"a":2}\n')), { keep: 16, line: '{"a":2}' });
  });

  it('a cut-off last line is dropped: keeps up to the last newline', () => {
    assert.deepEqual(lastWholeLine(b('{"a":1}\n{"a":2}\n{"a"')), { keep: 16, line: '{"a":2}' });
    assert.deepEqual(lastWholeLine(b('{"a"')), { keep: 0 });
  });

  it('skips blank lines when looking for the last one', () => {
    assert.deepEqual(lastWholeLine(b('{"a":1}\n\n  \n')), { keep: 12, line: '{"a":1}' });
  });

  it('counts bytes, not characters', () => {
    const text = '{"n":"é"}\n';
    assert.deepEqual(lastWholeLine(b(text)), { keep: Buffer.byteLength(text), line: '{"n":"é"}' });
  });
});
