import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import { fileCheckpointStore } from '../../src/checkpoints/fileCheckpointStore.browser';

describe('fileCheckpointStore (browser build)', () => {
  it('answers load and save with a StoreFailure that names the file and says what to use', async () => {
    const store = fileCheckpointStore('scan.checkpoint.json');
    for (const answer of [await store.load(), await store.save({ stream: 'scan.updates', migration_id: 0, record_time: '2025-06-01T00:00:00Z' } as never, 0)]) {
      assert.ok(E.isLeft(answer));
      assert.equal(answer.left._tag, 'StoreFailure');
      assert.match(answer.left.message, /^scan\.checkpoint\.json: fileCheckpointStore needs Node .*localStorage/);
    }
  });
});
