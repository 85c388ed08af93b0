import { link, open, readFile, rename, unlink } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { dirname } from 'node:path';
import * as E from 'fp-ts/lib/Either.js';
import type { Checkpoint } from '../streams/checkpoints.js';
import type { StoredCheckpoint } from './CheckpointStore.js';
import { checkpointConflict, storeFailure, type SinkError } from './SinkError.js';

const isRevision = (n: unknown): n is number => typeof n === 'number' && Number.isSafeInteger(n) && n >= 0;

const code = (e: unknown): unknown => (e as { code?: unknown } | null)?.code;

/** Whether a process of this machine is alive (EPERM: alive, owned by someone else). */
const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return code(e) === 'EPERM';
  }
};

/** Writes a file and flushes it to disk before closing it. */
const writeDurably = async (path: string, text: string, flag: 'w' | 'wx'): Promise<void> => {
  const handle = await open(path, flag, 0o600);
  try {
    await handle.writeFile(text, 'utf8');
    await handle.sync();
  } finally {
    await handle.close();
  }
};

/** Flushes a directory, so that a rename in it survives a power cut. */
const syncDirectory = async (dir: string): Promise<void> => {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
};

/**
 * What a manifest store holds: a checkpoint store's content and, beside it, a manifest of the
 * writer's (the Parquet writer's committed files). @internal
 */
export interface StoredManifest<C extends Checkpoint, M> extends StoredCheckpoint<C> {
  readonly manifest: M | undefined;
}

/**
 * The file checkpoint store, with a manifest saved in the same file by the same compare-and-set,
 * and work done under its lock: `save`'s `whileLocked` runs after the compare succeeded and
 * before the file is replaced (the Parquet writer renames its files into place there), and
 * `withLock` runs work under the lock alone (Right(false) when a live writer holds it).
 * `fileCheckpointStore` is this store without a manifest. @internal
 */
export const fileManifestStore = <C extends Checkpoint = Checkpoint, M = never>(path: string) => {
  const lockPath = `${path}.lock`;

  const read = async (): Promise<E.Either<SinkError, StoredManifest<C, M>>> => {
    let text: string;
    try {
      text = await readFile(path, 'utf8');
    } catch (e) {
      if (code(e) === 'ENOENT') return E.right({ checkpoint: undefined, revision: 0, manifest: undefined });
      return E.left(storeFailure(path, 'cannot read the checkpoint file', e));
    }
    let json: { revision?: unknown; checkpoint?: unknown; manifest?: unknown };
    try {
      json = JSON.parse(text) as typeof json;
    } catch (e) {
      return E.left(storeFailure(path, 'the checkpoint file is not JSON', e));
    }
    const cp = json?.checkpoint as { stream?: unknown } | null | undefined;
    if (!isRevision(json?.revision) || (json.revision > 0 && (typeof cp !== 'object' || cp === null || typeof cp.stream !== 'string')))
      return E.left(storeFailure(path, 'the checkpoint file is not {"revision": n, "checkpoint": {"stream": ...}}'));
    return E.right({ checkpoint: json.revision > 0 ? (cp as C) : undefined, revision: json.revision, manifest: json.manifest as M | undefined });
  };

  /** Takes the lock: Right(true) taken, Right(false) held by a live writer. */
  const lock = async (retried = false): Promise<E.Either<SinkError, boolean>> => {
    // Written aside, then hard-linked into place: the lock appears with its pid in it, so a writer
    // killed at any instant never leaves an empty lock, which no one could tell from a live one.
    const mine = `${lockPath}.${process.pid}.${randomBytes(6).toString('hex')}`;
    try {
      await writeDurably(mine, String(process.pid), 'wx');
      await link(mine, lockPath);
      return E.right(true);
    } catch (e) {
      if (code(e) !== 'EEXIST') return E.left(storeFailure(path, 'cannot create the lock file', e));
    } finally {
      await unlink(mine).catch(() => undefined);
    }
    let holder: string;
    try {
      holder = await readFile(lockPath, 'utf8');
    } catch (e) {
      // Released between our create and our read: try once more.
      if (code(e) === 'ENOENT' && !retried) return lock(true);
      return code(e) === 'ENOENT' ? E.right(false) : E.left(storeFailure(path, 'cannot read the lock file', e));
    }
    const pid = Number(holder);
    // An empty lock is one being written right now (or whose writer died before writing): only a dead pid is stale.
    if (retried || !Number.isSafeInteger(pid) || pid <= 0 || alive(pid)) return E.right(false);
    // Break the stale lock by moving it aside, then make sure what was moved is the stale one:
    // another writer may have broken it and taken a fresh lock in between.
    const aside = `${lockPath}.${randomBytes(6).toString('hex')}.stale`;
    try {
      await rename(lockPath, aside);
      const moved = await readFile(aside, 'utf8');
      await unlink(aside);
      if (moved !== holder) return E.right(false);
    } catch (e) {
      if (code(e) === 'ENOENT') return E.right(false);
      return E.left(storeFailure(path, 'cannot break a stale lock file', e));
    }
    return lock(true);
  };

  const save = async (checkpoint: C, expected: number, manifest?: M, whileLocked?: () => Promise<void>): Promise<E.Either<SinkError, number>> => {
    if (!isRevision(expected)) return E.left(storeFailure(path, `expected revision ${String(expected)} is not a whole number ≥ 0`));
    const locked = await lock();
    if (E.isLeft(locked)) return locked;
    if (!locked.right) return E.left(checkpointConflict(path, expected, undefined, 'another writer is saving'));
    const tmp = `${path}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      const current = await read();
      if (E.isLeft(current)) return current;
      if (current.right.revision !== expected) return E.left(checkpointConflict(path, expected, current.right.revision, 'the checkpoint moved on'));
      const revision = expected + 1;
      if (whileLocked !== undefined) await whileLocked();
      await writeDurably(tmp, JSON.stringify(manifest === undefined ? { revision, checkpoint } : { revision, checkpoint, manifest }) + '\n', 'wx');
      await rename(tmp, path);
      await syncDirectory(dirname(path));
      return E.right(revision);
    } catch (e) {
      await unlink(tmp).catch(() => undefined);
      return E.left(storeFailure(path, 'cannot write the checkpoint file', e));
    } finally {
      await unlink(lockPath).catch(() => undefined);
    }
  };

  const withLock = async (work: () => Promise<void>): Promise<E.Either<SinkError, boolean>> => {
    const locked = await lock();
    if (E.isLeft(locked) || !locked.right) return locked;
    try {
      await work();
      return E.right(true);
    } catch (e) {
      return E.left(storeFailure(path, 'cannot work under the lock', e));
    } finally {
      await unlink(lockPath).catch(() => undefined);
    }
  };

  return { load: read, save, withLock };
};
