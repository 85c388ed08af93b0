import assert from 'node:assert/strict';
import { processIo } from '../../src/cli/processIo';

describe('processIo', () => {
  it('the real streams and environment; SIGINT and SIGTERM are stop requests until unregistered', () => {
    const io = processIo();
    assert.equal(io.stdout, process.stdout);
    assert.equal(io.env, process.env);
    const before = [process.listenerCount('SIGINT'), process.listenerCount('SIGTERM')];
    const seen: string[] = [];
    const unregister = io.onStop((s) => seen.push(s));
    assert.deepEqual([process.listenerCount('SIGINT'), process.listenerCount('SIGTERM')], [before[0]! + 1, before[1]! + 1]);
    process.emit('SIGTERM', 'SIGTERM');
    assert.deepEqual(seen, ['SIGTERM']);
    unregister();
    assert.deepEqual([process.listenerCount('SIGINT'), process.listenerCount('SIGTERM')], before);
  });
});
