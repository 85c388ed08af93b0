import assert from 'node:assert/strict';
import { progressReporter } from '../../src/cli/progressReporter';
import { fakeIo } from './fakeIo';

describe('progressReporter', () => {
  it('not a terminal: JSON lines, progress at most once a second, then a done line with the totals', () => {
    const { io, stderr, advance } = fakeIo();
    const p = progressReporter(io, 'scan updates', false);
    p.item('a');
    advance(500);
    p.item('b');
    p.retry();
    advance(600);
    p.item('c');
    p.done('end');
    const lines = stderr.json();
    assert.deepEqual(
      lines.map((l) => Object.keys(l)[0]),
      ['progress', 'progress', 'done'],
    );
    assert.deepEqual(lines[1], { progress: { command: 'scan updates', items: 3, perSecond: 3, at: 'c', retries: 1 } });
    assert.deepEqual(lines[2], { done: { reason: 'end', command: 'scan updates', items: 3, perSecond: 3, at: 'c', retries: 1 } });
  });

  it('a terminal: one live line rewritten in place, cleared before an error line', () => {
    const { io, stderr } = fakeIo({}, { tty: true });
    const p = progressReporter(io, 'scan updates', false);
    p.item('a');
    p.error({ tag: 'HttpError', message: 'boom' });
    assert.equal(stderr.text, '\r\x1b[2Kscan updates: 1 items, 1000/s, at a, 0 retries\r\x1b[2Kscan updates: error: boom\n');
  });

  it('quiet: errors only', () => {
    const { io, stderr } = fakeIo();
    const p = progressReporter(io, 'x', true);
    p.item('a');
    p.event('resumed');
    p.done('end');
    assert.equal(stderr.text, '');
    p.error({ tag: 'T', message: 'm' });
    assert.deepEqual(stderr.json(), [{ error: { tag: 'T', message: 'm' } }]);
  });
});
