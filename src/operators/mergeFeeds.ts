import { asyncScheduler, Observable, type Subscription } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import type { CantonError } from '../errors/CantonError.js';
import type { Update } from '../codecs/ledger/Update.js';
import type { UpdateHistoryItem } from '../codecs/scan/UpdateHistoryItem.js';
import type { UpdateHistoryItemV2 } from '../codecs/scan/UpdateHistoryItemV2.js';
import type { Heartbeat } from '../streams/heartbeat.js';
import type { Checkpoint } from '../streams/checkpoints.js';
import { isHeartbeat } from '../streams/isHeartbeat.js';
import { compareTimestamps } from '../time/compareTimestamps.js';

/**
 * Which feed something came from.
 * @category Operators
 * @since 0.1.0
 */
export type FeedSource = 'ledger' | 'scan';

/**
 * One update of the merged stream: seen by the ledger, by Scan, or by both (the same update id).
 * @category Operators
 * @since 0.1.0
 */
export interface MergedUpdate {
  readonly _tag: 'MergedUpdate';
  readonly updateId: string;
  /** The record time, as the first feed that delivered the update wrote it. */
  readonly recordTime: string;
  readonly source: FeedSource | 'both';
  readonly ledger?: Update;
  readonly scan?: UpdateHistoryItem | UpdateHistoryItemV2;
  /**
   * Set when the update could not be put in order: it arrived after updates with a later record
   * time had been released, or it is the second view of an update that the lateness bound had
   * released alone. Everything else comes in record-time order.
   */
  readonly late?: true;
}

/**
 * A failure of one feed, tagged with its source; the other feed goes on.
 * @category Operators
 * @since 0.1.0
 */
export interface FeedError {
  readonly source: FeedSource;
  readonly error: CantonError;
}

/**
 * Options of {@link mergeFeeds}.
 * @category Operators
 * @since 0.1.0
 */
export interface MergeFeedsOptions {
  /**
   * How long an update may wait for the other feed to pass its record time (default 10 000 ms),
   * and how far behind a heartbeat's poll time the other feed's future record times may lie.
   */
  readonly latenessMs?: number;
  /** Called with the number of buffered updates whenever it changes: for monitoring. */
  readonly onBufferSize?: (size: number) => void;
}

type LedgerElement = Update | Heartbeat<Checkpoint>;
type ScanElement = UpdateHistoryItem | UpdateHistoryItemV2 | Heartbeat<Checkpoint>;

interface Pending {
  readonly updateId: string;
  readonly recordTime: string;
  readonly arrivedAt: number;
  ledger?: Update;
  scan?: UpdateHistoryItem | UpdateHistoryItemV2;
  released?: true;
}

const DEFAULT_LATENESS_MS = 10_000;

/** The update id and record time of a ledger update; none for an offset checkpoint. */
const ledgerKey = (u: Update): { updateId: string; recordTime: string } | undefined => {
  if ('Transaction' in u) return u.Transaction.value;
  if ('Reassignment' in u) return u.Reassignment.value;
  if ('TopologyTransaction' in u) return u.TopologyTransaction.value;
  return undefined;
};

const isoAt = (ms: number): string => new Date(ms).toISOString();

const byRecordTime = (a: Pending, b: Pending): number => compareTimestamps(a.recordTime, b.recordTime) || (a.updateId < b.updateId ? -1 : a.updateId > b.updateId ? 1 : 0);

/**
 * Merges a ledger feed and a Scan feed into one stream of updates ordered by record time (exact
 * timestamp comparison), each tagged with its source; an update id both feeds deliver (a
 * participant's transaction on the global synchronizer, which Scan records too) comes once, with
 * both views attached. Give it streams with `heartbeats: true` (and `tail` to follow the head).
 *
 * Ordering two independent feeds needs progress information. Each feed's watermark is the record
 * time of its latest update, raised by its heartbeats to the poll time less `latenessMs`; an
 * update is released once both watermarks have passed it, so only what lies between the
 * watermarks is buffered. When one feed is silent (no heartbeats either), an update is released
 * after waiting `latenessMs`. A Left of a feed is passed on, tagged with its source, and the
 * other feed continues; a feed that ended no longer holds anything back. See docs/merging.md.
 *
 * ```text
 * ledger:  --a(10)------------------h(40)-------|
 * scan:    ------b(20)--a(10)--c(30)------------|
 * merged:  -------------A(10,both)---B(20)--C(30)|
 * ```
 *
 * @example
 * ```ts
 * import { createClient, mergeFeeds } from 'canton-rx';
 * const c = createClient({ ledger: { url, token }, scan: { url: scanUrl } });
 * mergeFeeds(
 *   c.ledger.updates(request, { tail: { intervalMs: 2000 }, heartbeats: true }),
 *   c.scan.updates({ page_size: 500 }, { tail: { intervalMs: 2000 }, heartbeats: true }),
 *   { latenessMs: 30_000 },
 * ).subscribe((r) => (E.isRight(r) ? project(r.right) : alert(r.left.source, r.left.error)));
 * ```
 * @category Operators
 * @since 0.1.0
 */
export const mergeFeeds = (
  ledger$: Observable<E.Either<CantonError, LedgerElement>>,
  scan$: Observable<E.Either<CantonError, ScanElement>>,
  options: MergeFeedsOptions = {},
): Observable<E.Either<FeedError, MergedUpdate>> =>
  new Observable<E.Either<FeedError, MergedUpdate>>((subscriber) => {
    const lateness = options.latenessMs ?? DEFAULT_LATENESS_MS;
    // Buffered updates: by id (to join), in record-time order (to release), in arrival order (to expire).
    const byId = new Map<string, Pending>();
    const queue: Pending[] = [];
    const arrivals: Pending[] = [];
    // Updates released alone: a second view may still come, until both watermarks pass them.
    const releasedAlone = new Map<string, string>();
    const watermark: Record<FeedSource, string | undefined> = { ledger: undefined, scan: undefined };
    const done: Record<FeedSource, boolean> = { ledger: false, scan: false };
    let frontier: string | undefined;
    let deadline: Subscription | undefined;
    let lastSize = 0;

    const raise = (source: FeedSource, time: string) => {
      const w = watermark[source];
      if (w === undefined || compareTimestamps(time, w) > 0) watermark[source] = time;
    };

    /** Whether both feeds have passed `time` (a feed that ended has passed everything). */
    const passed = (time: string): boolean =>
      (['ledger', 'scan'] as const).every((s) => done[s] || (watermark[s] !== undefined && compareTimestamps(watermark[s]!, time) >= 0));

    /** The position of `p` in the record-time queue (binary search). */
    const positionOf = (p: Pending): number => {
      let lo = 0;
      let hi = queue.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (byRecordTime(queue[mid]!, p) < 0) lo = mid + 1;
        else hi = mid;
      }
      return lo;
    };

    const emit = (p: Pending, late: boolean) => {
      const merged: MergedUpdate = {
        _tag: 'MergedUpdate',
        updateId: p.updateId,
        recordTime: p.recordTime,
        source: p.ledger && p.scan ? 'both' : p.ledger ? 'ledger' : 'scan',
        ...(p.ledger ? { ledger: p.ledger } : {}),
        ...(p.scan ? { scan: p.scan } : {}),
        ...(late ? { late: true as const } : {}),
      };
      if (!late && (frontier === undefined || compareTimestamps(p.recordTime, frontier) > 0)) frontier = p.recordTime;
      subscriber.next(E.right(merged));
    };

    /** Hands on the first `count` updates of the queue, in record-time order. */
    const releaseFront = (count: number) => {
      const out = queue.splice(0, count);
      for (const p of out) {
        byId.delete(p.updateId);
        p.released = true;
        if (!(p.ledger && p.scan) && !passed(p.recordTime)) releasedAlone.set(p.updateId, p.recordTime);
      }
      for (const p of out) {
        if (subscriber.closed) return;
        emit(p, false);
      }
    };

    /** Releases what both watermarks have passed, and everything up to an update that waited `latenessMs`. */
    const release = () => {
      const now = asyncScheduler.now();
      let cut = 0;
      while (cut < queue.length && passed(queue[cut]!.recordTime)) cut++;
      while (arrivals.length > 0 && (arrivals[0]!.released || now - arrivals[0]!.arrivedAt >= lateness)) {
        const p = arrivals.shift()!;
        // Everything before an expired update goes with it, so that the output stays in order.
        if (!p.released) cut = Math.max(cut, positionOf(p) + 1);
      }
      if (cut > 0) releaseFront(cut);
      for (const [id, time] of releasedAlone) if (passed(time)) releasedAlone.delete(id);
      if (queue.length !== lastSize) {
        lastSize = queue.length;
        options.onBufferSize?.(lastSize);
      }
      schedule();
    };

    const schedule = () => {
      deadline?.unsubscribe();
      deadline = undefined;
      const oldest = arrivals.find((p) => !p.released);
      if (oldest === undefined || subscriber.closed) return;
      deadline = asyncScheduler.schedule(release, Math.max(0, oldest.arrivedAt + lateness - asyncScheduler.now()));
    };

    const arrive = (source: FeedSource, updateId: string, recordTime: string, view: { ledger?: Update; scan?: UpdateHistoryItem | UpdateHistoryItemV2 }) => {
      raise(source, recordTime);
      const known = byId.get(updateId);
      if (known) {
        Object.assign(known, view);
      } else if (releasedAlone.has(updateId) || (frontier !== undefined && compareTimestamps(recordTime, frontier) < 0)) {
        releasedAlone.delete(updateId);
        emit({ updateId, recordTime, arrivedAt: asyncScheduler.now(), ...view }, true);
      } else {
        const p: Pending = { updateId, recordTime, arrivedAt: asyncScheduler.now(), ...view };
        byId.set(updateId, p);
        queue.splice(positionOf(p), 0, p);
        arrivals.push(p);
      }
      release();
    };

    // A caught-up feed has everything that exists now; what it finds later will have record times
    // no earlier than now less the lateness bound (and, for Scan, after its checkpoint).
    const heartbeat = (source: FeedSource, beat: Heartbeat<Checkpoint>) => {
      raise(source, isoAt(beat.polledAt - lateness));
      const cp = beat.checkpoint;
      if (cp !== undefined && 'record_time' in cp) raise(source, cp.record_time);
      release();
    };

    const finish = (source: FeedSource) => {
      done[source] = true;
      release();
      if (done.ledger && done.scan && !subscriber.closed) subscriber.complete();
    };

    const subscriptions = [
      ledger$.subscribe({
        next: (r) => {
          if (E.isLeft(r)) return subscriber.next(E.left({ source: 'ledger', error: r.left }));
          const element = r.right;
          if (isHeartbeat(element)) return heartbeat('ledger', element);
          const key = ledgerKey(element);
          if (key) arrive('ledger', key.updateId, key.recordTime, { ledger: element });
        },
        error: (defect: unknown) => subscriber.error(defect),
        complete: () => finish('ledger'),
      }),
      scan$.subscribe({
        next: (r) => {
          if (E.isLeft(r)) return subscriber.next(E.left({ source: 'scan', error: r.left }));
          const element = r.right;
          if (isHeartbeat(element)) return heartbeat('scan', element);
          arrive('scan', element.update_id, element.record_time, { scan: element });
        },
        error: (defect: unknown) => subscriber.error(defect),
        complete: () => finish('scan'),
      }),
    ];
    return () => {
      deadline?.unsubscribe();
      for (const s of subscriptions) s.unsubscribe();
    };
  });
