import { defer, forkJoin, map, Observable, of, Subscription, switchMap } from 'rxjs';
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
import { planBackfill, type MigrationRange, type Slice } from './planBackfill.js';
import { fromMicros, toMicros } from './micros.js';
import { previousMicrosecond } from '../time/previousMicrosecond.js';

/**
 * Options of `scan.backfill`.
 * @category Streams
 * @since 0.2.0
 */
export interface ScanBackfillOptions {
  /** How many slices the range is cut into (default 8, at most 1000). */
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
 * at most `concurrency` pages. First the migrations are learned (the first item, then for each
 * migration `POST /v0/backfilling/migration-info` and the first item after its last record
 * time), then each slice is read with the paging state machine of `scan.updates`. On a pool
 * every page is agreed on by the pool (see docs/scans.md).
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
        const first = { cursor: firstCursor, updateId: from?.update_id };

        const page = (state: ScanReadState, size: number) =>
          pageRequest(() => send(transport, { method: 'POST', path: `/${version}/updates`, body: { ...rest, ...scanPageRequest(state, size) } }, codec), options.retry, undefined).pipe(
            map(E.map((r) => r.transactions as ReadonlyArray<Item>)),
          );
        const itemAfter = (cursor: ScanCursor | undefined): Result<Item | undefined> =>
          page({ cursor, tied: [], mode: 'poll', extra: 0, stalls: 0 }, 1).pipe(map(E.map((items) => items[0])));
        const info = (m: number) =>
          pageRequest(() => send(transport, { method: 'POST', path: '/v0/backfilling/migration-info', body: { migration_id: m } }, GetMigrationInfoResponse), options.retry, undefined);

        // Migration by migration: its range, then the first item after its last record time,
        // whose migration id is the next one. A migration whose range cannot be learned (no
        // migration info) ends the list: the rest is read as one slice.
        // The info of the migration after m is asked at the same time as the first item after m
        // (migration ids are usually consecutive), which saves a round trip per migration.
        const learn = (m: number, acc: MigrationRange[], known?: Result<MigrationInfo>): Result<MigrationRange[]> =>
          (known ?? info(m)).pipe(
            switchMap((r) => {
              const ranges = E.isRight(r) ? r.right.record_time_range : [];
              if (ranges.length === 0 || acc.length >= MAX_MIGRATIONS) return of(E.right([...acc, { migration_id: m }]));
              const min = ranges.map((x) => x.min).reduce((a, b) => (compareTimestamps(a, b) <= 0 ? a : b));
              const max = ranges.map((x) => x.max).reduce((a, b) => (compareTimestamps(a, b) >= 0 ? a : b));
              const known = [...acc, { migration_id: m, min, max }];
              if (to !== undefined && to.migration_id <= m) return of(E.right(known));
              return forkJoin([itemAfter({ migration_id: m, record_time: max }), info(m + 1)]).pipe(
                switchMap(([n, nextInfo]) => {
                  if (E.isLeft(n)) return of(n);
                  const next = n.right === undefined ? undefined : cursorOfItem(n.right).migration_id;
                  return next === undefined || next <= m ? of(E.right(known)) : learn(next, known, next === m + 1 ? of(nextInfo) : undefined);
                }),
              );
            }),
          );

        // The first page after the start tells the first migration and how dense the history is
        // (so that the first slices can be cut to a page at once); the first migration's info is
        // asked at the same time, guessing it is the start's migration, or 0.
        const guess = firstCursor?.migration_id ?? 0;
        return forkJoin([page({ cursor: firstCursor, tied: [], mode: 'poll', extra: 0, stalls: 0 }, pageSize), info(guess)]).pipe(
          switchMap(([f, guessed]) => {
            if (E.isLeft(f)) return of(f);
            const head = f.right[0];
            if (head === undefined) return of(); // nothing after the start: nothing to deliver
            const m0 = firstCursor?.migration_id ?? cursorOfItem(head).migration_id;
            return learn(m0, [], m0 === guess ? of(guessed) : undefined).pipe(
              switchMap((plan): Result<Item> =>
                E.isLeft(plan) ? of(plan) : readSlices(planBackfill(plan.right, first, slices, to), concurrency, (state) => page(state, pageSize), pageSize, f.right),
              ),
            );
          }),
        );
      }),
  );

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

/** The ordered merge of the slices, read `concurrency` at a time. @internal */
export const readSlices = (
  slices: ReadonlyArray<Slice>,
  concurrency: number,
  page: (state: ScanReadState) => Result<ReadonlyArray<Item>>,
  pageSize: number,
  /** A page already read (of any part of the history), to learn its density from before the first request. */
  sample: ReadonlyArray<Item> = [],
): Result<Item> =>
  new Observable((subscriber) => {
    const active: Active[] = [];
    let next = 0;
    const fresh = (s: Slice): Active => ({ state: s.start, start: s.start.cursor, end: s.end, buffer: [], fetched: false, done: false, failure: undefined, sub: undefined });

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

    // How wide in record time a slice of about one page is, learned from the pages read (a little
    // narrower than a page, so that a slice usually ends within one request).
    let width: bigint | undefined;
    const learnWidth = (items: ReadonlyArray<Item>) => {
      if (items.length < 2) return;
      const first = cursorOfItem(items[0]!);
      const last = cursorOfItem(items[items.length - 1]!);
      if (first.migration_id !== last.migration_id) return;
      const span = toMicros(last.record_time) - toMicros(first.record_time);
      width = (span * BigInt(pageSize) * 19n) / (BigInt(items.length - 1) * 20n) + 1n;
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
      if (a.end !== undefined && compareCursors(a.end, cut) <= 0) return;
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
      while (active.length < concurrency && next < slices.length) active.push(fresh(slices[next++]!));
      for (let i = 0; i < Math.min(concurrency, active.length) && !subscriber.closed; i++) {
        const a = active[i]!;
        if (a.done || a.sub !== undefined || a.buffer.length > 0) continue;
        if (width === undefined && i > 0) break;
        if (!a.fetched) presplit(a);
        a.fetched = true;
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
          if (active.length === 0 && next >= slices.length) {
            subscriber.complete();
            return;
          }
          fill();
        } while (again);
      } finally {
        draining = false;
      }
    };

    drain();
    return () => {
      for (const a of active) a.sub?.unsubscribe();
    };
  });
