import type * as E from 'fp-ts/lib/Either.js';
import type { Checkpoint } from '../streams/checkpoints.js';
import type { SinkError } from './SinkError.js';

/**
 * What a checkpoint store holds for one stream: the checkpoint (absent before the first save)
 * and its revision: 0 before the first save, greater after each (the file and PostgreSQL stores
 * count the saves; NATS answers the key-value entry's revision).
 * @category Sinks
 * @since 0.2.0
 */
export interface StoredCheckpoint<C extends Checkpoint = Checkpoint> {
  readonly checkpoint: C | undefined;
  readonly revision: number;
}

/**
 * Where a service keeps a stream's checkpoint between runs. `save` is a compare-and-set: it
 * stores the checkpoint only if the stored revision is still the one this writer loaded (or last
 * saved), and answers the new revision; otherwise it stores nothing and answers a
 * `CheckpointConflict`. Two writers of one stream therefore cannot both advance it: the second
 * one's save fails, loudly, and it must stop.
 *
 * Implementations: `fileCheckpointStore` (a local file), and the sinks of `canton-rx/postgres`
 * and `canton-rx/nats`, which store the checkpoint together with the items.
 *
 * @example
 * ```ts
 * import { createClient, fileCheckpointStore, type ScanCheckpoint } from 'canton-rx';
 * import * as E from 'fp-ts/lib/Either.js';
 *
 * const store = fileCheckpointStore<ScanCheckpoint>('/var/lib/feed/scan.checkpoint.json');
 * const loaded = await store.load();
 * if (E.isLeft(loaded)) throw new Error(loaded.left.message);
 * let revision = loaded.right.revision;
 * const client = createClient({ scan: { url: 'https://scan.example.com/api/scan' } });
 * client.scan.pages.updates({ page_size: 100 }, { from: loaded.right.checkpoint }).subscribe(async (r) => {
 *   if (E.isLeft(r) || r.right.checkpoint === undefined) return;
 *   const saved = await store.save(r.right.checkpoint, revision);
 *   if (E.isLeft(saved)) throw new Error(saved.left.message); // another writer took over
 *   revision = saved.right;
 * });
 * ```
 * @category Sinks
 * @since 0.2.0
 */
export interface CheckpointStore<C extends Checkpoint = Checkpoint> {
  /** The stored checkpoint and its revision; `{ checkpoint: undefined, revision: 0 }` when nothing was saved yet. */
  load(): Promise<E.Either<SinkError, StoredCheckpoint<C>>>;
  /** Stores `checkpoint` if the stored revision is `expected`; answers the new revision, greater than `expected`. */
  save(checkpoint: C, expected: number): Promise<E.Either<SinkError, number>>;
}
