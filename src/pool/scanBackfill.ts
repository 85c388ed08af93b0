import { defer, map, Observable, of, Subscription, switchMap } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import type { CantonError } from '../errors/CantonError.js';
import type { Transport } from '../client/createTransport.js';
import { checked, send } from '../client/send.js';
import { Timestamp } from '../codecs/common/primitives.js';
import { GetMigrationInfoResponse } from '../codecs/scan/GetMigrationInfoResponse.js';
import { UpdateHistoryResponse } from '../codecs/scan/UpdateHistoryResponse.js';
import { UpdateHistoryResponseV2 } from '../codecs/scan/UpdateHistoryResponseV2.js';
import type { UpdateHistoryItem } from '../codecs/scan/UpdateHistoryItem.js';
import type { UpdateHistoryItemV2 } from '../codecs/scan/UpdateHistoryItemV2.js';
import type { UpdateHistoryRequestV2 } from '../codecs/scan/UpdateHistoryRequestV2.js';
import type { RetryBackoffConfig } from '../retry/retryBackoff.js';
import { cursorOfItem } from '../streams/checkpointOf.js';
import type { ScanCheckpoint } from '../streams/checkpoints.js';
import { pageRequest } from '../streams/pageRequest.js';
import { compareCursors, scanPageRequest, scanPageStep, type ScanCursor, type ScanReadState } from '../streams/scanPaging.js';
import { compareTimestamps } from '../time/compareTimestamps.js';
import { Checks } from '../validation/checks.js';
import { validateUpdateHistoryRequest } from '../validation/validateUpdateHistoryRequest.js';
import { planBackfill, type MigrationRange, type Slice } from './planBackfill.js';

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

/** Migrations looked up at most, so that a server answering nonsense cannot keep the plan going. */
const MAX_MIGRATIONS = 10_000;

const checkOptions = (options: ScanBackfillOptions, checks: Checks): Checks => {
  if (options.slices !== undefined) checks.positiveInt(options.slices, 'slices', 1000);
  if (options.concurrency !== undefined) checks.positiveInt(options.concurrency, 'concurrency', 64);
  const from = options.from;
  if (from !== undefined) {
    checks
      .check(from.stream === 'scan.updates', 'from.stream', "must be 'scan.updates'")
      .nonNegativeInt(from.migration_id, 'from.migration_id')
      .check(Timestamp.is(from.record_time), 'from.record_time', 'must be an ISO-8601 UTC instant')
      .check(from.update_id === undefined || (typeof from.update_id === 'string' && from.update_id.length > 0), 'from.update_id', 'must be an update id when given');
  }
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
      return checkOptions(options, new Checks()).result('scan.backfill options', r.right);
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
        const learn = (m: number, acc: MigrationRange[]): Result<MigrationRange[]> =>
          info(m).pipe(
            switchMap((r) => {
              const ranges = E.isRight(r) ? r.right.record_time_range : [];
              if (ranges.length === 0 || acc.length >= MAX_MIGRATIONS) return of(E.right([...acc, { migration_id: m }]));
              const min = ranges.map((x) => x.min).reduce((a, b) => (compareTimestamps(a, b) <= 0 ? a : b));
              const max = ranges.map((x) => x.max).reduce((a, b) => (compareTimestamps(a, b) >= 0 ? a : b));
              const known = [...acc, { migration_id: m, min, max }];
              if (to !== undefined && to.migration_id <= m) return of(E.right(known));
              return itemAfter({ migration_id: m, record_time: max }).pipe(
                switchMap((n) => {
                  if (E.isLeft(n)) return of(n);
                  const next = n.right === undefined ? undefined : cursorOfItem(n.right).migration_id;
                  return next === undefined || next <= m ? of(E.right(known)) : learn(next, known);
                }),
              );
            }),
          );

        return itemAfter(firstCursor).pipe(
          switchMap((f) => {
            if (E.isLeft(f)) return of(f);
            if (f.right === undefined) return of(); // nothing after the start: nothing to deliver
            const m0 = firstCursor?.migration_id ?? cursorOfItem(f.right).migration_id;
            return learn(m0, []).pipe(
              switchMap((plan): Result<Item> => (E.isLeft(plan) ? of(plan) : readSlices(planBackfill(plan.right, first, slices, to), concurrency, (state) => page(state, pageSize), pageSize))),
            );
          }),
        );
      }),
  );

interface Active {
  state: ScanReadState;
  readonly end: ScanCursor | undefined;
  buffer: Item[];
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
): Result<Item> =>
  new Observable((subscriber) => {
    const active: Active[] = [];
    let next = 0;

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
      a.state = step.next;
      if (step.failure !== undefined && !a.done) {
        a.failure = step.failure;
        a.done = true;
      }
      if (step.caughtUp) a.done = true;
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

    // A slice reads its next page only once its buffer is empty: the head's is emptied at once,
    // those ahead of it hold one page until the head reaches them.
    const fill = () => {
      while (active.length < concurrency && next < slices.length) {
        const s = slices[next++]!;
        active.push({ state: s.start, end: s.end, buffer: [], done: false, failure: undefined, sub: undefined });
      }
      for (const a of active.slice()) if (!subscriber.closed && !a.done && a.sub === undefined && a.buffer.length === 0) fetch(a);
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
