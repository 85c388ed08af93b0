import * as E from 'fp-ts/lib/Either.js';
import { lastValueFrom, takeUntil, tap, Subject, type Observable } from 'rxjs';
import type { CantonError } from '../errors/CantonError.js';
import type { Checkpoint } from '../streams/checkpoints.js';
import { drainInto } from '../sinks/drainInto.js';
import type { SinkItem } from '../sinks/Sink.js';
import { errorFields } from './errorFields.js';
import { openSink } from './openSink.js';
import { progressReporter } from './progressReporter.js';
import type { RecordStreamPlan } from './RecordStreamPlan.js';
import type { CliIo } from './types.js';

/**
 * Runs a record stream into the durable sink of `--sink` with `drainInto` (exactly once: each
 * page is stored with its checkpoint atomically, a rerun continues after the last commit), and
 * answers the exit code: 0 at the end or after a stop request (the commit in flight completes or
 * not, atomically), 1 when a `Left` of the stream or of the sink ended it.
 * @example
 * ```ts
 * const code = await runIntoSink(processIo(), plan, 'pglite:./feed', 'scan.updates', false);
 * ```
 * @category CLI
 * @since 0.3.0
 */
export const runIntoSink = async <C extends Checkpoint, A extends SinkItem>(io: CliIo, plan: RecordStreamPlan<C, A>, uri: string, name: string, quiet: boolean): Promise<number> => {
  const progress = progressReporter(io, plan.command, quiet);
  const opened = await openSink<C>(uri, name);
  const stop = new Subject<void>();
  const unregister = io.onStop((signal) => {
    progress.event('stopping', { signal });
    stop.next();
  });
  let code = 0;
  let reason: 'end' | 'stopped' | 'error' = 'end';
  try {
    const schema = await opened.createSchema();
    if (E.isLeft(schema)) {
      progress.error(errorFields(schema.left));
      return 1;
    }
    progress.event('sink', { to: opened.describe });
    // The sink's own checkpoint, read by drainInto: a rerun says where it goes on from, as --resume does.
    let told = false;
    const open = (from: C | undefined, pull: Observable<void>) => {
      if (!told && from !== undefined) progress.event('resumed', { from });
      told = true;
      return plan.open(from, pull, ({ error }) => progress.retry(error)) as Observable<E.Either<CantonError, A>>;
    };
    await lastValueFrom(
      drainInto<C>(opened.sink, open).pipe(
        takeUntil(stop.pipe(tap(() => (reason = 'stopped')))),
        tap((r) => {
          if (E.isLeft(r)) {
            progress.error(errorFields(r.left));
            code = 1;
            reason = 'error';
            return;
          }
          for (let i = 1; i < r.right.items; i++) progress.item(undefined);
          progress.item(plan.at(r.right.checkpoint));
        }),
      ),
      { defaultValue: undefined },
    );
  } finally {
    unregister();
    await opened.close();
  }
  progress.done(reason);
  return code;
};
