import assert from 'node:assert/strict';
import { checkpointConflict, storeFailure } from '../../src/checkpoints/SinkError';

describe('SinkError', () => {
  it('a conflict says which store, what it expected and what it found', () => {
    assert.deepEqual(checkpointConflict('postgres:feed', 3, 4, 'the checkpoint moved on'), {
      _tag: 'CheckpointConflict',
      store: 'postgres:feed',
      expected: 3,
      actual: 4,
      message: 'postgres:feed: the checkpoint moved on (expected revision 3, found 4); another writer owns this stream',
    });
    assert.equal('actual' in checkpointConflict('f', 0, undefined, 'held'), false);
  });

  it('a failure keeps a plain copy of what was thrown, never the object', () => {
    const thrown = Object.assign(new Error('connection refused'), { code: 'ECONNREFUSED', client: { password: 'hunter2' } });
    const f = storeFailure('postgres:feed', 'cannot commit', thrown);
    assert.deepEqual(f, { _tag: 'StoreFailure', store: 'postgres:feed', message: 'postgres:feed: cannot commit: connection refused', cause: { name: 'Error', message: 'connection refused', code: 'ECONNREFUSED' } });
    assert.doesNotMatch(JSON.stringify(f), /hunter2/);
    assert.deepEqual(storeFailure('s', 'odd', 'a string'), { _tag: 'StoreFailure', store: 's', message: 's: odd: a string', cause: { name: 'Error', message: 'a string' } });
    assert.deepEqual(storeFailure('s', 'no cause'), { _tag: 'StoreFailure', store: 's', message: 's: no cause' });
  });
});
