import type { ScanCheckpoint } from '../streams/checkpoints.js';

/**
 * One slice of a planned backfill (`scan.planBackfill`): read it with
 * `scan.backfill(request, { from: slice.from, to: slice.to })`. The slices of a plan, in the order
 * of their `index`, cover the history once, each item in exactly one slice, so that the items of
 * slice 0, then slice 1, ... are the history in order.
 * @example
 * ```ts
 * const slice: BackfillSlice = { index: 3, from: { stream: 'scan.updates', migration_id: 4, record_time: '2025-06-01T00:00:10.000000Z' }, to: { migration_id: 4, record_time: '2025-06-01T00:00:20.000000Z' } };
 * ```
 * @category Streams
 * @since 0.3.0
 */
export interface BackfillSlice {
  /** Its place among the slices of its plan, from 0. */
  readonly index: number;
  /** Where it starts: strictly after this (absent: at the start of the history). */
  readonly from?: ScanCheckpoint;
  /** Where it ends, inclusive (absent: at the end of the history as it is read). */
  readonly to?: { readonly migration_id: number; readonly record_time: string };
}
