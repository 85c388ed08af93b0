import { concat, defer, forkJoin, isObservable, map, Observable, of, Subscription, switchMap } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import type { CantonError } from '../errors/CantonError.js';
import type { Transport } from '../client/createTransport.js';
import { checked, send } from '../client/send.js';
import { Timestamp } from '../codecs/common/primitives.js';
import { checkOptions as checkScanUpdatesOptions } from '../streams/scanUpdates.js';
import { GetMigrationInfoResponse } from '../codecs/scan/GetMigrationInfoResponse.js';
import type { GetMigrationInfoResponse as MigrationInfo } from '../codecs/scan/GetMigrationInfoResponse.js';
import { UpdateHistoryResponse } from '../codecs/scan/UpdateHistoryResponse.js';
import { UpdateHistoryResponseV2 } from '../codecs/scan/UpdateHistoryResponseV2.js';
import type { UpdateHistoryItem } from '../codecs/scan/UpdateHistoryItem.js';
import type { UpdateHistoryItemV2 } from '../codecs/scan/UpdateHistoryItemV2.js';
import type { UpdateHistoryRequestV2 } from '../codecs/scan/UpdateHistoryRequestV2.js';
import type { RetryBackoffConfig } from '../retry/retryBackoff.js';
import { cursorOfItem } from '../streams/checkpointOf.js';
import type { ScanCheckpoint } from '../streams/checkpoints.js';
import { pageRequest } from '../streams/pageRequest.js';
import { compareCursors, initialScanRead, scanPageRequest, scanPageStep, type ScanCursor, type ScanReadState } from '../streams/scanPaging.js';
import { compareTimestamps } from '../time/compareTimestamps.js';
import { Checks } from '../validation/checks.js';
import { validateUpdateHistoryRequest } from '../validation/validateUpdateHistoryRequest.js';
import { migrationStart, sliceMigration, tailSlice, type MigrationRange, type Slice } from './planBackfill.js';
import { fromMicros, toMicros } from './micros.js';
import { previousMicrosecond } from '../time/previousMicrosecond.js';

/**
 * Options of `scan.backfill`.
 * @category Streams
 * @since 0.2.0
 */
export interface ScanBackfillOptions {
  /** How many slices each migration of the range is cut into at first (default 8, at most 1000); once a page has shown the density, slices are cut to about a page. */
  readonly slices?: number;
  /** How many slices are read at once (default: `slices`, at most 64); memory holds at most this many pages. */
  readonly concurrency?: number;
  /** Continue exactly after the item of this checkpoint (from `checkpointOf` of `scan.updates` or `scan.backfill`). */
  readonly from?: ScanCheckpoint;
  /** The last position delivered, inclusive: items after `(migration_id, record_time)` are not read. Default: the end of the history as it is read. */
  readonly to?: { readonly migration_id: number; readonly record_time: string };
  /** `v2` (default) or `v1`, as for `scan.updates`. */
  readonly version?: 'v1' | 'v2';
  /** Retry failed page requests, as for `scan.updates` (default: none; a failed page ends the stream with its Left). */
  readonly retry?: RetryBackoffConfig;
}

type Item = UpdateHistoryItem | UpdateHistoryItemV2;
type Result<A> = Observable<E.Either<CantonError, A>>;

/** Slices one split hands on at most; the last of them takes whatever remains (and splits in turn). */
const MAX_PIECES = 4096;

/** Migrations looked up at most, so that a server answering nonsense cannot keep the plan going. */
const MAX_MIGRATIONS = 10_000;

const checkOptions = (options: ScanBackfillOptions): Checks => {
  const checks = checkScanUpdatesOptions(options.from !== undefined ? { from: options.from } : {});
  if (options.slices !== undefined) checks.positiveInt(options.slices, 'slices', 1000);
  if (options.concurrency !== undefined) checks.positiveInt(options.concurrency, 'concurrency', 64);
  const to = options.to;
  if (to !== undefined) checks.nonNegativeInt(to.migration_id, 'to.migration_id').check(Timestamp.is(to.record_time), 'to.record_time', 'must be an ISO-8601 UTC instant');
  if (options.version !== undefined) checks.check(options.version === 'v1' || options.version === 'v2', 'version', "must be 'v1' or 'v2'");
  return checks;
};

/**
 * Reads a range of Scan's history as slices read concurrently and delivers ONE stream in exactly
 * the order of `scan.updates`, so that `checkpointOf` each item is the checkpoint `scan.updates`
 * would give: an ordered merge in which a slice ahead waits with at most one page until every
 * slice before it is delivered, which makes the checkpoint the contiguous watermark and memory
 * at most `concurrency` pages. The migrations are learned while the slices are read (for each
 * migration `POST /v0/backfilling/migration-info` and the first item after its last record
 * time); each slice is read with the paging state machine of `scan.updates`. On a pool every
 * page is agreed on by the pool (see docs/scans.md).
 * @internal
 */
export const scanBackfill = (transport: Transport, request: UpdateHistoryRequestV2, options: ScanBackfillOptions = {}): Result<Item> =>
  checked(
    () => {
      const r = validateUpdateHistoryRequest(request);
      if (E.isLeft(r)) return r;
      return checkOptions(options).result('scan.backfill options', r.right);
    },
    (req) =>
      defer(() => {
        const version = options.version ?? 'v2';
        const codec = version === 'v1' ? UpdateHistoryResponse : UpdateHistoryResponseV2;
        const { after: requestedAfter, page_size: pageSize, ...rest } = req;
        const slices = options.slices ?? 8;
        const concurrency = options.concurrency ?? Math.min(slices, 64);
        const to = options.to;
        const from = options.from;
        const firstCursor: ScanCursor | undefined = from
          ? { migration_id: from.migration_id, record_time: from.record_time }
          : requestedAfter
            ? { migration_id: requestedAfter.after_migration_id, record_time: requestedAfter.after_record_time }
            : undefined;

        const page = (state: ScanReadState, size: number) =>
          pageRequest(() => send(transport, { method: 'POST', path: `/${version}/updates`, body: { ...rest, ...scanPageRequest(state, size) } }, codec), options.retry, undefined).pipe(
            map(E.map((r) => r.transactions as ReadonlyArray<Item>)),
          );
        const itemAfter = (cursor: ScanCursor): Result<Item | undefined> => page(initialScanRead(cursor, undefined), 1).pipe(map(E.map((items) => items[0])));
        const info = (m: number) =>
          pageRequest(() => send(transport, { method: 'POST', path: '/v0/backfilling/migration-info', body: { migration_id: m } }, GetMigrationInfoResponse), options.retry, undefined);
        const rangeOf = (m: number, r: E.Either<CantonError, MigrationInfo>): Required<MigrationRange> | undefined => {
          const ranges = E.isRight(r) ? r.right.record_time_range : [];
          if (ranges.length === 0) return undefined;
          const min = ranges.map((x) => x.min).reduce((a, b) => (compareTimestamps(a, b) <= 0 ? a : b));
          const max = ranges.map((x) => x.max).reduce((a, b) => (compareTimestamps(a, b) >= 0 ? a : b));
          return { migration_id: m, min, max };
        };

        // The stream's first request is the first slice's first request, so its page is read once.
        const start = initialScanRead(firstCursor, from?.update_id);

        // Migration by migration, each handed to the reader as soon as its range is known, so
        // that reading overlaps the planning: its range (migration info), then the first item
        // after its last record time, whose migration id is the next one (the next migration's
        // info is asked at the same time: ids are usually consecutive). A migration whose range
        // cannot be learned (no migration info) ends the plan: the rest is read as one slice.
        const plan = (m: number, known: Result<MigrationInfo>, lastEnd: ScanCursor | undefined, learned: number): Result<ReadonlyArray<Slice>> =>
          known.pipe(
            switchMap((r) => {
              const range = rangeOf(m, r);
              if (range === undefined || learned >= MAX_MIGRATIONS) return of(E.right(tailSlice(lastEnd, start, to, true)));
              // The first migration read starts where the stream starts (unless that lies in an earlier migration).
              const first = lastEnd === undefined && (firstCursor === undefined || firstCursor.migration_id === m);
              const own = sliceMigration(range, first ? { state: start, at: firstCursor !== undefined ? toMicros(firstCursor.record_time) : toMicros(previousMicrosecond(range.min)) } : migrationStart(range), slices, to, grid);
              const end = own.length > 0 ? own[own.length - 1]!.end : lastEnd;
              if (to !== undefined && to.migration_id <= m) return of(E.right([...own, ...tailSlice(end, start, to, false)]));
              const after = forkJoin([itemAfter({ migration_id: m, record_time: range.max }), info(m + 1)]).pipe(
                switchMap(([n, nextInfo]): Result<ReadonlyArray<Slice>> => {
                  if (E.isLeft(n)) return of(n);
                  const next = n.right === undefined ? undefined : cursorOfItem(n.right).migration_id;
                  if (next === undefined || next <= m) return of(E.right(tailSlice(end, start, to, false)));
                  return plan(next, next === m + 1 ? of(nextInfo) : info(next), end, learned + 1);
                }),
              );
              return concat(of(E.right(own)), after);
            }),
          );

        // The first page tells the first migration and how dense the history is (so that the
        // first slices can be cut to a page at once); the first migration's info is asked at the
        // same time, guessing it is the start's migration, or 0.
        const guess = firstCursor?.migration_id ?? 0;
        let grid: bigint | undefined;
        return forkJoin([page(start, pageSize), info(guess)]).pipe(
          switchMap(([f, guessed]) => {
            if (E.isLeft(f)) return of(f);
            const head = f.right[0];
            if (head === undefined) return of(); // nothing after the start: nothing to deliver
            const m0 = firstCursor?.migration_id ?? cursorOfItem(head).migration_id;
            grid = pageWidth(f.right, pageSize);
            return readSlices(plan(m0, m0 === guess ? of(guessed) : info(m0), undefined, 0), concurrency, (state) => page(state, pageSize), pageSize, f.right, { state: start, page: f.right });
          }),
        );
      }),
  );

/**
 * How wide in record time a slice of about one page is, from a page read (a little narrower than
 * a page, so that a slice usually ends within one request); undefined when the page cannot tell.
 * @example
 * ```ts
 * pageWidth(items, 500); // items one millisecond apart: 475 ms in microseconds (475_001n)
 * ```
 * @internal
 */
export const pageWidth = (items: ReadonlyArray<Item>, pageSize: number): bigint | undefined => {
  if (items.length < 2) return undefined;
  const first = cursorOfItem(items[0]!);
  const last = cursorOfItem(items[items.length - 1]!);
  if (first.migration_id !== last.migration_id) return undefined;
  const span = toMicros(last.record_time) - toMicros(first.record_time);
  return (span * BigInt(pageSize) * 19n) / (BigInt(items.length - 1) * 20n) + 1n;
};

interface Active {
  state: ScanReadState;
  /** Where the slice started: its items come strictly after it (or at it, after a checkpoint's update). */
  readonly start: ScanCursor | undefined;
  end: ScanCursor | undefined;
  buffer: Item[];
  fetched: boolean;
  done: boolean;
  failure: CantonError | undefined;
  sub: Subscription | undefined;
}

/**
 * The ordered merge of the slices, read `concurrency` at a time. The slices come as a list, or as
 * they are planned: each Right appends slices, a Left ends the stream with it once every slice
 * before it is delivered, and completion ends the plan.
 * @internal
 */
export const readSlices = (
  slices: ReadonlyArray<Slice> | Result<ReadonlyArray<Slice>>,
  concurrency: number,
  page: (state: ScanReadState) => Result<ReadonlyArray<Item>>,
  pageSize: number,
  /** A page already read (of any part of the history), to learn its density from before the first request. */
  sample: ReadonlyArray<Item> = [],
  /** The first slice's first page when already read: used if the first slice starts at exactly this state. */
  prefetched?: { readonly state: ScanReadState; readonly page: ReadonlyArray<Item> },
): Result<Item> =>
  new Observable((subscriber) => {
    const active: Active[] = [];
    const planned: Active[] = [];
    let next = 0;
    let complete = !isObservable(slices);
    let head = prefetched;
    const fresh = (s: Slice): Active => ({ state: s.start, start: s.start.cursor, end: s.end, buffer: [], fetched: false, done: false, failure: undefined, sub: undefined });
    const failed = (failure: CantonError): Active => ({ state: initialScanRead(undefined, undefined), start: undefined, end: undefined, buffer: [], fetched: true, done: true, failure, sub: undefined });

    const apply = (a: Active, r: E.Either<CantonError, ReadonlyArray<Item>>) => {
      if (E.isLeft(r)) {
        a.failure = r.left;
        a.done = true;
        return;
      }
      const step = scanPageStep(a.state, pageSize, r.right);
      let items = step.items;
      const end = a.end;
      if (end !== undefined) {
        const past = items.findIndex((i) => compareCursors(cursorOfItem(i), end) > 0);
        if (past >= 0) {
          items = items.slice(0, past);
          a.done = true;
        }
      }
      a.buffer.push(...items);
      learnWidth(r.right);
      a.state = step.next;
      if (step.failure !== undefined && !a.done) {
        a.failure = step.failure;
        a.done = true;
      }
      if (step.caughtUp) a.done = true;
      // Every item at the cursor is delivered and the cursor is the slice's end: whatever a probe
      // strictly after it would show lies past the end.
      const cursor = step.next.cursor;
      if (!a.done && end !== undefined && step.next.mode === 'probe' && cursor !== undefined && compareCursors(cursor, end) >= 0) a.done = true;
      if (!a.done) split(a);
    };

    let width: bigint | undefined;
    const learnWidth = (items: ReadonlyArray<Item>) => {
      width = pageWidth(items, pageSize) ?? width;
    };

    // Hands the part of a slice after `from` on as slices of `width` right after it, up to its
    // end (the window slides through them) or a window's worth when it has none.
    const cutAfter = (a: Active, from: ScanCursor, w: bigint) => {
      const fromAt = toMicros(from.record_time);
      const span = a.end === undefined ? undefined : toMicros(a.end.record_time) - fromAt;
      const k = span === undefined ? concurrency : Math.max(1, Math.min(MAX_PIECES, Number((span + w - 1n) / w)));
      const pieces: Active[] = [];
      let start = from;
      for (let i = 1; i <= k; i++) {
        const end = i === k ? a.end : { migration_id: from.migration_id, record_time: fromMicros(fromAt + w * BigInt(i)) };
        pieces.push(fresh({ start: initialScanRead(start, undefined), end }));
        if (end !== undefined) start = end;
      }
      a.end = from;
      active.splice(active.indexOf(a) + 1, 0, ...pieces);
    };

    learnWidth(sample);

    // After a page, a slice with more to read keeps the items before the last record time of its
    // page and is done; the rest (from the microsecond before that record time, since more
    // items may share it beyond the page) goes on as new slices.
    const split = (a: Active) => {
      const firstItem = a.buffer[0];
      const lastItem = a.buffer[a.buffer.length - 1];
      if (firstItem === undefined || lastItem === undefined || width === undefined) return;
      const m = cursorOfItem(lastItem).migration_id;
      if (cursorOfItem(firstItem).migration_id !== m || (a.end !== undefined && a.end.migration_id !== m)) return;
      const cut = { migration_id: m, record_time: previousMicrosecond(lastItem.record_time) };
      // The cut must move past the start, or the slice would hand itself on unchanged.
      if (a.start !== undefined && (a.start.migration_id !== m || toMicros(cut.record_time) <= toMicros(a.start.record_time))) return;
      // A page that reached the end needs no new slice: the slice itself asks once more, for the
      // items that may share the end beyond the page (a new slice would ask twice).
      if (a.end !== undefined && compareCursors(a.end, cursorOfItem(lastItem)) <= 0) return;
      a.buffer = a.buffer.filter((i) => compareCursors(cursorOfItem(i), cut) <= 0);
      cutAfter(a, cut, width);
      a.done = true;
    };

    // Before its first request, a slice much wider than a page is cut into slices of a page.
    const presplit = (a: Active) => {
      if (width === undefined || a.start === undefined || a.end === undefined || a.start.migration_id !== a.end.migration_id) return;
      const startAt = toMicros(a.start.record_time);
      if (toMicros(a.end.record_time) - startAt <= (width * 3n) / 2n) return;
      const first = { migration_id: a.start.migration_id, record_time: fromMicros(startAt + width) };
      cutAfter(a, first, width);
    };

    const fetch = (a: Active) => {
      let result: E.Either<CantonError, ReadonlyArray<Item>> | undefined;
      let finished = false;
      const sub = page(a.state).subscribe({
        next: (r) => {
          result = r;
        },
        error: (e: unknown) => subscriber.error(e),
        complete: () => {
          finished = true;
          a.sub = undefined;
          if (result === undefined) {
            subscriber.error(new Error('canton-rx: a page request completed without a result (a defect)'));
            return;
          }
          apply(a, result);
          drain();
        },
      });
      if (!finished) a.sub = sub;
    };

    // The window is the first `concurrency` slices: only they read or hold a page, so memory
    // holds at most `concurrency` pages and the slices read are always the next ones to deliver.
    // Until a page has shown how dense the history is, only the first slice reads.
    const fill = () => {
      while (active.length < concurrency && next < planned.length) active.push(planned[next++]!);
      for (let i = 0; i < Math.min(concurrency, active.length) && !subscriber.closed; i++) {
        const a = active[i]!;
        if (a.done || a.sub !== undefined || a.buffer.length > 0) continue;
        if (width === undefined && i > 0) break;
        if (!a.fetched) presplit(a);
        a.fetched = true;
        if (head !== undefined && a.state === head.state) {
          // The page was read by the same request this slice would send first.
          const r = E.right(head.page);
          head = undefined;
          apply(a, r);
          again = true;
          continue;
        }
        head = undefined;
        fetch(a);
      }
    };

    // Re-entrant calls (a page that completes synchronously) are folded into the running loop.
    let draining = false;
    let again = false;
    const drain = (): void => {
      if (draining) {
        again = true;
        return;
      }
      draining = true;
      try {
        do {
          again = false;
          while (active.length > 0 && !subscriber.closed) {
            const head = active[0]!;
            const items = head.buffer;
            head.buffer = [];
            for (const item of items) {
              if (subscriber.closed) return;
              subscriber.next(E.right(item));
            }
            if (!head.done) break;
            if (head.failure !== undefined) {
              subscriber.next(E.left(head.failure));
              subscriber.complete();
              return;
            }
            active.shift();
          }
          if (subscriber.closed) return;
          if (active.length === 0 && next >= planned.length && complete) {
            subscriber.complete();
            return;
          }
          fill();
        } while (again);
      } finally {
        draining = false;
      }
    };

    let source: Subscription | undefined;
    if (isObservable(slices)) {
      source = slices.subscribe({
        next: (r) => {
          if (E.isLeft(r)) planned.push(failed(r.left));
          else planned.push(...r.right.map(fresh));
          drain();
        },
        error: (e: unknown) => subscriber.error(e),
        complete: () => {
          complete = true;
          source = undefined;
          drain();
        },
      });
    } else planned.push(...slices.map(fresh));
    drain();
    return () => {
      source?.unsubscribe();
      for (const a of active) a.sub?.unsubscribe();
    };
  });
