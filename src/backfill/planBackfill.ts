import { compareCursors, initialScanRead, type ScanCursor, type ScanReadState } from '../paging/byScanCursor.js';
import { previousMicrosecond } from '../time/previousMicrosecond.js';
import { compareTimestamps } from '../time/compareTimestamps.js';
import { fromMicros, toMicros } from './micros.js';

/** What is known of one migration before slicing: the record times of its first and last update (undefined: unknown). @internal */
export interface MigrationRange {
  readonly migration_id: number;
  readonly min?: string;
  readonly max?: string;
}

/** A part of the history read on its own: from a read state up to an inclusive end (undefined: open). @internal */
export interface Slice {
  readonly start: ScanReadState;
  readonly end: ScanCursor | undefined;
}

/**
 * Cuts one migration of known range into `slices` slices at equal record times, from `start`
 * (where the read of this migration begins, and that position in microseconds) to the
 * migration's last record time, or to `to` when it ends within the migration. A slice covers
 * (its start, its end], and the next starts strictly after that end, so that items sharing a
 * record time stay in one slice. Record times of different migrations overlap and
 * `after_record_time` applies only within `after_migration_id`, so a slice never crosses a
 * migration. Nothing when `to` lies in an earlier migration. With `grid` (the width of a slice
 * of about one page), the cuts fall on multiples of it from the start, so that the reader's cuts
 * into slices of a page line up with them instead of leaving a small slice before each.
 * @example
 * ```ts
 * const m = { migration_id: 0, min: '2025-01-01T00:00:00Z', max: '2025-01-01T00:00:06Z' };
 * sliceMigration(m, migrationStart(m), 4, undefined); // four slices of about 1.5 s, the last ending at max
 * ```
 * @internal
 */
export const sliceMigration = (
  m: Required<MigrationRange>,
  start: { readonly state: ScanReadState; readonly at: bigint },
  slices: number,
  to: ScanCursor | undefined,
  grid?: bigint,
): Slice[] => {
  if (to !== undefined && to.migration_id < m.migration_id) return [];
  const last: ScanCursor = to !== undefined && to.migration_id === m.migration_id && compareTimestamps(to.record_time, m.max) < 0 ? to : { migration_id: m.migration_id, record_time: m.max };
  const endAt = toMicros(last.record_time);
  const span = endAt > start.at ? endAt - start.at : 0n;
  const k = span === 0n ? 1 : Math.min(slices, Number(span));
  const out: Slice[] = [];
  let state = start.state;
  let previous = 0n;
  for (let j = 1; j < k; j++) {
    let offset = (span * BigInt(j)) / BigInt(k);
    if (grid !== undefined && grid > 0n) offset = ((offset + grid / 2n) / grid) * grid;
    if (offset <= previous || offset >= span) continue;
    previous = offset;
    const end = { migration_id: m.migration_id, record_time: fromMicros(start.at + offset) };
    out.push({ start: state, end });
    state = initialScanRead(end, undefined);
  }
  out.push({ start: state, end: last });
  return out;
};

/**
 * Where the read of a migration begins when it does not start at the stream's start: strictly
 * before its first record time.
 * @example
 * ```ts
 * migrationStart({ migration_id: 1, min: '2025-01-01T00:00:00Z', max: '2025-01-02T00:00:00Z' }).state.cursor;
 * // { migration_id: 1, record_time: '2024-12-31T23:59:59.999999Z' }
 * ```
 * @internal
 */
export const migrationStart = (m: Required<MigrationRange>): { state: ScanReadState; at: bigint } => {
  const before = previousMicrosecond(m.min);
  return { state: initialScanRead({ migration_id: m.migration_id, record_time: before }, undefined), at: toMicros(before) };
};

/**
 * What follows the slices of the known migrations: the rest of a migration whose range is unknown
 * (`unknown`), or what was appended since the ranges were learned, up to `to` (or open). Nothing
 * when the last slice already ends at `to`. `start` is the stream's start, used when no slice
 * came before.
 * @example
 * ```ts
 * tailSlice({ migration_id: 1, record_time: '2025-01-01T00:00:05Z' }, initialScanRead(undefined, undefined), undefined, false);
 * // one open slice strictly after that end: what was appended since
 * ```
 * @internal
 */
export const tailSlice = (lastEnd: ScanCursor | undefined, start: ScanReadState, to: ScanCursor | undefined, unknown: boolean): Slice[] =>
  unknown || lastEnd === undefined || to === undefined || compareCursors(lastEnd, to) < 0 ? [{ start: lastEnd !== undefined ? initialScanRead(lastEnd, undefined) : start, end: to }] : [];
