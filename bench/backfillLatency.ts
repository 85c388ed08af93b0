/**
 * Backfill, latency-bound (issue 30): 4 Scans in another process (bench/backfillScans.ts) that
 * answer every request after 50 ms, pages of 100, small transactions over 3 migrations (the MainNet
 * transactions with `BENCH_BACKFILL_MAINNET=1`: 4 to 9 KB each, so that parsing 8 pages at a time
 * makes the client's CPU the limit rather than the latency).
 * `scan.backfill` with 8 slices from the pool of the 4 (the defaults: f + 1 = 2 equal answers a
 * page, 2f + 1 = 3 Scans asked) and from one of them, against one sequential `scan.updates` of one Scan. Goal: the pool's
 * backfill >= 6 times the sequential read. Paired rounds (`BENCH_BACKFILL_ROUNDS`, default 3),
 * alternating the order; medians, lowest to highest; items exact when the count and a digest of
 * the update ids in order match.
 */
import type { Observable } from 'rxjs';
import type * as E from 'fp-ts/lib/Either.js';
import { createClient } from '../src/clientFactory/createClient';
import type { CantonError } from '../src/errors/CantonError';
import { measure, startScans } from './backfill';
import { median, spread } from './stats';

const ROUNDS = Number(process.env['BENCH_BACKFILL_ROUNDS'] ?? 3);
const ITEMS = Number(process.env['BENCH_BACKFILL_ITEMS'] ?? 8000);
const PAGE = 100;
const MAINNET = process.env['BENCH_BACKFILL_MAINNET'] === '1';

export const benchBackfillLatency = async (): Promise<void> => {
  const server = await startScans({ scans: 4, items: ITEMS, migrations: 3, latencyMs: 50, mainNet: MAINNET, migrationInfo: true });
  try {
    const one = createClient({ scan: { url: server.urls[0]! } }).scan;
    const pool = createClient({ scan: { urls: server.urls } }).scan;
    // The cheaper mode: f + 1 = 2 Scans asked a page, a third only when they disagree (so a page waits for the slower of 2, not of 3).
    const threshold = createClient({ scan: { urls: server.urls, ask: 'threshold' } }).scan;
    const contenders: Array<[string, () => Observable<E.Either<CantonError, unknown>>]> = [
      ['scan.updates, one Scan', () => one.updates({ page_size: PAGE })],
      ['scan.backfill, one Scan, 8 slices', () => one.backfill({ page_size: PAGE }, { concurrency: 8 })],
      ['scan.backfill, pool of 4, 8 slices', () => pool.backfill({ page_size: PAGE }, { concurrency: 8 })],
      ["scan.backfill, pool of 4, 'threshold'", () => threshold.backfill({ page_size: PAGE }, { concurrency: 8 })],
    ];
    const runs = new Map<string, Array<Awaited<ReturnType<typeof measure>>>>(contenders.map(([n]) => [n, []]));
    for (let r = 0; r < ROUNDS; r++) {
      const order = r % 2 === 0 ? contenders : [...contenders].reverse();
      for (const [name, open] of order) runs.get(name)!.push(await measure(open()));
    }
    const seq = runs.get('scan.updates, one Scan')!;
    const exact = [...runs.values()].every((xs) => xs.every((x) => x.count === ITEMS && x.digest === seq[0]!.digest));
    console.log(`\n10. backfill, latency-bound: 4 Scans at 50 ms a request, pages of ${PAGE}, ${ITEMS} ${MAINNET ? 'MainNet' : 'small'} transactions; items/s (client CPU ms), ${ROUNDS} paired rounds; items ${exact ? 'exact' : 'NOT EXACT'}`);
    for (const [name, xs] of runs) {
      const ratios = xs.map((x, i) => x.rate / seq[i]!.rate);
      const judged = name.includes('pool') ? (median(ratios) >= 6 ? ' (goal met)' : ' (GOAL MISSED: >= 6)') : '';
      console.log(`    ${name.padEnd(36)} ${String(Math.round(median(xs.map((x) => x.rate)))).padStart(7)} (${Math.round(median(xs.map((x) => x.cpuMs)))} ms)  / sequential ${spread(ratios)}${judged}`);
    }
  } finally {
    server.stop();
  }
};

if (require.main === module) {
  benchBackfillLatency().catch((e: unknown) => {
    console.error(e);
    process.exitCode = 1;
  });
}
