import { Observable, Subject, type Subscription } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import type { CantonError } from '../errors/CantonError.js';
import type { SinkError } from '../checkpoints/SinkError.js';
import type { Checkpoint } from '../streams/checkpoints.js';
import type { Heartbeat } from '../streams/heartbeat.js';
import { isHeartbeat } from '../streams/isHeartbeat.js';
import { checkpointOf } from '../streams/checkpointOf.js';
import type { Sink, SinkItem } from './Sink.js';

/**
 * Options of `drainInto`.
 * @category Sinks
 * @since 0.2.0
 */
export interface DrainOptions {
  /** The most items one commit (one transaction) holds; a larger page is committed in several (default 1000). */
  readonly batchSize?: number;
}

/**
 * One commit of `drainInto`: the checkpoint now stored, its revision, and how many items the
 * commit stored (0 for a commit that only advanced the checkpoint, as a ledger heartbeat may).
 * @category Sinks
 * @since 0.2.0
 */
export interface Committed<C extends Checkpoint = Checkpoint> {
  readonly checkpoint: C;
  readonly revision: number;
  readonly items: number;
}

const DEFAULT_BATCH = 1000;

type Element<C> = SinkItem | Heartbeat<C>;

/**
 * Runs a record stream into a sink, exactly once: loads the stored checkpoint, opens the stream
 * from it in pull mode, commits each page (cut into batches of at most `batchSize` items) with
 * the checkpoint after its last item in one atomic commit, and asks for the next page only once
 * that commit is done, so at most one page waits in memory however slow the sink. A crash at any
 * instant leaves the sink at a commit boundary, and the next run resumes exactly after it:
 * nothing lost, nothing stored twice.
 *
 * Emits a `Right(Committed)` per commit. A `Left` ends it: the stream's own `CantonError` (after
 * the items before it were committed), or a `SinkError` of the sink: a `CheckpointConflict` when
 * another writer advanced the stream's checkpoint (this writer is fenced out and must stop;
 * nothing of its batch was stored) or a `StoreFailure`. Run it again to resume. Cold: nothing is
 * loaded before subscribe; unsubscribing stops the stream (a commit already sent completes or
 * not, atomically). A heartbeat commits its checkpoint when it moved past the last item's.
 *
 * @example
 * ```ts
 * import { createClient, drainInto, formatError, type ScanCheckpoint, type Sink } from 'canton-rx';
 * import * as E from 'fp-ts/lib/Either.js';
 *
 * declare const sink: Sink<ScanCheckpoint>; // from canton-rx/postgres or canton-rx/nats
 * const client = createClient({ scan: { url: 'https://scan.example.com/api/scan' } });
 * drainInto(sink, (from, pull) => client.scan.updates({ page_size: 500 }, { from, pull, tail: {} })).subscribe((r) => {
 *   if (E.isLeft(r)) console.error('feed stopped:', r.left._tag === 'CheckpointConflict' || r.left._tag === 'StoreFailure' ? r.left.message : formatError(r.left));
 *   else console.log('stored up to', r.right.checkpoint.record_time);
 * });
 * ```
 * @category Sinks
 * @since 0.2.0
 */
export const drainInto = <C extends Checkpoint>(
  sink: Sink<C>,
  open: (from: C | undefined, pull: Observable<void>) => Observable<E.Either<CantonError, Element<C>>>,
  options: DrainOptions = {},
): Observable<E.Either<CantonError | SinkError, Committed<C>>> =>
  new Observable<E.Either<CantonError | SinkError, Committed<C>>>((subscriber) => {
    const batchSize = Math.max(1, Math.floor(options.batchSize ?? DEFAULT_BATCH));
    const pull = new Subject<void>();
    let source: Subscription | undefined;
    let revision = 0;
    let current: string | undefined;
    // The elements of the page being handed on: a page arrives in one synchronous burst.
    let burst: Array<Element<C>> = [];
    let burstItems = 0;
    let burstOpen = false;
    let ended = false;
    // Commits run one after another; a task answering false stops the ones queued after it.
    let chain: Promise<boolean> = Promise.resolve(true);

    const enqueue = (task: () => Promise<boolean> | boolean) => {
      chain = chain
        .then((go) => (go && !subscriber.closed ? task() : false))
        .catch((defect: unknown) => {
          subscriber.error(defect);
          return false;
        });
    };

    const stop = (last: E.Either<CantonError | SinkError, never> | undefined) => {
      source?.unsubscribe();
      if (last !== undefined) subscriber.next(last);
      subscriber.complete();
      return false;
    };

    const commit = (items: SinkItem[], checkpoint: C) =>
      enqueue(async () => {
        const r = await sink.commit(items, checkpoint, revision);
        if (subscriber.closed) return false;
        if (E.isLeft(r)) return stop(r);
        revision = r.right;
        current = JSON.stringify(checkpoint);
        subscriber.next(E.right({ checkpoint, revision, items: items.length }));
        return true;
      });

    // Commits the elements gathered so far: the items, and the checkpoint after the last element.
    const cut = () => {
      const elements = burst;
      burst = [];
      burstItems = 0;
      const items = elements.filter((e): e is SinkItem => !isHeartbeat(e));
      const last = elements[elements.length - 1];
      if (last === undefined) return;
      const checkpoint = (isHeartbeat(last) ? last.checkpoint : checkpointOf(last as never)) as C | undefined;
      if (checkpoint === undefined) return;
      if (items.length === 0 && JSON.stringify(checkpoint) === current) return;
      commit(items, checkpoint);
    };

    const endOfPage = () => {
      burstOpen = false;
      if (ended) return;
      cut();
      enqueue(() => {
        pull.next();
        return true;
      });
    };

    const onElement = (r: E.Either<CantonError, Element<C>>) => {
      if (E.isLeft(r)) {
        ended = true;
        cut();
        enqueue(() => stop(r));
        return;
      }
      burst.push(r.right);
      if (!isHeartbeat(r.right) && ++burstItems >= batchSize) cut();
      if (!burstOpen) {
        burstOpen = true;
        queueMicrotask(endOfPage);
      }
    };

    sink.load().then(
      (loaded) => {
        if (subscriber.closed) return;
        if (E.isLeft(loaded)) {
          stop(loaded);
          return;
        }
        revision = loaded.right.revision;
        const from = loaded.right.checkpoint;
        current = from === undefined ? undefined : JSON.stringify(from);
        source = open(from, pull.asObservable()).subscribe({
          next: onElement,
          error: (defect: unknown) => subscriber.error(defect),
          complete: () => {
            if (ended) return;
            ended = true;
            cut();
            enqueue(() => stop(undefined));
          },
        });
      },
      (defect: unknown) => subscriber.error(defect),
    );
    return () => {
      ended = true;
      source?.unsubscribe();
    };
  });
