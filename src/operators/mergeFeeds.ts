import { asyncScheduler, Observable, type Subscription } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import type { CantonError } from '../errors/CantonError.js';
import type { Update } from '../codecs/ledger/Update.js';
import type { UpdateHistoryItem } from '../codecs/scan/UpdateHistoryItem.js';
import type { UpdateHistoryItemV2 } from '../codecs/scan/UpdateHistoryItemV2.js';
import type { Heartbeat } from '../streams/heartbeat.js';
import type { Checkpoint } from '../streams/checkpoints.js';
import { isHeartbeat } from '../streams/isHeartbeat.js';
import { cursorOfItem, ledgerUpdateKey } from '../streams/checkpointOf.js';
import { IndexedHeap, type HeapEntry } from './internal/IndexedHeap.js';
import { sortableInstant, sortableInstantOfMs } from './internal/sortableInstant.js';

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
   * Set when the update could not be put in order: it arrived after updates that come later had
   * been released, or it is the second view of an update that was released alone. Everything
   * else comes in order (Scan's `(migration_id, record_time)`, see {@link mergeFeeds}).
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
 * Options of {@link mergeFeeds}. Durations are milliseconds of RxJS scheduler time: a number
 * ≥ 0, or `Infinity` where said; anything else (negative, `NaN`, not a number) makes
 * `mergeFeeds` throw a `RangeError` when it is called.
 * @category Operators
 * @since 0.1.0
 */
export interface MergeFeedsOptions {
  /**
   * How long an update may wait for the other feed to pass it (default 10 000 ms), and how far
   * behind a heartbeat's poll time the other feed's future record times may lie. `Infinity`:
   * never release by the lateness bound, and heartbeats' poll times raise no watermark (only
   * updates, Scan's checkpoints and a feed's end do). Values above the longest timer (2^31 − 1 ms)
   * are waited out in several steps.
   */
  readonly latenessMs?: number;
  /** Called with the number of buffered updates whenever it changes: for monitoring. */
  readonly onBufferSize?: (size: number) => void;
  /**
   * At most this many ids of updates released alone are remembered, so that their second view
   * comes out `late` (default 10 000; an integer ≥ 0). The oldest are forgotten first.
   * @since 0.2.0
   */
  readonly maxRemembered?: number;
  /**
   * An id released alone is forgotten after this long (default 600 000 ms; `Infinity`: only the
   * count bounds them). A second view after that is still flagged `late` whenever it comes behind
   * the released order, which it does unless its position was guessed differently (see docs/merging.md).
   * @since 0.2.0
   */
  readonly rememberMs?: number;
  /**
   * The migration id of every ledger update (an integer ≥ 0): a participant serves the one
   * migration it runs in. Without it, the merge learns the ledger's migration from the ids both
   * feeds deliver (see docs/merging.md).
   * @since 0.2.0
   */
  readonly ledgerMigrationId?: number;
  /**
   * Called with the sizes of what the merge holds whenever one changes: buffered updates and
   * remembered ids. Both stay bounded (the gap between the feeds, and `maxRemembered`).
   * @since 0.2.0
   */
  readonly onMemory?: (sizes: { readonly buffered: number; readonly remembered: number }) => void;
}

interface Remembered {
  readonly at: number;
  readonly m: number;
}

type LedgerElement = Update | Heartbeat<Checkpoint>;
type ScanElement = UpdateHistoryItem | UpdateHistoryItemV2 | Heartbeat<Checkpoint>;

/** A place in the merged order: Scan's `(migration_id, record_time)`; `t` is a {@link sortableInstant}. */
interface Position {
  readonly m: number;
  readonly t: string;
}

/**
 * How sure the migration of a buffered update is: `exact` (Scan's view, or the option), `settled`
 * (a ledger view placed where the merge takes it to be, released by the watermarks), `bound` (a
 * lower bound only: the ledger view waits for its Scan view, or for Scan to pass every place it
 * could have).
 */
type Placement = 'exact' | 'settled' | 'bound';

interface Pending extends HeapEntry, Position {
  readonly updateId: string;
  readonly recordTime: string;
  m: number;
  readonly t: string;
  readonly arrivedAt: number;
  /** The ledger arrival number of a ledger view (0 for Scan's). */
  seq: number;
  placement: Placement;
  ledger: Update | undefined;
  scan: UpdateHistoryItem | UpdateHistoryItemV2 | undefined;
  released: boolean;
}

const DEFAULT_LATENESS_MS = 10_000;
const DEFAULT_MAX_REMEMBERED = 10_000;
const DEFAULT_REMEMBER_MS = 600_000;
/** The longest delay Node and browsers keep (2^31 − 1 ms); a longer one fires at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** The update id and record time of a ledger update; none for an offset checkpoint. */

const comparePositions = (a: Position, b: Position): number => (a.m < b.m ? -1 : a.m > b.m ? 1 : a.t < b.t ? -1 : a.t > b.t ? 1 : 0);
const compareKeys = (a: Pending, b: Pending): number => comparePositions(a, b) || (a.updateId < b.updateId ? -1 : a.updateId > b.updateId ? 1 : 0);
const maxPosition = (a: Position | undefined, b: Position | undefined): Position | undefined => (a === undefined ? b : b === undefined ? a : comparePositions(a, b) >= 0 ? a : b);
/** Whether a watermark has passed a position (everything the feed delivers later comes after it). */
const passes = (w: Position | undefined, p: Position): boolean => w !== undefined && comparePositions(w, p) >= 0;

const duration = (name: string, value: unknown, fallback: number): number => {
  const v = value ?? fallback;
  if (typeof v !== 'number' || Number.isNaN(v) || v < 0) throw new RangeError(`mergeFeeds: ${name} must be a number of milliseconds ≥ 0 or Infinity, got ${String(v)}`);
  return v;
};

const count = (name: string, value: unknown, fallback?: number): number | undefined => {
  const v = value ?? fallback;
  if (v === undefined) return undefined;
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 0) throw new RangeError(`mergeFeeds: ${name} must be an integer ≥ 0, got ${String(v)}`);
  return v;
};

/**
 * Merges a ledger feed and a Scan feed into one stream of updates in Scan's order, each tagged
 * with its source; an update id both feeds deliver (a participant's transaction on the global
 * synchronizer, which Scan records too) comes once, with both views attached. Give it streams with
 * `heartbeats: true` (and `tail` to follow the head).
 *
 * The order is Scan's: `(migration_id, record_time)` (record times compared as instants), ties
 * by update id; record times of different migrations overlap, so a later migration comes after
 * the whole of an earlier one. A ledger update carries no migration id: it takes its Scan view's,
 * or `options.ledgerMigrationId`, or the one the merge learns from the ids both feeds delivered.
 *
 * Ordering two independent feeds needs progress information. Each feed's watermark is the
 * position of its latest update, raised by its heartbeats to the poll time less `latenessMs`; an
 * update is released once both watermarks have passed it, so only what lies between the
 * watermarks is buffered. When one feed is silent (no heartbeats either), an update is released
 * after waiting `latenessMs`. An update id is never handed on twice without `late: true` on the
 * second view. A Left of a feed is passed on, tagged with its source, and the other feed
 * continues; a feed that ended no longer holds anything back. Each arrival costs O(log n) in the
 * buffer size; memory is bounded by the gap between the feeds and by `maxRemembered`. See
 * docs/merging.md.
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
 * @throws RangeError at call time for an invalid option (a negative or `NaN` duration, a count or
 * migration id that is not an integer ≥ 0): a programming error, not a failure of a feed.
 * @category Operators
 * @since 0.1.0
 */
export const mergeFeeds = (
  ledger$: Observable<E.Either<CantonError, LedgerElement>>,
  scan$: Observable<E.Either<CantonError, ScanElement>>,
  options: MergeFeedsOptions = {},
): Observable<E.Either<FeedError, MergedUpdate>> => {
  const lateness = duration('latenessMs', options.latenessMs, DEFAULT_LATENESS_MS);
  const rememberMs = duration('rememberMs', options.rememberMs, DEFAULT_REMEMBER_MS);
  const maxRemembered = count('maxRemembered', options.maxRemembered, DEFAULT_MAX_REMEMBERED)!;
  const givenMigration = count('ledgerMigrationId', options.ledgerMigrationId);
  return new Observable<E.Either<FeedError, MergedUpdate>>((subscriber) => {
    // Buffered updates: by id (to join), in merged order (to release), in arrival order (to expire).
    const byId = new Map<string, Pending>();
    const heap = new IndexedHeap<Pending>(compareKeys);
    let arrivals: Pending[] = [];
    let head = 0;
    // Ids released alone: their second view is late. Forgotten oldest first, from a queue (a Map's
    // own order would do, but iterating it from the start walks the holes its deletions leave).
    const remembered = new Map<string, Remembered>();
    let rememberedOrder: Array<{ readonly updateId: string; readonly entry: Remembered }> = [];
    let rememberedHead = 0;
    const done: Record<FeedSource, boolean> = { ledger: false, scan: false };
    // Scan's progress: its watermark, its migration, the last record time of each migration it left.
    let scanMark: Position | undefined;
    let scanMigration: number | undefined;
    let lastScan: Position | undefined;
    const scanMigrations: number[] = [];
    const scanEnds = new Map<number, string>();
    /** Scan's migration when it last said it was caught up, and how many ledger views had come by then. */
    let scanHead: { readonly m: number; readonly ledgerSeq: number } | undefined;
    // The ledger's progress: its latest update's position, its heartbeats', what joins taught.
    let lastLedger: Position | undefined;
    let ledgerBeat: Position | undefined;
    let ledgerSeq = 0;
    /** A lower bound of the migration of every ledger view to come (from joins and record times going back). */
    let ledgerFloor = -Infinity;
    /** The joined ledger view that came last in the ledger's order, and its migration. */
    let lastJoin: { readonly seq: number; readonly m: number } | undefined;
    let frontier: Pending | undefined;
    let deadline: Subscription | undefined;
    let reported = { buffered: 0, remembered: 0 };

    const ledgerMark = (): Position | undefined => maxPosition(lastLedger, ledgerBeat);

    /** Whether both feeds have passed `p` (a feed that ended has passed everything). */
    const passed = (p: Position): boolean => (done.ledger || passes(ledgerMark(), p)) && (done.scan || passes(scanMark, p));

    const noteScanMigration = (m: number) => {
      if (scanMigration !== undefined && m <= scanMigration) return;
      if (scanMigration !== undefined && lastScan !== undefined && lastScan.m === scanMigration) scanEnds.set(scanMigration, lastScan.t);
      scanMigration = m;
      scanMigrations.push(m);
    };

    /** Scan's next migration after `m`, once Scan has moved past it. */
    const scanMigrationAfter = (m: number): number | undefined => scanMigrations.find((x) => x > m);

    /**
     * The highest migration a ledger view alone can be in: that of a later joined ledger view, or
     * Scan's when Scan said it was caught up after the view came (no later migration existed).
     */
    const upperBound = (p: Pending): number =>
      Math.min(lastJoin !== undefined && lastJoin.seq > p.seq ? lastJoin.m : Infinity, scanHead !== undefined && scanHead.ledgerSeq >= p.seq ? scanHead.m : Infinity);

    /**
     * Improves the position of a ledger view that waits alone, from what has been learnt since it
     * came; true when its key moved (the heap is updated, look at the top again).
     */
    const refine = (p: Pending): boolean => {
      if (p.placement === 'exact' || p.scan !== undefined) return false;
      let m = p.m;
      if (lastJoin !== undefined && lastJoin.seq < p.seq && lastJoin.m > m) m = lastJoin.m;
      // Scan left migration m before p's record time: p is not in m.
      for (let end = scanEnds.get(m); end !== undefined && p.t > end; end = scanEnds.get(m)) {
        const next = scanMigrationAfter(m);
        if (next === undefined) break;
        m = next;
      }
      if (p.placement === 'bound' && upperBound(p) <= m) p.placement = 'settled';
      if (m === p.m) return false;
      p.m = m;
      heap.update(p);
      return true;
    };

    /** Whether a buffered update may go now: both watermarks passed it, or its waiting is over. */
    const releasable = (p: Pending): boolean => {
      if (p.placement !== 'bound') return passed(p);
      if (done.scan) return true;
      // A ledger view whose migration is only bounded below: released alone once Scan has passed
      // every migration it can be in (then Scan does not have it).
      const upper = upperBound(p);
      return upper !== Infinity && passes(scanMark, { m: upper, t: p.t }) && (done.ledger || passes(ledgerMark(), p));
    };

    const remember = (updateId: string, m: number) => {
      const entry = { at: asyncScheduler.now(), m };
      remembered.set(updateId, entry);
      rememberedOrder.push({ updateId, entry });
    };

    const emit = (p: { updateId: string; recordTime: string; ledger?: Update | undefined; scan?: UpdateHistoryItem | UpdateHistoryItemV2 | undefined }, late: boolean) => {
      // Built field by field: spreads cost more than the rest of an arrival.
      const merged: { -readonly [K in keyof MergedUpdate]: MergedUpdate[K] } = {
        _tag: 'MergedUpdate',
        updateId: p.updateId,
        recordTime: p.recordTime,
        source: p.ledger && p.scan ? 'both' : p.ledger ? 'ledger' : 'scan',
      };
      if (p.ledger) merged.ledger = p.ledger;
      if (p.scan) merged.scan = p.scan;
      if (late) merged.late = true;
      subscriber.next(E.right(merged));
    };

    /** Hands on a buffered update (already out of the heap). */
    const release = (p: Pending, late: boolean) => {
      p.released = true;
      byId.delete(p.updateId);
      if (!(p.ledger && p.scan)) remember(p.updateId, p.m);
      if (!late) frontier = p;
      emit(p, late);
    };

    /** Releases, in order, what may go, and everything up to `expired` (an update that waited `latenessMs`). */
    const drain = (expired?: Pending) => {
      for (let top = heap.peek(); top !== undefined && !subscriber.closed; top = heap.peek()) {
        if (refine(top)) continue;
        if (!(expired !== undefined && !expired.released && compareKeys(top, expired) <= 0) && !releasable(top)) return;
        heap.pop();
        release(top, false);
      }
    };

    /** The update that has waited longest and is still buffered. */
    const oldestWaiting = (): Pending | undefined => {
      while (head < arrivals.length && arrivals[head]!.released) head++;
      // Keep the arrival queue in proportion to the buffer: drop released entries in one pass.
      if (head > 1024 && 2 * head > arrivals.length) {
        arrivals = arrivals.slice(head);
        head = 0;
      }
      if (arrivals.length - head > 2 * heap.size + 1024) {
        arrivals = arrivals.slice(head).filter((p) => !p.released);
        head = 0;
      }
      return arrivals[head];
    };

    /** One timer: armed for the oldest waiting update; an early firing just arms it again. */
    const arm = () => {
      if (deadline !== undefined || subscriber.closed || lateness === Infinity) return;
      const oldest = oldestWaiting();
      if (oldest === undefined) return;
      const delay = Math.min(MAX_TIMER_MS, Math.max(0, oldest.arrivedAt + lateness - asyncScheduler.now()));
      deadline = asyncScheduler.schedule(() => {
        deadline = undefined;
        update();
      }, delay);
    };

    const forget = (now: number) => {
      while (rememberedHead < rememberedOrder.length) {
        const { updateId, entry } = rememberedOrder[rememberedHead]!;
        const live = remembered.get(updateId) === entry;
        if (live && remembered.size <= maxRemembered && now - entry.at < rememberMs) break;
        if (live) remembered.delete(updateId);
        rememberedHead++;
      }
      // Entries whose second view came (deleted early) are dropped from the queue in one pass now and then.
      if (rememberedHead > 1024 && 2 * rememberedHead > rememberedOrder.length) {
        rememberedOrder = rememberedOrder.slice(rememberedHead);
        rememberedHead = 0;
      }
      if (rememberedOrder.length - rememberedHead > 2 * remembered.size + 1024) {
        rememberedOrder = rememberedOrder.slice(rememberedHead).filter(({ updateId, entry }) => remembered.get(updateId) === entry);
        rememberedHead = 0;
      }
    };

    const report = () => {
      const sizes = { buffered: heap.size, remembered: remembered.size };
      if (sizes.buffered !== reported.buffered) options.onBufferSize?.(sizes.buffered);
      if (sizes.buffered !== reported.buffered || sizes.remembered !== reported.remembered) options.onMemory?.(sizes);
      reported = sizes;
    };

    /** After every event: expire, release, forget, report, arm. */
    const update = () => {
      const now = asyncScheduler.now();
      for (let oldest = oldestWaiting(); oldest !== undefined && now - oldest.arrivedAt >= lateness && !subscriber.closed; oldest = oldestWaiting()) drain(oldest);
      drain();
      forget(now);
      report();
      arm();
    };

    const buffer = (p: Pending) => {
      if (frontier !== undefined && compareKeys(p, frontier) <= 0) {
        // Behind what was released already: it cannot be put in order any more.
        remember(p.updateId, p.m);
        emit(p, true);
        return;
      }
      byId.set(p.updateId, p);
      heap.push(p);
      arrivals.push(p);
    };

    const learnJoin = (seq: number, m: number) => {
      if (lastJoin === undefined || seq > lastJoin.seq) lastJoin = { seq, m };
      ledgerFloor = Math.max(ledgerFloor, m);
    };

    const pending = (updateId: string, recordTime: string, t: string, m: number, placement: Placement, seq: number, ledger: Update | undefined, scan: UpdateHistoryItem | UpdateHistoryItemV2 | undefined): Pending => ({
      heapIndex: -1,
      updateId,
      recordTime,
      t,
      m,
      placement,
      seq,
      arrivedAt: asyncScheduler.now(),
      released: false,
      ledger,
      scan,
    });

    const arriveScan = (item: UpdateHistoryItem | UpdateHistoryItemV2) => {
      const cursor = cursorOfItem(item);
      const m = typeof cursor.migration_id === 'number' ? cursor.migration_id : -Infinity;
      const t = sortableInstant(item.record_time);
      noteScanMigration(m);
      lastScan = { m, t };
      scanMark = maxPosition(scanMark, lastScan);
      const known = byId.get(item.update_id);
      const again = remembered.get(item.update_id);
      if (known !== undefined) {
        known.scan = item;
        if (known.ledger !== undefined) learnJoin(known.seq, m);
        known.placement = 'exact';
        if (known.m !== m) {
          known.m = m;
          heap.update(known);
        }
        // The ledger view had been placed too far on: its real place was released already.
        if (frontier !== undefined && compareKeys(known, frontier) <= 0) {
          heap.remove(known);
          release(known, true);
        }
      } else if (again !== undefined) {
        remembered.delete(item.update_id);
        emit({ updateId: item.update_id, recordTime: item.record_time, scan: item }, true);
      } else {
        buffer(pending(item.update_id, item.record_time, t, m, 'exact', 0, undefined, item));
      }
      update();
    };

    const arriveLedger = (u: Update, updateId: string, recordTime: string) => {
      const seq = ++ledgerSeq;
      const t = sortableInstant(recordTime);
      // Within a migration the ledger's record times increase: going back means a later migration.
      if (lastLedger !== undefined && t < lastLedger.t) ledgerFloor = Math.max(ledgerFloor, lastLedger.m + 1);
      const known = byId.get(updateId);
      const again = remembered.get(updateId);
      if (known !== undefined) {
        known.ledger = u;
        known.seq = seq;
        learnJoin(seq, known.m);
        lastLedger = { m: known.m, t };
      } else if (again !== undefined) {
        remembered.delete(updateId);
        learnJoin(seq, again.m);
        lastLedger = { m: again.m, t };
        emit({ updateId, recordTime, ledger: u }, true);
      } else {
        let m = ledgerFloor;
        let placement: Placement = 'bound';
        if (givenMigration !== undefined) {
          m = givenMigration;
          placement = 'exact';
        } else if ('TopologyTransaction' in u) {
          // Never in Scan: nothing to wait for.
          placement = 'settled';
        }
        const p = pending(updateId, recordTime, t, m, placement, seq, u, undefined);
        buffer(p);
        // The ledger's position follows its view: while buffered, its migration may still rise.
        lastLedger = p;
      }
      update();
    };

    // A caught-up feed has everything that exists now; what it finds later will have record times
    // no earlier than now less the lateness bound, in the newest migration (at least Scan's).
    const beatTime = (beat: Heartbeat<Checkpoint>): string | undefined => (lateness === Infinity ? undefined : sortableInstantOfMs(beat.polledAt - lateness));

    const ledgerHeartbeat = (beat: Heartbeat<Checkpoint>) => {
      const t = beatTime(beat);
      if (t !== undefined) ledgerBeat = maxPosition(ledgerBeat, { m: Math.max(ledgerFloor, scanMigration ?? -Infinity, lastLedger?.m ?? -Infinity), t });
      update();
    };

    const scanHeartbeat = (beat: Heartbeat<Checkpoint>) => {
      const cp = beat.checkpoint;
      if (cp !== undefined && 'record_time' in cp && 'migration_id' in cp) {
        noteScanMigration(cp.migration_id);
        scanMark = maxPosition(scanMark, { m: cp.migration_id, t: sortableInstant(cp.record_time) });
      }
      if (scanMigration !== undefined) scanHead = { m: scanMigration, ledgerSeq };
      const t = beatTime(beat);
      if (t !== undefined) scanMark = maxPosition(scanMark, { m: scanMigration ?? -Infinity, t });
      update();
    };

    const finish = (source: FeedSource) => {
      done[source] = true;
      update();
      if (done.ledger && done.scan && !subscriber.closed) subscriber.complete();
    };

    /** Runs a step; what it throws (a record time that is no Timestamp: the codecs were bypassed) is a defect of the merge. */
    const guarded = (step: () => void) => {
      try {
        step();
      } catch (defect: unknown) {
        subscriber.error(defect);
      }
    };

    const subscriptions = [
      ledger$.subscribe({
        next: (r) => {
          if (E.isLeft(r)) return subscriber.next(E.left({ source: 'ledger', error: r.left }));
          const element = r.right;
          if (isHeartbeat(element)) return guarded(() => ledgerHeartbeat(element));
          const key = ledgerUpdateKey(element);
          if (key) guarded(() => arriveLedger(element, key.updateId, key.recordTime));
        },
        error: (defect: unknown) => subscriber.error(defect),
        complete: () => finish('ledger'),
      }),
      scan$.subscribe({
        next: (r) => {
          if (E.isLeft(r)) return subscriber.next(E.left({ source: 'scan', error: r.left }));
          const element = r.right;
          guarded(() => (isHeartbeat(element) ? scanHeartbeat(element) : arriveScan(element)));
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
};
