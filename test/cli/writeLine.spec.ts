import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import { writeLine } from '../../src/cli/writeLine';

describe('writeLine', () => {
  it('adds the newline and does not wait while the stream takes more', () => {
    let text = '';
    const out = { write: (c: string) => ((text += c), true), once: () => undefined };
    assert.equal(writeLine(out, 'a'), undefined);
    assert.equal(text, 'a\n');
  });

  it('waits for drain when the stream asks to', async () => {
    const emitter = new EventEmitter();
    const out = { write: () => false, once: (e: 'drain', l: () => void) => emitter.once(e, l) };
    let drained = false;
    const waiting = writeLine(out, 'a')!.then(() => (drained = true));
    await Promise.resolve();
    assert.equal(drained, false);
    emitter.emit('drain');
    await waiting;
    assert.equal(drained, true);
  });
});
