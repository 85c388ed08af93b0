import * as E from 'fp-ts/lib/Either.js';
import { fileCheckpointStore } from '../checkpoints/fileCheckpointStore.js';
import type { CheckpointStore } from '../checkpoints/CheckpointStore.js';
import type { Checkpoint } from '../streams/checkpoints.js';
import { toAsyncIterable } from '../streams/toAsyncIterable.js';
import { errorFields } from './errorFields.js';
import { openOutFile, type OutFile } from './openOutFile.js';
import { progressReporter } from './progressReporter.js';
import type { RecordStreamPlan } from './RecordStreamPlan.js';
import type { CliIo } from './types.js';
import { UsageError } from './UsageError.js';
import { writeLine } from './writeLine.js';

/**
 * Output flags of the streaming commands.
 * @category CLI
 * @since 0.3.0
 */
export interface OutputFlags {
  readonly format?: 'ndjson' | 'json';
  readonly out?: string;
  readonly resume?: string;
  readonly quiet?: boolean;
  /** Handled by `runPlan` (`runIntoSink`), not here. */
  readonly sink?: string;
  readonly sinkName?: string;
}

const STOPPED = Symbol('stopped');

const resumesFrom = (plan: { readonly stream?: string; readonly alsoResumes?: ReadonlyArray<string> }, cp: Checkpoint): boolean => cp.stream === plan.stream || (plan.alsoResumes ?? []).includes(cp.stream);

/**
 * Runs a record stream to stdout (or an `--out` file) one item a line, and answers the exit
 * code: 0 at the end or after a stop request, 1 when a `Left` ended it (printed on stderr).
 *
 * Each item is written before the next is asked for (pull mode: one page in memory however slow
 * the reader). With `--resume FILE` the item's checkpoint is saved to FILE (atomically) after its
 * line is written, so a kill between the two repeats that one line, never loses one. With
 * `--out FILE` the file is its own checkpoint: the run continues after its last whole line,
 * exactly once. A stop request (Ctrl-C, SIGTERM) ends the read after the item being written
 * (the request in flight is aborted) and closes the output cleanly.
 * @example
 * ```ts
 * const code = await runRecordStream(processIo(), scanUpdatesPlan(client, request, flags), { resume: 'scan.checkpoint.json' });
 * ```
 * @category CLI
 * @since 0.3.0
 */
export const runRecordStream = async <C extends Checkpoint, A>(io: CliIo, plan: RecordStreamPlan<C, A>, flags: OutputFlags): Promise<number> => {
  const json = flags.format === 'json';
  if (json && (flags.out !== undefined || flags.resume !== undefined)) throw new UsageError('--format json writes one JSON array: it cannot be resumed; use ndjson with --out or --resume');
  if (flags.out !== undefined && flags.resume !== undefined) throw new UsageError('--out is its own checkpoint: give --out or --resume, not both');
  if (plan.stream === undefined && (flags.out !== undefined || flags.resume !== undefined)) throw new UsageError(`${plan.command} cannot resume: write to stdout`);
  if (flags.out !== undefined && plan.checkpointOfLine === undefined) throw new UsageError(`${plan.command} cannot resume from its own output: use --resume FILE with stdout instead of --out`);

  const progress = progressReporter(io, plan.command, flags.quiet === true);
  let from: C | undefined;
  let out: OutFile | undefined;
  let store: CheckpointStore<C> | undefined;
  let revision = 0;

  if (flags.out !== undefined) {
    out = openOutFile(flags.out);
    if (out.last !== undefined) {
      from = plan.checkpointOfLine!(out.last);
      if (from === undefined || !resumesFrom(plan, from)) {
        out.close();
        throw new UsageError(`--out ${flags.out}: its last line is not an item of ${plan.command}`);
      }
      progress.event('resumed', { from, ...(out.dropped > 0 ? { droppedCutOffLine: true } : {}) });
    }
  }
  if (flags.resume !== undefined) {
    store = fileCheckpointStore<C>(flags.resume);
    const loaded = await store.load();
    if (E.isLeft(loaded)) throw new UsageError(`--resume ${flags.resume}: ${loaded.left.message}`);
    if (loaded.right.checkpoint !== undefined && !resumesFrom(plan, loaded.right.checkpoint))
      throw new UsageError(`--resume ${flags.resume} holds a checkpoint of ${loaded.right.checkpoint.stream}, not of ${plan.stream}`);
    from = loaded.right.checkpoint;
    revision = loaded.right.revision;
    if (from !== undefined) progress.event('resumed', { from });
  }

  let stopRequested: string | undefined;
  let wakeStop: (() => void) | undefined;
  const stopped = new Promise<typeof STOPPED>((resolve) => (wakeStop = () => resolve(STOPPED)));
  const unregister = io.onStop((signal) => {
    stopRequested = signal;
    progress.event('stopping', { signal });
    wakeStop?.();
  });

  const iterator = toAsyncIterable((pull) => plan.open(from, pull, ({ error }) => progress.retry(error)))[Symbol.asyncIterator]();
  let code = 0;
  let reason: 'end' | 'stopped' | 'error' = 'end';
  let first = true;
  const emit = async (line: string): Promise<void> => {
    if (out !== undefined) return out.write(line);
    if (json) {
      await writeLine(io.stdout, `${first ? '[' : ','}${line}`);
      first = false;
      return;
    }
    await writeLine(io.stdout, line);
  };
  try {
    for (;;) {
      if (stopRequested !== undefined) {
        reason = 'stopped';
        break;
      }
      const next = await Promise.race([iterator.next(), stopped]);
      if (next === STOPPED) {
        reason = 'stopped';
        break;
      }
      if (next.done === true) break;
      const r = next.value;
      if (E.isLeft(r)) {
        progress.error(errorFields(r.left));
        code = 1;
        reason = 'error';
        break;
      }
      await emit(JSON.stringify(r.right));
      const checkpoint = plan.checkpointOf(r.right);
      if (store !== undefined && checkpoint !== undefined) {
        const saved = await store.save(checkpoint, revision);
        if (E.isLeft(saved)) {
          progress.error(errorFields(saved.left));
          code = 1;
          reason = 'error';
          break;
        }
        revision = saved.right;
      }
      progress.item(checkpoint === undefined ? undefined : plan.at(checkpoint));
    }
  } finally {
    unregister();
    // Unsubscribes: aborts the request in flight.
    await iterator.return?.();
    if (json) await writeLine(io.stdout, first ? '[]' : ']');
    out?.close();
  }
  progress.done(reason);
  return code;
};
