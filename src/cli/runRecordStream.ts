import * as E from 'fp-ts/lib/Either.js';
import { tap } from 'rxjs';
import type { Checkpoint } from '../streams/checkpoints.js';
import { toAsyncIterable } from '../streams/toAsyncIterable.js';
import { errorFields } from './errorFields.js';
import { errorHint, type ErrorHintFlags } from './errorHint.js';
import { openOutFile, type OutFile } from './openOutFile.js';
import { openResumeFile, type ResumeFile } from './openResumeFile.js';
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
 * the reader). With `--resume FILE` the item's checkpoint is noted after its line is written (one
 * append to FILE's journal, `openResumeFile`), so a kill between the two repeats that one line,
 * never loses one; the journal is flushed to disk once a page and folded into FILE every few
 * seconds and at the end. With
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
  let resume: ResumeFile<C> | undefined;

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
    resume = await openResumeFile<C>(flags.resume);
    from = resume.from;
    if (from !== undefined && !resumesFrom(plan, from)) {
      await resume.close();
      throw new UsageError(`--resume ${flags.resume} holds a checkpoint of ${from.stream}, not of ${plan.stream}`);
    }
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

  // A pull asks for the next page once the consumer has taken the whole page before it.
  let pageEnded = false;
  const iterator = toAsyncIterable((pull) =>
    plan.open(from, resume === undefined ? pull : pull.pipe(tap(() => (pageEnded = true))), ({ error }) => progress.retry(error)),
  )[Symbol.asyncIterator]();
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
        progress.error(errorFields(r.left, errorHint(r.left, flags as ErrorHintFlags, io.env)));
        code = 1;
        reason = 'error';
        break;
      }
      if (resume !== undefined && pageEnded) {
        // The page before this item was written out in full: flush the journal, fold it now and then.
        pageEnded = false;
        const flushed = await resume.pageEnded(io.now());
        if (E.isLeft(flushed)) {
          progress.error(errorFields(flushed.left));
          code = 1;
          reason = 'error';
          break;
        }
      }
      await emit(JSON.stringify(r.right));
      const checkpoint = plan.checkpointOf(r.right);
      if (resume !== undefined && checkpoint !== undefined) {
        // After its line: a kill between the two repeats this item, never loses it.
        const noted = resume.note(checkpoint);
        if (E.isLeft(noted)) {
          progress.error(errorFields(noted.left));
          code = 1;
          reason = 'error';
          break;
        }
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
  const closed = await resume?.close();
  if (closed !== undefined && E.isLeft(closed)) {
    progress.error(errorFields(closed.left));
    code = 1;
    reason = 'error';
  }
  progress.done(reason);
  return code;
};
