import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as E from 'fp-ts/lib/Either.js';
import { fileCheckpointStore } from '../../src/checkpoints/fileCheckpointStore';
import type { LedgerCheckpoint } from '../../src/streams/checkpoints';
import { right } from '../helpers/eithers';

const at = (offset: number): LedgerCheckpoint => ({ stream: 'ledger.updates', offset });


describe('fileCheckpointStore', () => {
  let dir: string;
  let path: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'canton-rx-cp-'));
    path = join(dir, 'feed.json');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('nothing saved yet: no checkpoint, revision 0', async () => {
    assert.deepEqual(right(await fileCheckpointStore(path).load()), { checkpoint: undefined, revision: 0 });
  });

  it('saves with compare-and-set and loads what it saved, revision by revision', async () => {
    const store = fileCheckpointStore<LedgerCheckpoint>(path);
    assert.equal(right(await store.save(at(1), 0)), 1);
    assert.equal(right(await store.save(at(7), 1)), 2);
    assert.deepEqual(right(await fileCheckpointStore<LedgerCheckpoint>(path).load()), { checkpoint: at(7), revision: 2 });
    assert.deepEqual(JSON.parse(readFileSync(path, 'utf8')), { revision: 2, checkpoint: at(7) });
    // Neither a temporary file nor the lock is left behind.
    assert.deepEqual(readdirSync(dir), ['feed.json']);
  });

  it('two writers of one stream: the second save from the same revision is a conflict and stores nothing', async () => {
    const a = fileCheckpointStore<LedgerCheckpoint>(path);
    const b = fileCheckpointStore<LedgerCheckpoint>(path);
    const ra = right(await a.load()).revision;
    const rb = right(await b.load()).revision;
    assert.equal(right(await a.save(at(10), ra)), 1);
    const second = await b.save(at(20), rb);
    assert.ok(E.isLeft(second));
    assert.equal(second.left._tag, 'CheckpointConflict');
    assert.deepEqual(second.left._tag === 'CheckpointConflict' && [second.left.expected, second.left.actual], [0, 1]);
    assert.match(second.left.message, /another writer/);
    assert.deepEqual(right(await a.load()), { checkpoint: at(10), revision: 1 });
  });

  it('saves racing from one revision: exactly one wins', async () => {
    const results = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => fileCheckpointStore<LedgerCheckpoint>(path).save(at(n), 0)));
    assert.equal(results.filter(E.isRight).length, 1);
    assert.ok(results.filter(E.isLeft).every((r) => r.left._tag === 'CheckpointConflict'));
    const stored = right(await fileCheckpointStore<LedgerCheckpoint>(path).load());
    assert.equal(stored.revision, 1);
    const winner = results.findIndex(E.isRight);
    assert.deepEqual(stored.checkpoint, at(winner + 1));
  });

  it('a lock held by a live process is a conflict; one left by a dead process is broken', async () => {
    const store = fileCheckpointStore<LedgerCheckpoint>(path);
    writeFileSync(`${path}.lock`, String(process.pid));
    const held = await store.save(at(1), 0);
    assert.ok(E.isLeft(held) && held.left._tag === 'CheckpointConflict');
    const dead = spawnSync(process.execPath, ['-e', '0']).pid;
    writeFileSync(`${path}.lock`, String(dead));
    assert.equal(right(await store.save(at(1), 0)), 1);
    assert.deepEqual(readdirSync(dir), ['feed.json']);
  });

  it('a file that is not a checkpoint file is a StoreFailure naming the file, for load and save', async () => {
    writeFileSync(path, '{"revision": "x"');
    const loaded = await fileCheckpointStore(path).load();
    assert.ok(E.isLeft(loaded) && loaded.left._tag === 'StoreFailure');
    assert.ok(loaded.left.message.startsWith(path));
    writeFileSync(path, JSON.stringify({ revision: 3, checkpoint: null }));
    const saved = await fileCheckpointStore(path).save(at(1), 3);
    assert.ok(E.isLeft(saved) && saved.left._tag === 'StoreFailure');
    assert.deepEqual(readdirSync(dir), ['feed.json']);
  });

  it('a folder that does not exist is a StoreFailure, not a throw', async () => {
    const saved = await fileCheckpointStore(join(dir, 'missing', 'cp.json')).save(at(1), 0);
    assert.ok(E.isLeft(saved) && saved.left._tag === 'StoreFailure');
    assert.equal(saved.left.cause?.code, 'ENOENT');
  });
});
