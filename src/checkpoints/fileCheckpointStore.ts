import type { Checkpoint } from '../streams/checkpoints.js';
import type { CheckpointStore } from './CheckpointStore.js';
import { fileManifestStore } from './fileManifestStore.js';

/**
 * A checkpoint store in one local file, JSON `{"revision": n, "checkpoint": {...}}`. A save
 * writes a temporary file beside it, flushes it (fsync), renames it over the file (atomic on
 * POSIX file systems) and flushes the directory, so that a crash at any instant leaves either the
 * old checkpoint or the new one, never a torn file. The compare-and-set holds across processes
 * of one machine: a save takes the lock file `<path>.lock` (created exclusively, holding the
 * writer's process id) for the instant of the compare and the rename; a lock held by a live
 * process is a conflict (another writer is saving), a lock left by a dead process (a writer
 * killed mid-save) is broken. Not for network file systems, whose exclusive create and rename
 * may not be atomic.
 *
 * @example
 * ```ts
 * import { fileCheckpointStore, type LedgerCheckpoint } from 'canton-rx';
 * import * as E from 'fp-ts/lib/Either.js';
 *
 * const store = fileCheckpointStore<LedgerCheckpoint>('./ledger.checkpoint.json');
 * const loaded = await store.load(); // Right({ checkpoint: undefined, revision: 0 }) the first time
 * if (E.isRight(loaded)) await store.save({ stream: 'ledger.updates', offset: 42 }, loaded.right.revision); // Right(1)
 * ```
 * @category Sinks
 * @since 0.2.0
 */
export const fileCheckpointStore = <C extends Checkpoint = Checkpoint>(path: string): CheckpointStore<C> => {
  const store = fileManifestStore<C>(path);
  return {
    load: async () => {
      const loaded = await store.load();
      return loaded._tag === 'Left' ? loaded : { _tag: 'Right', right: { checkpoint: loaded.right.checkpoint, revision: loaded.right.revision } };
    },
    save: (checkpoint, expected) => store.save(checkpoint, expected),
  };
};
