import type { ScanCursor, ScanReadState } from '../streams/scanPaging.js';
import { compareCursors, initialScanRead } from '../streams/scanPaging.js';
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
 * Cuts the history into slices, each within one migration (record times of different migrations
 * overlap and `after_record_time` applies only within `after_migration_id`): each migration
 * gets a share of `slices` by the length of its record-time range (at least one), cut at equal
 * record times; a slice covers (its start, its end], and the next starts strictly after that end.
 * One more slice after the last range reads what was appended since (open, unless `to` ends it
 * earlier). A migration whose range is unknown makes the rest of the history that one slice.
 * @internal
 */
export const planBackfill = (
  migrations: ReadonlyArray<MigrationRange>,
  first: { readonly cursor: ScanCursor | undefined; readonly updateId: string | undefined },
  slices: number,
  to: ScanCursor | undefined,
): Slice[] => {
  const kept = migrations.filter((m) => to === undefined || m.migration_id <= to.migration_id);
  const unknownAt = kept.findIndex((m) => m.min === undefined || m.max === undefined);
  const known = unknownAt < 0 ? kept : kept.slice(0, unknownAt);
  const startOf = (m: MigrationRange): { state: ScanReadState; at: bigint } => {
    if (first.cursor !== undefined && first.cursor.migration_id === m.migration_id) {
      return { state: initialScanRead(first.cursor, first.updateId), at: toMicros(first.cursor.record_time) };
    }
    const before = previousMicrosecond(m.min!);
    return { state: initialScanRead({ migration_id: m.migration_id, record_time: before }, undefined), at: toMicros(before) };
  };
  const endOf = (m: MigrationRange): ScanCursor =>
    to !== undefined && to.migration_id === m.migration_id && compareTimestamps(to.record_time, m.max!) < 0 ? to : { migration_id: m.migration_id, record_time: m.max! };
  const spans = known.map((m) => {
    const s = startOf(m);
    const end = endOf(m);
    const endAt = toMicros(end.record_time);
    return { m, s, end, span: endAt > s.at ? endAt - s.at : 0n };
  });
  const total = spans.reduce((a, b) => a + b.span, 0n);
  const out: Slice[] = [];
  spans.forEach(({ m, s, end: last, span }) => {
    const share = total === 0n ? 1 : Math.max(1, Math.round((slices * Number(span)) / Number(total)));
    const k = span === 0n ? 1 : Math.min(share, Number(span));
    let state = s.state;
    for (let j = 1; j <= k; j++) {
      if (j === k) {
        out.push({ start: state, end: last });
        break;
      }
      const cut = fromMicros(s.at + (span * BigInt(j)) / BigInt(k));
      const end = { migration_id: m.migration_id, record_time: cut };
      out.push({ start: state, end });
      state = initialScanRead(end, undefined);
    }
  });
  // What follows the last known range: the rest of a migration whose range is unknown, or what
  // was appended since the ranges were learned (up to `to`, or open).
  const lastEnd = out.length > 0 ? out[out.length - 1]!.end : undefined;
  if (unknownAt >= 0 || lastEnd === undefined || to === undefined || compareCursors(lastEnd, to) < 0) {
    out.push({ start: lastEnd !== undefined ? initialScanRead(lastEnd, undefined) : initialScanRead(first.cursor, first.updateId), end: to });
  }
  return out;
};
