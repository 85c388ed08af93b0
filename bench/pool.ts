/**
 * The Scan pool benchmark (issue 12): a backfill of 100 000 items from Scans in another process
 * that answer each request after 50 ms, as a public Scan does.
 *
 * 1. Sequential `scan.updates` from one Scan, against `scan.backfill` with 8 slices from the same
 *    Scan. Goal: at least 6 times the sequential rate, every item exact.
 * 2. A pool of 4 Scans, one of them Byzantine (it alters every tenth item): `scan.backfill` with 8
 *    slices delivers the same history, and the liar is reported.
 *
 * Items are exact when the count and a SHA-256 over every item's JSON, in order, match.
 */
import { fork } from 'node:child_process';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { lastValueFrom, reduce, type Observable } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import { createClient } from '../src/client/createClient';
import type { CantonError } from '../src/errors/CantonError';
import { formatError } from '../src/errors/formatError';

const ITEMS = 100_000;
const LATENCY_MS = 50;
const PAGE_SIZE = 500;

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
  let sequential;
  let sliced;
  try {
    const scan = createClient({ scan: { url: one.urls[0]! } }).scan;
    sequential = await measure(scan.updates({ page_size: PAGE_SIZE }));
    console.log(`   sequential scan.updates:          ${sequential.count} items in ${(sequential.ms / 1000).toFixed(2)} s, ${Math.round(sequential.rate)} items/s`);
    sliced = await measure(scan.backfill({ page_size: PAGE_SIZE }, { slices: 8, concurrency: 8 }));
    console.log(`   scan.backfill, 8 slices:          ${sliced.count} items in ${(sliced.ms / 1000).toFixed(2)} s, ${Math.round(sliced.rate)} items/s`);
  } finally {
    one.stop();
  }
  const speedup = sliced.rate / sequential.rate;
  const exact = sliced.count === sequential.count && sliced.digest === sequential.digest && sequential.count === ITEMS;
  console.log(`   speed-up ${speedup.toFixed(2)}x (goal >= 6x) ${speedup >= 6 ? '(goal met)' : '(GOAL MISSED)'}; items ${exact ? 'exact' : 'NOT EXACT'}`);

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
  return { sequential: sequential.rate, sliced: sliced.rate, speedup, pool: pool.rate, exact: exact && poolExact, liarReported };
}

if (require.main === module) {
  benchPool().catch((e: unknown) => {
    console.error(e);
    process.exitCode = 1;
  });
}
