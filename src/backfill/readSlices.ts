import { isObservable, Observable, of, Subject, type Subscription } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import type { CantonError } from '../errors/CantonError.js';
import type { UpdateHistoryItem } from '../codecs/scan/UpdateHistoryItem.js';
import type { UpdateHistoryItemV2 } from '../codecs/scan/UpdateHistoryItemV2.js';
import type { RetryBackoffConfig } from '../retry/retryBackoff.js';
import type { Telemetry } from '../telemetry/createTelemetry.js';
import { previousMicrosecond } from '../time/previousMicrosecond.js';
import { checkpointOfRead, compareCursors, initialScanRead, scanCursorPaging, type ScanCursor, type ScanCursorCheckpoint, type ScanReadState, type scanPageRequest } from '../paging/byScanCursor.js';
import { readPages, type Paging } from '../paging/readPages.js';
import { fromMicros, toMicros } from './micros.js';
import { pageWidth } from './pageWidth.js';
import type { Slice } from './planBackfill.js';

type Item = UpdateHistoryItem | UpdateHistoryItemV2;
type Result<A> = Observable<E.Either<CantonError, A>>;
type ScanCheckpoint = ScanCursorCheckpoint<'scan.updates'>;
type SliceRecord = { readonly value: Item; readonly checkpoint: ScanCheckpoint };

/** The stream name a backfill's metrics carry. */
const METERED = 'scan.backfill';

/** Slices one split hands on at most; the last of them takes whatever remains (and splits in turn). */
const MAX_PIECES = 4096;

interface Active {
  /** Where the slice's read begins. */
  readonly state: ScanReadState;
  /** Where the slice started: its items come strictly after it (or at it, after a checkpoint's update). */
  readonly start: ScanCursor | undefined;
  end: ScanCursor | undefined;
  /** Items read and not yet delivered: at most one page, since a slice asks for its next page only once this is empty. */
  buffer: Item[];
  /** The slice's read (the paging engine's), once started; `pull` asks it for one more page. */
  reader: Subscription | undefined;
  readonly pull: Subject<void>;
  started: boolean;
  /** A page is asked for and not yet here. */
  waiting: boolean;
  done: boolean;
  /**
   * The history ended inside the slice, before its end: nothing follows, so the slices after it
   * hold nothing either, or a reader that cannot settle what comes next (a Scan pool whose Scans
   * do not agree past here) stopped: the backfill ends here, exactly, and resumes from there later.
   */
  endedShort: boolean;
  failure: CantonError | undefined;
}

/**
 * The ordered merge of the slices, read `concurrency` at a time, each slice read by the paging
 * engine (`readPages`, one page per pull, with `retry`) as the Scan cursor family of
 * `scan.updates` (`scanCursorPaging`) bounded to the slice's end. The slices come as a list, or as they are planned: each Right appends slices, a
 * Left ends the stream with it once every slice before it is delivered, and completion ends the
 * plan.
 * @example
 * ```ts
 * readSlices([{ start: initialScanRead(undefined, undefined), end: undefined }], 8, (cursor) => askScan({ ...request, ...cursor }), 500, undefined);
 * ```
 * @internal
 */
export const readSlices = (
  slices: ReadonlyArray<Slice> | Result<ReadonlyArray<Slice>>,
  concurrency: number,
  /** One page request with the `page_size` and `after` of a read state (without retry: the engine adds `retry`). */
  page: (cursor: ReturnType<typeof scanPageRequest>) => Result<ReadonlyArray<Item>>,
  pageSize: number,
  retry: RetryBackoffConfig | undefined,
  /** A page already read (of any part of the history), to learn its density from before the first request. */
  sample: ReadonlyArray<Item> = [],
  /** The first slice's first page when already read: used if the first slice starts at exactly this state. */
  prefetched?: { readonly state: ScanReadState; readonly page: ReadonlyArray<Item> },
  /** Where the pages, items and slices are counted (as `scan.backfill`). */
  telemetry?: Telemetry,
): Result<Item> =>
  new Observable((subscriber) => {
    const active: Active[] = [];
    const planned: Active[] = [];
    let next = 0;
    let complete = !isObservable(slices);
    let head = prefetched;
    const fresh = (s: Slice): Active => ({ state: s.start, start: s.start.cursor, end: s.end, buffer: [], reader: undefined, pull: new Subject(), started: false, waiting: false, done: false, endedShort: false, failure: undefined });
    const failed = (failure: CantonError): Active => ({ ...fresh({ start: initialScanRead(undefined, undefined), end: undefined }), started: true, done: true, failure });

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

    // After a page, a slice with more to read keeps the records before the last record time of
    // its page and is done; the rest (from the microsecond before that record time, since more
    // items may share it beyond the page) goes on as new slices. Where it cuts, the records it keeps.
    const split = (a: Active, records: ReadonlyArray<SliceRecord>): ReadonlyArray<SliceRecord> | undefined => {
      const first = records[0]?.checkpoint;
      const last = records[records.length - 1]?.checkpoint;
      if (first === undefined || last === undefined || width === undefined) return undefined;
      const m = last.migration_id;
      if (first.migration_id !== m || (a.end !== undefined && a.end.migration_id !== m)) return undefined;
      const cut = { migration_id: m, record_time: previousMicrosecond(last.record_time) };
      // The cut must move past the start, or the slice would hand itself on unchanged.
      if (a.start !== undefined && (a.start.migration_id !== m || toMicros(cut.record_time) <= toMicros(a.start.record_time))) return undefined;
      // A page that reached the end needs no new slice: the slice itself asks once more, for the
      // items that may share the end beyond the page (a new slice would ask twice).
      if (a.end !== undefined && compareCursors(a.end, last) <= 0) return undefined;
      cutAfter(a, cut, width);
      return records.filter((r) => compareCursors(r.checkpoint, cut) <= 0);
    };

    // The Scan cursor family of `scan.updates`: its rules, its records and checkpoints.
    const family = scanCursorPaging<ReadonlyArray<Item>, Item, 'scan.updates'>({ stream: 'scan.updates', pageSize, tailMs: undefined, itemsPath: 'transactions', request: page, records: (values) => ({ values }) });

    // A slice reads the family bounded to its end, and cut where it hands the rest on: the read
    // ends (next undefined) where the slice is done.
    const pagingOf = (a: Active): Paging<ScanReadState, ReadonlyArray<Item>, Item, ScanCheckpoint> => ({
      request: (state) => {
        const known = head;
        head = undefined;
        // The page was read by the same request this slice sends first.
        return known !== undefined && known.state === state ? of(E.right(known.page)) : family.request(state);
      },
      step: (answer, state) => {
        learnWidth(answer);
        const stepped = family.step(answer, state);
        if (E.isLeft(stepped)) return stepped;
        const { page: read, next } = stepped.right;
        let records = read.records;
        let done = next === undefined;
        let failure = stepped.right.failure;
        const end = a.end;
        if (end !== undefined) {
          const past = records.findIndex((r) => compareCursors(r.checkpoint, end) > 0);
          if (past >= 0) {
            // The rest lies past the end, whatever it holds.
            records = records.slice(0, past);
            done = true;
            failure = undefined;
          }
        }
        // Every item at the cursor is delivered and the cursor is the slice's end: whatever a
        // probe strictly after it would show lies past the end.
        const cursor = next?.cursor;
        if (!done && end !== undefined && next!.mode === 'probe' && cursor !== undefined && compareCursors(cursor, end) >= 0) done = true;
        if (!done) {
          const kept = split(a, records);
          if (kept !== undefined) {
            records = kept;
            done = true;
          }
        }
        // The family ended the read (no item after the cursor) before the slice's end.
        if (done && next === undefined && end !== undefined && records.length === read.records.length) a.endedShort = true;
        const checkpoint = records.length === read.records.length ? read.checkpoint : (records[records.length - 1]?.checkpoint ?? checkpointOfRead('scan.updates', state));
        return E.right({ page: { records, checkpoint, caughtUp: read.caughtUp }, next: done ? undefined : next, ...(failure !== undefined ? { failure } : {}) });
      },
    });

    const start = (a: Active) => {
      a.started = true;
      a.waiting = true;
      telemetry?.slice(METERED, 'start');
      const reader = readPages(pagingOf(a), a.state, { prefetch: 0, pull: a.pull, retry }).subscribe({
        next: (r) => {
          if (E.isLeft(r)) {
            a.failure = r.left;
            a.done = true;
          } else {
            // Pages come out of order across slices: no lag from their checkpoints (the delivered watermark's is, when a slice is done).
            telemetry?.page(METERED, { records: r.right.records, caughtUp: r.right.caughtUp });
            if (r.right.records.length > 0) {
              a.waiting = false;
              for (const record of r.right.records) a.buffer.push(record.value);
            }
          }
          drain();
        },
        error: (e: unknown) => subscriber.error(e),
        complete: () => {
          a.done = true;
          a.reader = undefined;
          telemetry?.slice(METERED, 'end');
          drain();
        },
      });
      if (!a.done) a.reader = reader;
    };

    // Before its first request, a slice much wider than a page is cut into slices of a page.
    const presplit = (a: Active) => {
      if (width === undefined || a.start === undefined || a.end === undefined || a.start.migration_id !== a.end.migration_id) return;
      const startAt = toMicros(a.start.record_time);
      if (toMicros(a.end.record_time) - startAt <= (width * 3n) / 2n) return;
      const first = { migration_id: a.start.migration_id, record_time: fromMicros(startAt + width) };
      cutAfter(a, first, width);
    };

    // The window is the first `concurrency` slices: only they read or hold a page, so memory
    // holds at most `concurrency` pages and the slices read are always the next ones to deliver.
    // Until a page has shown how dense the history is, only the first slice reads.
    const fill = () => {
      while (active.length < concurrency && next < planned.length) active.push(planned[next++]!);
      for (let i = 0; i < Math.min(concurrency, active.length) && !subscriber.closed; i++) {
        const a = active[i]!;
        if (a.done || a.waiting || a.buffer.length > 0) continue;
        if (width === undefined && i > 0) break;
        if (a.started) {
          a.waiting = true;
          a.pull.next();
          continue;
        }
        presplit(a);
        start(a);
      }
    };

    // Re-entrant calls (a page that arrives synchronously) are folded into the running loop.
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
            const first = active[0]!;
            const items = first.buffer;
            first.buffer = [];
            for (const item of items) {
              if (subscriber.closed) return;
              subscriber.next(E.right(item));
            }
            if (!first.done) break;
            if (first.failure !== undefined) {
              subscriber.next(E.left(first.failure));
              subscriber.complete();
              return;
            }
            telemetry?.slice(METERED, 'done', first.end?.record_time);
            if (first.endedShort) {
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
      for (const a of active) {
        if (a.reader !== undefined) telemetry?.slice(METERED, 'end');
        a.reader?.unsubscribe();
      }
    };
  });
