import type { SinkItem } from '../sinks/Sink.js';
import type { Checkpoint } from '../streams/checkpoints.js';
import type { RecordStreamPlan } from './RecordStreamPlan.js';
import { runIntoSink } from './runIntoSink.js';
import { runRecordStream, type OutputFlags } from './runRecordStream.js';
import type { CliIo } from './types.js';
import { UsageError } from './UsageError.js';

/**
 * Runs a streaming command's plan to its output: stdout or `--out` (`runRecordStream`), or the
 * durable sink of `--sink` (`runIntoSink`, which keeps its own checkpoint: `--out` and
 * `--resume` do not go with it).
 * @example
 * ```ts
 * const code = await runPlan(io, plan, { sink: 'pglite:./feed' });
 * ```
 * @category CLI
 * @since 0.3.0
 */
export const runPlan = async <C extends Checkpoint, A>(
  io: CliIo,
  plan: RecordStreamPlan<C, A>,
  flags: OutputFlags,
): Promise<number> => {
  if (flags.sink === undefined) return runRecordStream(io, plan, flags);
  if (flags.out !== undefined || flags.resume !== undefined) throw new UsageError('--sink keeps its own checkpoint: give --sink, --out or --resume, one of them');
  if (flags.format === 'json') throw new UsageError('--format json is for stdout, not for --sink');
  return runIntoSink(io, plan as unknown as RecordStreamPlan<C, SinkItem>, flags.sink, flags.sinkName ?? plan.sinkName ?? plan.stream ?? plan.command, flags.quiet === true);
};
