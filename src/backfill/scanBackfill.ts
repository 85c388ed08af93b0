import { concat, concatMap, defer, forkJoin, map, of, switchMap, type Observable } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import type { CantonError } from '../errors/CantonError.js';
import type { Transport } from '../client/createTransport.js';
import { checked } from '../client/send.js';
import { invokeOperation } from '../client/invokeOperation.js';
import { getMigrationInfo } from '../generated/scan/ops/getMigrationInfo.js';
import { getUpdateHistoryV1 } from '../generated/scan/ops/getUpdateHistoryV1.js';
import { getUpdateHistoryV2 } from '../generated/scan/ops/getUpdateHistoryV2.js';
import { Timestamp } from '../codecs/common/primitives.js';
import { checkpointCodecs } from '../streams/checkpointCodecs.js';
import type { GetMigrationInfoResponse as MigrationInfo } from '../codecs/scan/GetMigrationInfoResponse.js';
import type { UpdateHistoryItem } from '../codecs/scan/UpdateHistoryItem.js';
import type { UpdateHistoryItemV2 } from '../codecs/scan/UpdateHistoryItemV2.js';
import type { UpdateHistoryRequestV2 } from '../codecs/scan/UpdateHistoryRequestV2.js';
import type { RetryBackoffConfig } from '../retry/retryBackoff.js';
import type { ScanCheckpoint } from '../streams/checkpoints.js';
import { withRetry } from '../paging/withRetry.js';
import { checkpointOfRead, cursorOfItem, initialScanRead, scanPageRequest, type ScanCursor, type ScanReadState } from '../paging/byScanCursor.js';
import { compareTimestamps } from '../time/compareTimestamps.js';
import { Checks } from '../validation/checks.js';
import { validateUpdateHistoryRequest } from '../validation/validateUpdateHistoryRequest.js';
import { previousMicrosecond } from '../time/previousMicrosecond.js';
import { fromMicros, toMicros } from './micros.js';
import { probeMigrationEnd } from './probeMigrationEnd.js';
import { pageWidth } from './pageWidth.js';
import { migrationStart, sliceMigration, tailSlice, type MigrationRange, type Slice } from './planBackfill.js';
import { readSlices } from './readSlices.js';
import { withPageWorkers } from './withPageWorkers.js';
import type { PageWorkers } from './pageWorkers.js';
import type { BackfillSlice } from './BackfillSlice.js';

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
  /** Decode strictly, as for `scan.updates` (docs/codecs.md, "Open unions"). @since 0.3.0 */
  readonly strict?: boolean;
  /**
   * Worker threads that parse and decode the pages (Node only; default: the cores available,
   * `os.availableParallelism()`; at most 64). `0` decodes on the calling thread, as does a
   * platform without worker threads and a Scan pool (which reads the answers it compares). The
   * order and the checkpoints are the same either way.
   */
  readonly workers?: number;
}

type Item = UpdateHistoryItem | UpdateHistoryItemV2;
type Result<A> = Observable<E.Either<CantonError, A>>;

/** How far past the clock a record time may lie: where the probe for a migration's end starts looking. */
const LATER_MS = 24 * 60 * 60 * 1000;

/** What a Scan that has said it has no migration info is asked no more. */
const NO_INFO: CantonError = { _tag: 'InvalidRequest', message: 'no migration info on this Scan', issues: [] };

/** Migrations looked up at most, so that a server answering nonsense cannot keep the plan going. */
const MAX_MIGRATIONS = 10_000;

const checkOptions = (options: ScanBackfillOptions): Checks => {
  const checks = new Checks().checkpoint(checkpointCodecs['scan.updates'], options.from);
  if (options.slices !== undefined) checks.positiveInt(options.slices, 'slices', 1000);
  if (options.concurrency !== undefined) checks.positiveInt(options.concurrency, 'concurrency', 64);
  const to = options.to;
  if (to !== undefined) checks.nonNegativeInt(to.migration_id, 'to.migration_id').check(Timestamp.is(to.record_time), 'to.record_time', 'must be an ISO-8601 UTC instant');
  if (options.workers !== undefined) checks.nonNegativeInt(options.workers, 'workers').check(typeof options.workers !== 'number' || options.workers <= 64, 'workers', 'must be at most 64');
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
 * time); each slice is read by the paging engine with the Scan cursor rules of `scan.updates`,
 * bounded to the slice (see `readSlices`). On a pool every page is agreed on by the pool (see
 * docs/scans.md).
 * @internal
 */
export const scanBackfill = (transport: Transport, request: UpdateHistoryRequestV2, options: ScanBackfillOptions = {}): Result<Item> =>
  planned(transport, request, options, (req, plan) =>
    withPageWorkers(transport, options.workers, (workers) =>
      plan(workers, (slices, first, page) => readSlices(slices, options.concurrency ?? Math.min(options.slices ?? 8, 64), page, req.page_size, options.retry, first.page, first, transport.telemetry)),
    ),
  );

/**
 * The slices of a backfill as `scan.backfill` plans them (each Right a few more, in order), with
 * the same requests, as the `from` and `to` of a backfill each: for a backfill read elsewhere, by
 * the processes of a distributed backfill.
 * @example
 * ```ts
 * planScanBackfill(transport, { page_size: 500 }, { slices: 16 }); // Right([{ index: 0, to }, { index: 1, from, to }, ...]), ...
 * ```
 * @internal
 */
export const planScanBackfill = (transport: Transport, request: UpdateHistoryRequestV2, options: ScanBackfillOptions = {}): Result<ReadonlyArray<BackfillSlice>> =>
  defer(() => {
    let index = 0;
    const asSlice = (s: Slice): BackfillSlice => {
      const from = checkpointOfRead('scan.updates', s.start);
      return { index: index++, ...(from !== undefined ? { from } : {}), ...(s.end !== undefined ? { to: s.end } : {}) };
    };
    return planned(transport, request, options, (_req, plan) => plan(undefined, (slices) => slices)).pipe(map(E.map((slices) => slices.map(asSlice))));
  });

type PageOf = (cursor: ReturnType<typeof scanPageRequest>) => Result<ReadonlyArray<Item>>;
type Plan = <A>(workers: PageWorkers | undefined, use: (slices: Result<ReadonlyArray<Slice>>, first: { readonly state: ScanReadState; readonly page: ReadonlyArray<Item> }, page: PageOf) => Result<A>) => Result<A>;

/** The checked request and options, and the plan of a backfill, for `use` to read (or hand on). */
const planned = <A>(transport: Transport, request: UpdateHistoryRequestV2, options: ScanBackfillOptions, run: (req: UpdateHistoryRequestV2, plan: Plan) => Result<A>): Result<A> =>
  checked(
    () => {
      const r = validateUpdateHistoryRequest(request);
      if (E.isLeft(r)) return r;
      return checkOptions(options).result('scan.backfill options', r.right);
    },
    (req) =>
      run(req, <B>(workers: PageWorkers | undefined, use: (slices: Result<ReadonlyArray<Slice>>, first: { readonly state: ScanReadState; readonly page: ReadonlyArray<Item> }, page: PageOf) => Result<B>): Result<B> => {
        const version = options.version ?? 'v2';
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

        // One page request, without retry: the slices' reads add it (the paging engine's), as the planning requests below do.
        const page: PageOf = (cursor) =>
          version === 'v1'
            ? invokeOperation(transport, getUpdateHistoryV1, [{ ...rest, ...cursor }], undefined, workers?.decode('v1')).pipe(map(E.map((r) => r.transactions)))
            : invokeOperation(transport, getUpdateHistoryV2, [{ ...rest, ...cursor }], undefined, workers?.decode('v2')).pipe(map(E.map((r) => r.transactions)));
        const itemAfter = (cursor: ScanCursor): Result<Item | undefined> => withRetry(() => page(scanPageRequest(initialScanRead(cursor, undefined), 1)), options.retry, undefined).pipe(map(E.map((items) => items[0])));
        const info = (m: number) => withRetry(() => invokeOperation(transport, getMigrationInfo, [{ migration_id: m }]), options.retry, undefined);
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
        // info is asked at the same time: ids are usually consecutive). A Scan without migration
        // info (older, or a 404) has each migration's end probed instead (probeMigrationEnd), from
        // its first item: the first page's, then the first item after the previous migration.
        let noInfo = false;
        const infoOf = (m: number): Result<MigrationInfo> => (noInfo ? of(E.left(NO_INFO)) : info(m));
        const plan = (m: number, known: Result<MigrationInfo>, firstItem: Item | undefined, lastEnd: ScanCursor | undefined, learned: number): Result<ReadonlyArray<Slice>> =>
          known.pipe(
            switchMap((r) => {
              if (learned >= MAX_MIGRATIONS) return of(E.right(tailSlice(lastEnd, start, to, true)));
              // The first migration read starts where the stream starts (unless that lies in an earlier migration).
              const first = lastEnd === undefined && (firstCursor === undefined || firstCursor.migration_id === m);
              const begin = (min: string) => (first ? { state: start, at: toMicros(firstCursor !== undefined ? firstCursor.record_time : previousMicrosecond(min)) } : migrationStart({ migration_id: m, min, max: min }));
              // What follows the migration's slices: nothing past `to`, else the next migration from the first item after its end.
              const then = (own: ReadonlyArray<Slice>, end: ScanCursor | undefined, after: Result<Item | undefined>, nextInfo: Result<MigrationInfo>): Result<ReadonlyArray<Slice>> => {
                if (to !== undefined && to.migration_id <= m) return of(E.right([...own, ...tailSlice(end, start, to, false)]));
                return concat(
                  of(E.right(own)),
                  forkJoin([after, nextInfo]).pipe(
                    switchMap(([n, nextKnown]): Result<ReadonlyArray<Slice>> => {
                      if (E.isLeft(n)) return of(n);
                      const next = n.right === undefined ? undefined : cursorOfItem(n.right).migration_id;
                      if (next === undefined || next <= m) return of(E.right(tailSlice(end, start, to, false)));
                      return plan(next, next === m + 1 ? of(nextKnown) : infoOf(next), n.right, end, learned + 1);
                    }),
                  ),
                );
              };
              const range = rangeOf(m, r);
              if (range !== undefined) {
                const own = sliceMigration(range, begin(range.min), slices, to, grid);
                return then(own, own.length > 0 ? own[own.length - 1]!.end : lastEnd, itemAfter({ migration_id: m, record_time: range.max }), infoOf(m + 1));
              }
              if (E.isLeft(r)) noInfo = true;
              if (firstItem === undefined) return of(E.right(tailSlice(lastEnd, start, to, true)));
              // Nothing of this migration after the start: on with the migration of the first item.
              if (cursorOfItem(firstItem).migration_id !== m) return then([], lastEnd, of(E.right(firstItem)), infoOf(m + 1));
              const min = cursorOfItem(firstItem).record_time;
              let piece = begin(min);
              let end = lastEnd;
              // Slices up to a record time known to hold an item of the migration (or to its end).
              const upTo = (max: string): Slice[] => {
                if (toMicros(max) <= piece.at) return [];
                const own = sliceMigration({ migration_id: m, min, max }, piece, slices, to, grid);
                end = own.length > 0 ? own[own.length - 1]!.end : end;
                if (end !== undefined) piece = { state: initialScanRead(end, undefined), at: toMicros(end.record_time) };
                return own;
              };
              const inTo = to !== undefined && to.migration_id === m;
              const limit = inTo ? to.record_time : fromMicros(BigInt(Date.now() + LATER_MS) * 1000n);
              return probeMigrationEnd(itemAfter, m, firstCursor !== undefined && first ? firstCursor.record_time : min, limit, Math.max(2, Math.min(concurrency, 8)), grid ?? 1_000_000n).pipe(
                concatMap((step): Result<ReadonlyArray<Slice>> => {
                  if (E.isLeft(step)) return of(step);
                  if ('upTo' in step.right) return of(E.right(upTo(step.right.upTo)));
                  // Past the limit: to `to`, or (a record time in the future) the rest as it comes.
                  if (step.right.end === undefined) return of(E.right(inTo ? [...upTo(to.record_time), ...tailSlice(end, start, to, false)] : tailSlice(end, start, to, true)));
                  return then(upTo(step.right.end), end, of(E.right(step.right.next)), infoOf(m + 1));
                }),
              );
            }),
          );

        // The first page tells the first migration and how dense the history is (so that the
        // first slices can be cut to a page at once); the first migration's info is asked at the
        // same time, guessing it is the start's migration, or 0.
        const guess = firstCursor?.migration_id ?? 0;
        // A range that starts and ends in one migration (a slice of a distributed backfill, a
        // resumed bounded read) is its own range: no migration info is asked, which saves each
        // slice a round trip before its pages (the plan is the same as from an info whose range
        // reaches past `to`).
        const within: MigrationInfo | undefined =
          firstCursor !== undefined && to !== undefined && to.migration_id === firstCursor.migration_id
            ? { record_time_range: [{ synchronizer_id: '', min: firstCursor.record_time, max: to.record_time }], complete: true }
            : undefined;
        let grid: bigint | undefined;
        return forkJoin([withRetry(() => page(scanPageRequest(start, pageSize)), options.retry, undefined), within !== undefined ? of(E.right(within)) : info(guess)]).pipe(
          switchMap(([f, guessed]) => {
            if (E.isLeft(f)) return of(f);
            const head = f.right[0];
            if (head === undefined) return of(); // nothing after the start: nothing to deliver
            const m0 = firstCursor?.migration_id ?? cursorOfItem(head).migration_id;
            grid = pageWidth(f.right, pageSize);
            return use(plan(m0, m0 === guess ? of(guessed) : infoOf(m0), head, undefined, 0), { state: start, page: f.right }, page);
          }),
        );
      }),
  );
