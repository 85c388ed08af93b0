import type { Observable } from 'rxjs';
import type * as E from 'fp-ts/lib/Either.js';
import type { CantonError } from '../errors/CantonError.js';
import type { Checkpoint } from '../streams/checkpoints.js';
import type { FeedError } from '../operators/mergeFeeds.js';
import type { RetryInfo } from '../retry/retryBackoff.js';

/**
 * What a streaming command reads, as `runRecordStream` and `runIntoSink` run it.
 * @category CLI
 * @since 0.3.0
 */
export interface RecordStreamPlan<C extends Checkpoint, A> {
  /** The command's name in messages (`scan updates`). */
  readonly command: string;
  /** The checkpoint tag of the stream (a `--resume` file of another stream is refused); absent: it cannot resume. */
  readonly stream?: C['stream'];
  /** The feed's name in a sink when `--sink-name` is not given (default: `stream`, else `command`). */
  readonly sinkName?: string;
  /** Other checkpoint tags the stream resumes from (`ledger acs` ends on a `ledger.updates` checkpoint). */
  readonly alsoResumes?: ReadonlyArray<Checkpoint['stream']>;
  /** Opens the stream from a checkpoint (undefined: where the request starts), in pull mode; `onRetry` is told of each retry. */
  readonly open: (from: C | undefined, pull: Observable<void>, onRetry: (info: RetryInfo) => void) => Observable<E.Either<CantonError | FeedError, A>>;
  /** The checkpoint after an item (as the stream decoded it). */
  readonly checkpointOf: (item: A) => C | undefined;
  /** The checkpoint after an item read back from an `--out` file; absent when `--out` cannot resume this stream. */
  readonly checkpointOfLine?: (item: unknown) => C | undefined;
  /** Where a checkpoint stands, for the progress line. */
  readonly at: (checkpoint: C) => string;
}
