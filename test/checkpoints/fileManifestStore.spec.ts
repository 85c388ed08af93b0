import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as E from 'fp-ts/lib/Either.js';
import { fileManifestStore } from '../../src/checkpoints/fileManifestStore';
import type { LedgerCheckpoint } from '../../src/streams/checkpoints';
import { right } from '../helpers/eithers';

describe('fileManifestStore', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'canton-rx-manifest-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  const cp = (offset: number): LedgerCheckpoint => ({ stream: 'ledger.updates', offset });

  it('saves a manifest beside the checkpoint by the same compare-and-set, running whileLocked only when the compare holds', async () => {
    const store = fileManifestStore<LedgerCheckpoint, { files: string[] }>(join(dir, 'm.json'));
    assert.deepEqual(right(await store.load()), { checkpoint: undefined, revision: 0, manifest: undefined });
    const ran: number[] = [];
    assert.equal(right(await store.save(cp(1), 0, { files: ['a'] }, async () => void ran.push(1))), 1);
    const stale = await store.save(cp(2), 0, { files: ['a', 'b'] }, async () => void ran.push(2));
    assert.ok(E.isLeft(stale) && stale.left._tag === 'CheckpointConflict');
    assert.deepEqual(ran, [1]);
    assert.deepEqual(right(await store.load()), { checkpoint: cp(1), revision: 1, manifest: { files: ['a'] } });
  });

  it('a whileLocked that throws stores nothing: the old checkpoint and manifest stay', async () => {
    const store = fileManifestStore<LedgerCheckpoint, { files: string[] }>(join(dir, 'm.json'));
    right(await store.save(cp(1), 0, { files: ['a'] }));
    const failed = await store.save(cp(2), 1, { files: ['a', 'b'] }, () => Promise.reject(new Error('rename failed')));
    assert.ok(E.isLeft(failed) && failed.left._tag === 'StoreFailure');
    assert.deepEqual(right(await store.load()), { checkpoint: cp(1), revision: 1, manifest: { files: ['a'] } });
  });

  it('withLock runs work under the lock; a lock held by a live process answers false and runs nothing', async () => {
    const path = join(dir, 'm.json');
    const store = fileManifestStore<LedgerCheckpoint>(path);
    let ran = 0;
    assert.equal(right(await store.withLock(async () => void ran++)), true);
    writeFileSync(`${path}.lock`, String(process.pid));
    assert.equal(right(await store.withLock(async () => void ran++)), false);
    assert.equal(ran, 1);
  });
});
