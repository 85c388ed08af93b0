import { closeSync, fdatasync, ftruncateSync, openSync, unlinkSync, writeSync } from 'node:fs';
import * as E from 'fp-ts/lib/Either.js';
import { fileCheckpointStore } from '../checkpoints/fileCheckpointStore.js';
import { storeFailure, type SinkError } from '../checkpoints/SinkError.js';
import type { Checkpoint } from '../streams/checkpoints.js';
import { lastWholeLine } from './lastWholeLine.js';
import { readWholeFile } from './readWholeFile.js';
import { UsageError } from './UsageError.js';

/**
 * A `--resume FILE` checkpoint as the CLI keeps it while it runs.
 * @internal
 */
export interface ResumeFile<C extends Checkpoint> {
  /** Where the run continues: after the last checkpoint noted by an earlier run (journal included). */
  readonly from: C | undefined;
  /** Notes the checkpoint of the item just written out: one append to the journal, nothing waited for. */
  note(checkpoint: C): E.Either<SinkError, void>;
  /** A page was handed on in full: the journal goes to disk (not waited for), and every `foldMs` it is folded into FILE. */
  pageEnded(now: number): Promise<E.Either<SinkError, void>>;
  /** Folds what was noted into FILE (durably) and removes the journal; a run that noted nothing leaves both as they were. */
  close(): Promise<E.Either<SinkError, void>>;
}

/** How often the journal is folded into the checkpoint file by default: a few fsyncs every few seconds. */
export const DEFAULT_FOLD_MS = 5000;

/**
 * Opens a `--resume FILE` checkpoint for a run that notes one checkpoint per item written out.
 * FILE itself is a `fileCheckpointStore` file (read and written by it, compare-and-set and all);
 * beside it, `FILE.journal` takes one line per item, `{"after": revision, "checkpoint": ...}`,
 * appended with one `write` and no fsync. A kill (SIGKILL included) loses nothing the kernel
 * has, so after a kill the run continues after the last whole journal line, which was written
 * right after its item's line: at most the item in flight is repeated. The journal is flushed to
 * disk once a page (`fdatasync`, not waited for), and folded into FILE every `foldMs` and at the
 * end (the store's atomic, fsync'ed save; the journal is then emptied), so a power cut repeats at
 * most what the last flush had not reached. A journal line counts only if its `after` is FILE's
 * revision: lines left from before a fold, or from before another writer's save, are ignored.
 * Another writer of the same FILE is refused at the next fold (a `CheckpointConflict`).
 * @example
 * ```ts
 * const resume = await openResumeFile<ScanCheckpoint>('scan.checkpoint.json');
 * // ... write the item's line to stdout, then:
 * resume.note(checkpointOf(item));
 * await resume.close();
 * ```
 * @internal
 */
export const openResumeFile = async <C extends Checkpoint>(path: string, foldMs = DEFAULT_FOLD_MS): Promise<ResumeFile<C>> => {
  const store = fileCheckpointStore<C>(path);
  const loaded = await store.load();
  if (E.isLeft(loaded)) throw new UsageError(`--resume ${path}: ${loaded.left.message}`);
  let revision = loaded.right.revision;
  let from = loaded.right.checkpoint;
  const journalPath = `${path}.journal`;
  let fd: number;
  try {
    fd = openSync(journalPath, 'a+', 0o600);
  } catch (e) {
    throw new UsageError(`--resume ${path}: cannot open its journal ${journalPath}: ${(e as { code?: string }).code ?? 'error'}`);
  }
  const bytes = readWholeFile(fd);
  const { keep, line } = lastWholeLine(bytes);
  if (line !== undefined) {
    let entry: { after?: unknown; checkpoint?: { stream?: unknown } | null } | undefined;
    try {
      entry = JSON.parse(line) as typeof entry;
    } catch {
      entry = undefined;
    }
    // A line of this revision continues FILE; anything else is older than FILE (or not ours).
    if (entry?.after === revision && typeof entry.checkpoint?.stream === 'string') from = entry.checkpoint as C;
  }
  // A cut-off last line (a kill mid-write) goes, so that the next line starts on a line of its own.
  if (keep < bytes.length) ftruncateSync(fd, keep);

  let last: C | undefined;
  let foldedAt: number | undefined;
  // The journal's flush to disk in flight, if any: one at a time, and waited for before closing.
  let flushing: Promise<void> | undefined;

  const fold = async (): Promise<E.Either<SinkError, void>> => {
    if (last === undefined) return E.right(undefined);
    const saved = await store.save(last, revision);
    if (E.isLeft(saved)) return saved;
    revision = saved.right;
    last = undefined;
    // Its lines name the old revision: they would be ignored anyway; emptied so it stays small.
    ftruncateSync(fd, 0);
    return E.right(undefined);
  };

  return {
    from,
    note: (checkpoint) => {
      const chunk = Buffer.from(`${JSON.stringify({ after: revision, checkpoint })}\n`, 'utf8');
      try {
        let done = 0;
        while (done < chunk.length) done += writeSync(fd, chunk, done, chunk.length - done);
      } catch (e) {
        return E.left(storeFailure(journalPath, 'cannot append to the journal', e));
      }
      last = checkpoint;
      return E.right(undefined);
    },
    pageEnded: async (now) => {
      foldedAt ??= now;
      if (now - foldedAt >= foldMs) {
        foldedAt = now;
        return fold();
      }
      if (flushing === undefined && last !== undefined) {
        // On the thread pool while the next page is read; a failure shows at the next fold.
        flushing = new Promise<void>((resolve) => fdatasync(fd, () => resolve())).then(() => (flushing = undefined));
      }
      return E.right(undefined);
    },
    close: async () => {
      await flushing;
      // A run that noted nothing leaves the journal as it found it: its last line may be where FILE stands.
      const noted = last !== undefined;
      const r = await fold();
      closeSync(fd);
      if (noted && E.isRight(r)) {
        try {
          unlinkSync(journalPath);
        } catch {
          // Gone already, or not ours to remove: its lines name an old revision and are ignored.
        }
      }
      return r;
    },
  };
};
