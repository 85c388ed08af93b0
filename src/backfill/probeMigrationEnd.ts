import { forkJoin, Observable, type Subscription } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import type { CantonError } from '../errors/CantonError.js';
import type { UpdateHistoryItem } from '../codecs/scan/UpdateHistoryItem.js';
import type { UpdateHistoryItemV2 } from '../codecs/scan/UpdateHistoryItemV2.js';
import { cursorOfItem, type ScanCursor } from '../paging/byScanCursor.js';
import { fromMicros, toMicros } from './micros.js';

type Item = UpdateHistoryItem | UpdateHistoryItemV2;

/**
 * What a probe has learned of a migration's end: an item of the migration at `upTo` (slices may be
 * read up to it while the probe goes on), or the end: no item of the migration after `end`, and the
 * first item after it (`next`, of a later migration; undefined: the history ends there). `end`
 * undefined: the migration goes on past the limit probed.
 * @internal
 */
export type ProbeStep = { readonly upTo: string } | { readonly end: string | undefined; readonly next: Item | undefined };

/** Rounds at most, whatever the answers: each narrows the interval, and a few suffice for any span of microseconds. */
const MAX_ROUNDS = 64;

/**
 * The points asked in one round: spaced evenly where (lo, hi) is a few pages wide, else
 * geometrically from `lo` in steps of about a page (`w`), so that one round finds how far from
 * `lo` the end lies and the next ones narrow it down, wherever in a long interval it is.
 */
const pointsBetween = (lo: bigint, hi: bigint, k: number, w: bigint): bigint[] => {
  const span = hi - lo;
  const out = new Set<bigint>();
  const step = Number(span) / Number(w) <= k + 1 ? undefined : Math.pow(Number(span) / Number(w), 1 / (k + 1));
  for (let j = 1; j <= k; j++) out.add(lo + (step === undefined ? (span * BigInt(j)) / BigInt(k + 1) : BigInt(Math.floor(Number(w) * Math.pow(step, j)))));
  return [...out].filter((t) => t > lo && t < hi).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
};

/**
 * Finds where a migration ends on a Scan that cannot say (no `/v0/backfilling/migration-info`, an
 * older Scan, or a 404), from the first item after a record time (`itemAfter`, a page of one):
 * after `t` the migration goes on when that item is of the migration, and has ended otherwise.
 * From `from` (where an item of the migration is, or the read starts) to `limit` (a record time no
 * item can have yet, or the `to` of the read), each round asks `parallel` points of the interval
 * at once and keeps the part where the end lies, until it is narrower than `precision` (about a
 * page): a read of the migration can start at once on what is known to be in it (`upTo`), and the
 * end found is at most `precision` past the last item, so the slices read nothing much beyond it.
 * @example
 * ```ts
 * probeMigrationEnd(itemAfter, 0, '2025-01-01T00:00:00Z', '2025-06-01T00:00:00Z', 8, 1_000_000n);
 * // Right({ upTo }) ..., then Right({ end, next })
 * ```
 * @internal
 */
export const probeMigrationEnd = (
  itemAfter: (cursor: ScanCursor) => Observable<E.Either<CantonError, Item | undefined>>,
  m: number,
  from: string,
  limit: string,
  parallel: number,
  precision: bigint,
): Observable<E.Either<CantonError, ProbeStep>> =>
  new Observable((subscriber) => {
    let lo = toMicros(from);
    const last = toMicros(limit);
    // Beyond the limit until the limit itself is asked (in the first round): whether the migration goes on past it.
    let hi = last + 1n;
    // The first item after `hi`: what follows the migration once `hi` is its end.
    let next: Item | undefined;
    let running: Subscription | undefined;
    const inM = (x: Item | undefined): x is Item => x !== undefined && cursorOfItem(x).migration_id === m;

    const round = (n: number): void => {
      if (lo > last) {
        subscriber.next(E.right({ end: undefined, next: undefined }));
        subscriber.complete();
        return;
      }
      if (hi - lo <= precision || n >= MAX_ROUNDS) {
        subscriber.next(E.right({ end: fromMicros(hi), next }));
        subscriber.complete();
        return;
      }
      const points = n === 0 ? [...pointsBetween(lo, last, parallel - 1, precision), last] : pointsBetween(lo, hi, parallel, precision);
      running = forkJoin(points.map((t) => itemAfter({ migration_id: m, record_time: fromMicros(t) }))).subscribe((answers) => {
        const before = lo;
        for (const [i, a] of answers.entries()) {
          if (E.isLeft(a)) {
            subscriber.next(a);
            subscriber.complete();
            return;
          }
          const t = points[i]!;
          if (inM(a.right)) {
            const at = toMicros(cursorOfItem(a.right).record_time);
            if (at > lo) lo = at;
          } else if (t < hi) {
            hi = t;
            next = a.right;
          }
        }
        if (lo > before && lo <= last) subscriber.next(E.right({ upTo: fromMicros(lo) }));
        round(n + 1);
      });
    };
    round(0);
    return () => running?.unsubscribe();
  });
