/**
 * The cost of mergeFeeds, measured (never asserted in tests): 1 000 000 merged updates through
 * the operator, synthetic and in memory (no network, no decoding), with one feed 1 000 updates
 * behind the other. Reports the time per update and the peak of what the merge holds.
 *
 * Run alone: `npx tsc -p tsconfig.test.json && node .build/bench/merge.js`.
 */
import { performance } from 'node:perf_hooks';
import * as E from 'fp-ts/lib/Either.js';
import { Subject } from 'rxjs';
import { mergeFeeds, type MergeFeedsOptions } from '../src/operators/mergeFeeds';
import type { CantonError } from '../src/errors/CantonError';
import type { Update } from '../src/codecs/ledger/Update';
import type { UpdateHistoryItemV2 } from '../src/codecs/scan/UpdateHistoryItemV2';
import type { Heartbeat } from '../src/streams/heartbeat';
import type { Checkpoint } from '../src/streams/checkpoints';

type L = E.Either<CantonError, Update | Heartbeat<Checkpoint>>;
type S = E.Either<CantonError, UpdateHistoryItemV2 | Heartbeat<Checkpoint>>;

/** One scenario's figures. */
export interface MergeBenchRow {
  readonly scenario: string;
  readonly merged: number;
  readonly lag: number;
  /** Median over the rounds of the time per merged update, in microseconds. */
  readonly usPerUpdate: number;
  /** The same loop without the merge (making the synthetic updates), per update. */
  readonly usPerUpdateBaseline: number;
  readonly peakBuffered: number;
  readonly peakRemembered: number;
  readonly late: number;
}

const GENESIS = Date.parse('2025-06-01T00:00:00Z');
const time = (i: number): string => new Date(GENESIS + i).toISOString();
const id = (prefix: string, i: number): string => `1220${prefix}${i.toString(16).padStart(60, '0')}`;
const ledgerUpdate = (updateId: string, recordTime: string, offset: number): L =>
  E.right({ Transaction: { value: { updateId, recordTime, offset, effectiveAt: recordTime, events: [], synchronizerId: 'global-domain::1220' } } } as unknown as Update);
const scanItem = (updateId: string, recordTime: string): S =>
  E.right({ update_id: updateId, record_time: recordTime, migration_id: 0, workflow_id: '', synchronizer_id: 'global-domain::1220', effective_at: recordTime, root_event_ids: [], events_by_id: {} } as UpdateHistoryItemV2);

/**
 * Scan delivers `total` updates; the participant sees every `share`-th of them (the same ids,
 * joined) and delivers it `lag` Scan updates later. With `share` 0 the feeds are disjoint: the
 * participant's updates are its own, between Scan's, and the ledger's migration is given.
 */
const runOnce = (total: number, lag: number, share: number, withMerge: boolean) => {
  const ledger$ = new Subject<L>();
  const scan$ = new Subject<S>();
  let merged = 0;
  let late = 0;
  let peakBuffered = 0;
  let peakRemembered = 0;
  const options: MergeFeedsOptions = {
    latenessMs: 600_000,
    ...(share === 0 ? { ledgerMigrationId: 0 } : {}),
    onMemory: (m) => {
      if (m.buffered > peakBuffered) peakBuffered = m.buffered;
      if (m.remembered > peakRemembered) peakRemembered = m.remembered;
    },
  };
  const sub = withMerge
    ? mergeFeeds(ledger$, scan$, options).subscribe((r) => {
        merged += 1;
        if (E.isRight(r) && r.right.late) late += 1;
      })
    : ledger$.subscribe(() => (merged += 1));
  if (!withMerge) sub.add(scan$.subscribe(() => (merged += 1)));
  const start = performance.now();
  if (share > 0) {
    // Scan at i, the ledger at i - lag: every share-th id is the participant's.
    for (let i = 0; i < total + lag; i++) {
      if (i < total) scan$.next(scanItem(id('a', i), time(2 * i)));
      const j = i - lag;
      if (j >= 0 && j % share === 0) ledger$.next(ledgerUpdate(id('a', j), time(2 * j), j));
    }
  } else {
    // Disjoint: Scan at even times, the ledger at odd ones, `lag` updates behind; half each.
    const half = total / 2;
    for (let i = 0; i < half + lag; i++) {
      if (i < half) scan$.next(scanItem(id('a', i), time(2 * i)));
      const j = i - lag;
      if (j >= 0) ledger$.next(ledgerUpdate(id('b', j), time(2 * j + 1), j));
    }
  }
  ledger$.complete();
  scan$.complete();
  const ms = performance.now() - start;
  sub.unsubscribe();
  return { ms, merged, late, peakBuffered, peakRemembered };
};

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/**
 * Measures mergeFeeds on 1 000 000 merged updates with a lag of 1 000, in two shapes: Scan's
 * whole network with a participant seeing a quarter of it (joined ids), and two disjoint feeds.
 * @example
 * ```ts
 * const rows = await benchMerge();
 * console.table(rows);
 * ```
 */
export async function benchMerge(options: { readonly total?: number; readonly lag?: number; readonly rounds?: number } = {}): Promise<MergeBenchRow[]> {
  const total = options.total ?? 1_000_000;
  const lag = options.lag ?? 1_000;
  const rounds = options.rounds ?? 3;
  const rows: MergeBenchRow[] = [];
  for (const [scenario, share] of [
    ['Scan + a participant seeing 1 in 4 (joined)', 4],
    ['two disjoint feeds, half each', 0],
  ] as const) {
    const times: number[] = [];
    const baselines: number[] = [];
    let last: ReturnType<typeof runOnce> | undefined;
    for (let r = 0; r < rounds; r++) {
      baselines.push(runOnce(total, lag, share, false).ms);
      last = runOnce(total, lag, share, true);
      times.push(last.ms);
      await new Promise((resolve) => setImmediate(resolve));
    }
    rows.push({
      scenario,
      merged: last!.merged,
      lag,
      usPerUpdate: Number(((median(times) * 1000) / last!.merged).toFixed(3)),
      usPerUpdateBaseline: Number(((median(baselines) * 1000) / last!.merged).toFixed(3)),
      peakBuffered: last!.peakBuffered,
      peakRemembered: last!.peakRemembered,
      late: last!.late,
    });
  }
  return rows;
}

if (require.main === module) {
  benchMerge().then(
    (rows) => {
      console.log('mergeFeeds: 1 000 000 merged updates, lag 1 000 (medians of 3 rounds)');
      console.table(rows);
    },
    (e: unknown) => {
      console.error(e);
      process.exitCode = 1;
    },
  );
}
