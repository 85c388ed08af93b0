/**
 * The Scan pool benchmark (issue 12): a backfill of 100 000 items from Scans in another process
 * that answer each request after 50 ms, as a public Scan does.
 *
 * 1. Sequential `scan.updates` from one Scan, against `scan.backfill` with 8 slices from the same
 *    Scan. Goal: at least 6 times the sequential rate, every item exact.
 * 2. A pool of 4 Scans, one of them Byzantine (it alters every tenth item): `scan.backfill` with 8
 *    slices delivers the same history, and the liar is reported.
 * 3. What a pool costs the client per page, against one Scan (bench/poolCpu.ts, issue 19).
 *
 * Items are exact when the count and a SHA-256 over every item's JSON, in order, match. Part 1
 * runs `BENCH_POOL_ROUNDS` (default 5) paired rounds and reports medians and ranges.
 */
import { fork } from 'node:child_process';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { lastValueFrom, reduce, type Observable } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import { createClient } from '../src/clientFactory/createClient';
import type { CantonError } from '../src/errors/CantonError';
import { formatError } from '../src/errors/formatError';
import { benchPoolCpu } from './poolCpu';
import { median, spread } from './stats';

const ITEMS = 100_000;
const LATENCY_MS = 50;
const PAGE_SIZE = 500;
/** Paired rounds of sequential against sliced (`BENCH_POOL_ROUNDS`, default 5). */
const ROUNDS = Number(process.env['BENCH_POOL_ROUNDS'] ?? 5);

const startScans = (scans: number, byzantine: number[]): Promise<{ urls: string[]; stop: () => void }> =>
  new Promise((resolve, reject) => {
    const child = fork(join(__dirname, 'poolScans.js'), [JSON.stringify({ scans, items: ITEMS, latencyMs: LATENCY_MS, byzantine })], { stdio: 'inherit' });
    child.once('error', reject);
    child.once('message', (m) => resolve({ urls: (m as { urls: string[] }).urls, stop: () => child.kill() }));
  });

/** Reads a stream to its end: items, a digest of them in order, and the time it took. */
const measure = async (stream: Observable<E.Either<CantonError, unknown>>) => {
  const start = performance.now();
  const hash = createHash('sha256');
  const { count, left } = await lastValueFrom(
    stream.pipe(
      reduce(
        (acc, r) => {
          if (E.isLeft(r)) return { ...acc, left: r.left };
          hash.update(JSON.stringify(r.right));
          return { ...acc, count: acc.count + 1 };
        },
        { count: 0, left: undefined as CantonError | undefined },
      ),
    ),
  );
  if (left !== undefined) throw new Error(`the stream ended with a Left: ${formatError(left)}`);
  const ms = performance.now() - start;
  return { count, digest: hash.digest('hex'), ms, rate: (count / ms) * 1000 };
};

/** Runs the pool benchmark and prints its numbers; returns them for bench/run.ts. */
export async function benchPool(): Promise<{ sequential: number; sliced: number; speedup: number; pool: number; exact: boolean; liarReported: boolean }> {
  console.log(`5. Scan pools: backfill of ${ITEMS} items in pages of ${PAGE_SIZE}, Scans in another process answering after ${LATENCY_MS} ms`);
  const one = await startScans(1, []);
  const sequentials: Array<Awaited<ReturnType<typeof measure>>> = [];
  const sliceds: Array<Awaited<ReturnType<typeof measure>>> = [];
  try {
    const scan = createClient({ scan: { url: one.urls[0]! } }).scan;
    // Paired rounds, the first reader alternating, so that each ratio compares the two under the
    // same machine state.
    for (let r = 0; r < ROUNDS; r++) {
      const runs = [
        async () => sequentials.push(await measure(scan.updates({ page_size: PAGE_SIZE }))),
        async () => sliceds.push(await measure(scan.backfill({ page_size: PAGE_SIZE }, { slices: 8, concurrency: 8 }))),
      ];
      if (r % 2 === 1) runs.reverse();
      for (const run of runs) await run();
    }
  } finally {
    one.stop();
  }
  const sequential = sequentials[0]!;
  const seconds = (xs: ReadonlyArray<{ ms: number }>) => `${(median(xs.map((x) => x.ms)) / 1000).toFixed(2)} s (${(Math.min(...xs.map((x) => x.ms)) / 1000).toFixed(2)} to ${(Math.max(...xs.map((x) => x.ms)) / 1000).toFixed(2)})`;
  const rate = (xs: ReadonlyArray<{ rate: number }>) => Math.round(median(xs.map((x) => x.rate)));
  console.log(`   ${ROUNDS} paired rounds, medians (lowest to highest):`);
  console.log(`   sequential scan.updates:          ${sequential.count} items in ${seconds(sequentials)}, ${rate(sequentials)} items/s`);
  console.log(`   scan.backfill, 8 slices:          ${sliceds[0]!.count} items in ${seconds(sliceds)}, ${rate(sliceds)} items/s`);
  const speedups = sliceds.map((x, i) => x.rate / sequentials[i]!.rate);
  const speedup = median(speedups);
  const exact = [...sequentials, ...sliceds].every((x) => x.count === ITEMS && x.digest === sequential.digest);
  console.log(`   speed-up ${spread(speedups)}x (goal >= 6x) ${speedup >= 6 ? '(goal met)' : '(GOAL MISSED)'}; items ${exact ? 'exact' : 'NOT EXACT'}`);

  const four = await startScans(4, [3]);
  let pool;
  const liars = new Set<string>();
  try {
    const scan = createClient({ scan: { urls: four.urls, onEvent: (e) => (e.type === 'liar' ? liars.add(e.scan) : undefined) } }).scan;
    pool = await measure(scan.backfill({ page_size: PAGE_SIZE }, { slices: 8, concurrency: 8 }));
  } finally {
    four.stop();
  }
  const poolExact = pool.count === sequential.count && pool.digest === sequential.digest;
  const liarReported = liars.size === 1 && liars.has(four.urls[3]!);
  console.log(`   4 Scans, one Byzantine, 8 slices: ${pool.count} items in ${(pool.ms / 1000).toFixed(2)} s, ${Math.round(pool.rate)} items/s; history ${poolExact ? 'the same' : 'DIFFERENT'}; liar ${liarReported ? `reported (${[...liars].join(', ')})` : `NOT REPORTED (${[...liars].join(', ')})`}`);
  await benchPoolCpu();
  return { sequential: rate(sequentials), sliced: rate(sliceds), speedup, pool: pool.rate, exact: exact && poolExact, liarReported };
}

if (require.main === module) {
  benchPool().catch((e: unknown) => {
    console.error(e);
    process.exitCode = 1;
  });
}
