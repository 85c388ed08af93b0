import assert from 'node:assert/strict';
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as E from 'fp-ts/lib/Either.js';
import { openResumeFile } from '../../src/cli/openResumeFile';
import { fileCheckpointStore } from '../../src/checkpoints/fileCheckpointStore';
import type { LedgerCheckpoint } from '../../src/streams/checkpoints';

const cp = (offset: number): LedgerCheckpoint => ({ stream: 'ledger.updates', offset });

describe('openResumeFile', () => {
  let dir: string;
  let path: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'canton-rx-resume-'));
    path = join(dir, 'cp.json');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('after a kill (never closed) the next run continues after the last noted item, from the journal alone', async () => {
    const run = await openResumeFile<LedgerCheckpoint>(path);
    assert.equal(run.from, undefined);
    for (const n of [1, 2, 3]) assert.ok(E.isRight(run.note(cp(n))));
    // Nothing folded: FILE was never written, yet every note is in the kernel.
    assert.equal(existsSync(path), false);
    const next = await openResumeFile<LedgerCheckpoint>(path);
    assert.deepEqual(next.from, cp(3));
  });

  it('a cut-off last journal line (a kill mid-write) is dropped: the run before it stands', async () => {
    const run = await openResumeFile<LedgerCheckpoint>(path);
    run.note(cp(1));
    run.note(cp(2));
    appendFileSync(`${path}.journal`, '{"after":0,"checkpoint":{"stream":"ledger.upd');
    const next = await openResumeFile<LedgerCheckpoint>(path);
    assert.deepEqual(next.from, cp(2));
    next.note(cp(3));
    assert.deepEqual((await openResumeFile<LedgerCheckpoint>(path)).from, cp(3));
  });

  it('close folds the last note into FILE (a fileCheckpointStore file) and removes the journal', async () => {
    const run = await openResumeFile<LedgerCheckpoint>(path);
    run.note(cp(1));
    run.note(cp(2));
    assert.ok(E.isRight(await run.close()));
    assert.equal(existsSync(`${path}.journal`), false);
    assert.deepEqual(await fileCheckpointStore<LedgerCheckpoint>(path).load(), E.right({ checkpoint: cp(2), revision: 1 }));
    const next = await openResumeFile<LedgerCheckpoint>(path);
    assert.deepEqual(next.from, cp(2));
    // A run that notes nothing leaves FILE and a journal as they were.
    assert.ok(E.isRight(await next.close()));
    assert.deepEqual(await fileCheckpointStore<LedgerCheckpoint>(path).load(), E.right({ checkpoint: cp(2), revision: 1 }));
  });

  it('folds once foldMs has passed between page ends; journal lines of an older revision are ignored', async () => {
    const run = await openResumeFile<LedgerCheckpoint>(path, 100);
    run.note(cp(1));
    assert.ok(E.isRight(await run.pageEnded(0)));
    run.note(cp(2));
    assert.ok(E.isRight(await run.pageEnded(50)));
    assert.equal(existsSync(path), false);
    assert.ok(E.isRight(await run.pageEnded(100)));
    assert.deepEqual(await fileCheckpointStore<LedgerCheckpoint>(path).load(), E.right({ checkpoint: cp(2), revision: 1 }));
    assert.equal(readFileSync(`${path}.journal`, 'utf8'), '');
    // A line that names revision 0 is from before the fold: FILE is newer.
    appendFileSync(`${path}.journal`, `${JSON.stringify({ after: 0, checkpoint: cp(1) })}\n`);
    assert.deepEqual((await openResumeFile<LedgerCheckpoint>(path)).from, cp(2));
    run.note(cp(3));
    assert.deepEqual((await openResumeFile<LedgerCheckpoint>(path)).from, cp(3));
  });

  it('another writer that saved FILE meanwhile makes the next fold a CheckpointConflict, and its journal lines do not count', async () => {
    const run = await openResumeFile<LedgerCheckpoint>(path);
    run.note(cp(5));
    const other = fileCheckpointStore<LedgerCheckpoint>(path);
    assert.deepEqual(await other.save(cp(9), 0), E.right(1));
    assert.deepEqual((await openResumeFile<LedgerCheckpoint>(path)).from, cp(9));
    const closed = await run.close();
    assert.ok(E.isLeft(closed) && closed.left._tag === 'CheckpointConflict');
    assert.deepEqual(await other.load(), E.right({ checkpoint: cp(9), revision: 1 }));
  });
});
