import { Observable, Subject, type Subscription } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import type { CantonError } from '../errors/CantonError.js';
import type { SinkError } from '../checkpoints/SinkError.js';
import type { Checkpoint } from '../streams/checkpoints.js';
import type { Heartbeat } from '../streams/heartbeat.js';
import { isHeartbeat } from '../streams/isHeartbeat.js';
import { recordedCheckpointOf } from '../streams/checkpointOf.js';
import type { Page, PageRecord } from '../paging/Page.js';
import type { Sink, SinkItem } from './Sink.js';
import type { TelemetryConfig } from '../telemetry/TelemetryConfig.js';
import { createTelemetry } from '../telemetry/createTelemetry.js';

/**
 * Options of `drainInto`.
 * @category Sinks
 * @since 0.2.0
 */
export interface DrainOptions {
  /** The most items one commit (one transaction) holds; a larger page is committed in several (default 1000). */
  readonly batchSize?: number;
  /**
   * How many items may wait, read but not yet committed, while a commit runs (default
   * `batchSize`): pages are asked for until that many wait, and the pages waiting when a commit
   * ends are committed together (up to `batchSize` items), so that a slow sink pays its cost per
   * commit once for several pages. 0: the next page is asked for only once the page before is
   * committed (the stream still fetches its `prefetch` page ahead).
   */
  readonly readAhead?: number;
  /**
   * Where to report each commit's duration and item count (`canton_rx.sink.commit.*`, labelled with
   * the checkpoint's stream): the `telemetry` given to `createClient` (docs/observability.md).
   * @since 0.4.0
   */
  readonly telemetry?: TelemetryConfig;
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

/**
 * What `drainInto` reads: a stream's pages (the page form of every record stream, or a user's own
 * stream of `Page`s), whose checkpoint it stores with their records; or, one by one, records
 * `{ value, checkpoint }`, or the items of a deprecated item stream (with heartbeats).
 * @category Sinks
 * @since 0.3.0
 */
export type DrainElement<I, C> = Page<I, C> | PageRecord<I, C> | I | Heartbeat<C>;

const isPage = (e: object): e is Page<unknown, unknown> => 'records' in e && 'caughtUp' in e && Array.isArray((e as { records: unknown }).records);

/** A `{ value, checkpoint }` record: no tag (a snapshot element carries a checkpoint too, with its `_tag`). */
const isRecord = (e: object): e is PageRecord<unknown, unknown> => 'value' in e && 'checkpoint' in e && !('_tag' in e);

/** The record an element stores (a heartbeat stores none) and the checkpoint after it. */
const unpack = <I, C>(element: PageRecord<I, C> | I | Heartbeat<C>): { item: I | undefined; checkpoint: C | undefined } => {
  const e = element as object;
  if (isHeartbeat(e as Heartbeat<C>)) return { item: undefined, checkpoint: (e as Heartbeat<C>).checkpoint };
  if (isRecord(e)) return { item: e.value as I, checkpoint: e.checkpoint as C };
  // Deprecated item streams: a snapshot element carries its checkpoint; a history item's is the
  // one its stream recorded for it, else the one its shape gives.
  return { item: element as I, checkpoint: ('_tag' in e ? (e as unknown as { checkpoint: C }).checkpoint : (recordedCheckpointOf(e) as C | undefined)) };
};

/** Items and the checkpoint after them, waiting to be committed. */
interface Chunk<I, C> {
  readonly items: I[];
  readonly checkpoint: C;
}

/**
 * Runs a record stream into a sink, exactly once: loads the stored checkpoint, opens the stream
 * from it in pull mode, and commits its items with the checkpoint after the last of them, a
 * page (or several, see `readAhead`; cut into batches of at most `batchSize` items) per atomic
 * commit, one commit at a time and in stream order. Pages are asked for while a commit runs only
 * until `readAhead` items wait, so memory stays bounded however slow the sink. A crash at any
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
export const drainInto = <C extends Checkpoint, I = SinkItem>(
  sink: Sink<C, I>,
  open: (from: C | undefined, pull: Observable<void>) => Observable<E.Either<CantonError, DrainElement<I, C>>>,
  options: DrainOptions = {},
): Observable<E.Either<CantonError | SinkError, Committed<C>>> =>
  new Observable<E.Either<CantonError | SinkError, Committed<C>>>((subscriber) => {
    const batchSize = Math.max(1, Math.floor(options.batchSize ?? DEFAULT_BATCH));
    const readAhead = Math.max(0, Math.floor(options.readAhead ?? batchSize));
    const telemetry = createTelemetry(options.telemetry);
    const pull = new Subject<void>();
    let source: Subscription | undefined;
    let revision = 0;
    // The checkpoint of the last chunk queued (or committed): a heartbeat at it commits nothing.
    let queuedCheckpoint: string | undefined;
    // Item streams only (a page stream says where its pages end): the elements of the page being
    // handed on, which arrives in one synchronous burst.
    let burst: Array<{ item: I | undefined; checkpoint: C | undefined }> = [];
    let burstItems = 0;
    let burstOpen = false;
    // A page asked for (the first one is handed on unasked) and not arrived yet.
    let asked = true;
    const waiting: Array<Chunk<I, C>> = [];
    let waitingItems = 0;
    let committing = false;
    // Set once the stream ended: its Left (or undefined, completed) goes out after the last commit.
    let ended: { last: E.Either<CantonError, never> | undefined } | undefined;
    let stopped = false;

    const stop = (last: E.Either<CantonError | SinkError, never> | undefined) => {
      if (stopped) return;
      stopped = true;
      source?.unsubscribe();
      if (last !== undefined) subscriber.next(last);
      subscriber.complete();
    };

    // The stream ended and everything is committed: a sink that gathers commits (`flush`) makes
    // them durable before the end goes out; its failure ends the run instead.
    const finish = (last: E.Either<CantonError, never> | undefined) => {
      if (sink.flush === undefined) {
        stop(last);
        return;
      }
      committing = true;
      sink.flush().then(
        (r) => {
          committing = false;
          stop(E.isLeft(r) ? r : last);
        },
        (defect: unknown) => subscriber.error(defect),
      );
    };

    // Asks for the next page when none is on its way and fewer than `readAhead` items wait
    // (with readAhead 0: only once nothing waits and no commit runs).
    const maybePull = () => {
      if (asked || ended !== undefined || stopped || subscriber.closed) return;
      if (readAhead === 0 ? waiting.length > 0 || committing : waitingItems >= readAhead) return;
      asked = true;
      pull.next();
    };

    // Commits the waiting chunks, as many as fit in one batch, one commit at a time.
    const commitNext = () => {
      if (committing || stopped || subscriber.closed) return;
      if (waiting.length === 0) {
        if (ended !== undefined) finish(ended.last);
        else maybePull();
        return;
      }
      let take = 1;
      let count = waiting[0]!.items.length;
      while (take < waiting.length && count + waiting[take]!.items.length <= batchSize) count += waiting[take++]!.items.length;
      const chunks = waiting.splice(0, take);
      waitingItems -= count;
      const items = chunks.length === 1 ? chunks[0]!.items : chunks.flatMap((c) => c.items);
      const checkpoint = chunks[chunks.length - 1]!.checkpoint;
      committing = true;
      maybePull();
      const started = telemetry !== undefined ? Date.now() : 0;
      sink.commit(items, checkpoint, revision).then(
        (r) => {
          committing = false;
          if (telemetry !== undefined && E.isRight(r)) telemetry.sinkCommit(checkpoint.stream, Date.now() - started, items.length);
          if (stopped || subscriber.closed) return;
          if (E.isLeft(r)) {
            stop(r);
            return;
          }
          revision = r.right;
          subscriber.next(E.right({ checkpoint, revision, items: items.length }));
          commitNext();
        },
        (defect: unknown) => subscriber.error(defect),
      );
    };

    // Queues items and the checkpoint after them; nothing for a checkpoint already queued.
    const queue = (items: I[], checkpoint: C | undefined) => {
      if (checkpoint === undefined) return;
      const text = JSON.stringify(checkpoint);
      if (items.length === 0 && text === queuedCheckpoint) return;
      queuedCheckpoint = text;
      waiting.push({ items, checkpoint });
      waitingItems += items.length;
    };

    // Queues the elements gathered so far: the items, and the checkpoint after the last element.
    const cut = () => {
      const elements = burst;
      burst = [];
      burstItems = 0;
      const last = elements[elements.length - 1];
      if (last === undefined) return;
      queue(elements.flatMap((e) => (e.item === undefined ? [] : [e.item])), last.checkpoint);
    };

    // A page: its records, in batches, each with the checkpoint after its last record, and the
    // page's own checkpoint (an empty caught-up page may move it). Its end is known: no guess.
    const onPage = (page: Page<I, C>) => {
      const records = page.records;
      for (let at = 0; at < records.length; at += batchSize) {
        const batch = records.slice(at, at + batchSize);
        queue(batch.map((r) => r.value), at + batchSize >= records.length ? (page.checkpoint ?? batch[batch.length - 1]!.checkpoint) : batch[batch.length - 1]!.checkpoint);
      }
      if (records.length === 0) queue([], page.checkpoint);
      asked = false;
      commitNext();
      maybePull();
    };

    const endOfPage = () => {
      burstOpen = false;
      if (ended !== undefined || stopped) return;
      asked = false;
      cut();
      commitNext();
      maybePull();
    };

    const end = (last: E.Either<CantonError, never> | undefined) => {
      if (ended !== undefined) return;
      ended = { last };
      cut();
      commitNext();
    };

    const onElement = (r: E.Either<CantonError, DrainElement<I, C>>) => {
      if (E.isLeft(r)) {
        end(r);
        return;
      }
      if (ended !== undefined || stopped) return;
      if (typeof r.right === 'object' && r.right !== null && isPage(r.right)) {
        onPage(r.right as Page<I, C>);
        return;
      }
      const element = unpack<I, C>(r.right as PageRecord<I, C> | I | Heartbeat<C>);
      burst.push(element);
      if (element.item !== undefined && ++burstItems >= batchSize) cut();
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
        queuedCheckpoint = from === undefined ? undefined : JSON.stringify(from);
        source = open(from, pull.asObservable()).subscribe({
          next: onElement,
          error: (defect: unknown) => subscriber.error(defect),
          complete: () => end(undefined),
        });
      },
      (defect: unknown) => subscriber.error(defect),
    );
    return () => {
      stopped = true;
      source?.unsubscribe();
    };
  });
