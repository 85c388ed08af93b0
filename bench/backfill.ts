/**
 * The backfill benchmark (issue 19), Scans in another process (bench/backfillScans.ts):
 *
 * 1. One Scan answering each page after 50 ms, MainNet transactions, pages of 100 and of 1 000
 *    items: sequential `scan.updates` against `scan.backfill` with its pages decoded on this
 *    thread (`workers: 0`) and in worker threads (default: the cores available). Goal: >= 6 times
 *    the sequential read.
 * 2. Distributed (`BENCH_BACKFILL_DISTRIBUTED_ONLY=1` runs only this; `BENCH_DISTRIBUTED_TRACE=1`
 *    prints each worker's commits): 4 Scans answering each page after 50 ms (`BENCH_DISTRIBUTED_LATENCY_MS`; it was
 *    200 ms before issue 30), one request at a time (the servers are
 *    the limit), slices on a JetStream work queue,
 *    3 worker processes (each on its own Scan) against 1, into PostgreSQL (nats-server and
 *    PostgreSQL started here, skipped when missing). Goal: >= 2.7 times one worker (issue 30).
 *
 * Items are exact when the count and a SHA-256 over every item's JSON, in order, match.
 * `BENCH_BACKFILL_ROUNDS` (default 3) paired rounds; medians and ranges.
 */
import { fork, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { lastValueFrom, reduce, type Observable } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import { createClient } from '../src/clientFactory/createClient';
import type { CantonError } from '../src/errors/CantonError';
import { formatError } from '../src/errors/formatError';
import { postgresSink } from '../src/postgres/postgresSink';
import { publishBackfillSlices } from '../src/nats/publishBackfillSlices';
import { natsMissing, startNats } from '../test/helpers/natsServer';
import { postgresMissing, startPostgres } from '../test/helpers/postgresServer';
import { median, spread } from './stats';

const ROUNDS = Number(process.env['BENCH_BACKFILL_ROUNDS'] ?? 3);

/** Starts the Scans of bench/backfillScans.ts in a child process; `stop` ends it. */
export const startScans = (options: { scans: number; items: number; migrations: number; latencyMs: number; mainNet: boolean; migrationInfo: boolean; serial?: boolean }): Promise<{ urls: string[]; stop: () => void }> =>
  new Promise((resolve, reject) => {
    const child = fork(join(__dirname, 'backfillScans.js'), [JSON.stringify(options)], { stdio: 'inherit' });
    child.once('error', reject);
    child.once('message', (m) => resolve({ urls: (m as { urls: string[] }).urls, stop: () => child.disconnect() }));
  });

/** Reads a stream to its end: items, a digest of them in order, the time it took and this process's CPU time. */
export const measure = async (stream: Observable<E.Either<CantonError, unknown>>) => {
  const start = performance.now();
  const cpu = process.cpuUsage();
  const hash = createHash('sha256');
  const { count, left } = await lastValueFrom(
    stream.pipe(
      reduce(
        (acc, r) => {
          if (E.isLeft(r)) return { ...acc, left: r.left };
          hash.update((r.right as { update_id: string }).update_id);
          return { ...acc, count: acc.count + 1 };
        },
        { count: 0, left: undefined as CantonError | undefined },
      ),
    ),
  );
  if (left !== undefined) throw new Error(`the stream ended with a Left: ${formatError(left)}`);
  const ms = performance.now() - start;
  const used = process.cpuUsage(cpu);
  return { count, digest: hash.digest('hex'), ms, rate: (count / ms) * 1000, cpuMs: (used.user + used.system) / 1000 };
};

const oneScan = async () => {
  if (process.env['BENCH_BACKFILL_DISTRIBUTED_ONLY'] === '1') return;
  for (const pageSize of [100, 1000]) {
    const items = pageSize === 100 ? 10_000 : 20_000;
    const server = await startScans({ scans: 1, items, migrations: 3, latencyMs: 50, mainNet: true, migrationInfo: true });
    try {
      const scan = createClient({ scan: { url: server.urls[0]! } }).scan;
      const runs: Record<string, Array<Awaited<ReturnType<typeof measure>>>> = { sequential: [], 'workers 0': [], workers: [] };
      for (let r = 0; r < ROUNDS; r++) {
        const order: Array<[string, () => Observable<E.Either<CantonError, unknown>>]> = [
          ['sequential', () => scan.updates({ page_size: pageSize })],
          ['workers 0', () => scan.backfill({ page_size: pageSize }, { workers: 0 })],
          ['workers', () => scan.backfill({ page_size: pageSize })],
        ];
        if (r % 2 === 1) order.reverse();
        for (const [name, open] of order) runs[name]!.push(await measure(open()));
      }
      const seq = runs['sequential']!;
      const exact = Object.values(runs).every((xs) => xs.every((x) => x.count === items && x.digest === seq[0]!.digest));
      console.log(`   pages of ${pageSize}, ${items} MainNet transactions, 50 ms a page; items/s (client CPU ms), medians of ${ROUNDS} paired rounds; items ${exact ? 'exact' : 'NOT EXACT'}`);
      for (const [name, xs] of Object.entries(runs)) {
        const ratios = xs.map((x, i) => x.rate / seq[i]!.rate);
        console.log(`     ${`scan.${name === 'sequential' ? 'updates' : `backfill ${name}`}`.padEnd(26)} ${String(Math.round(median(xs.map((x) => x.rate)))).padStart(7)} (${Math.round(median(xs.map((x) => x.cpuMs)))} ms)  / sequential ${spread(ratios)}${name === 'sequential' ? '' : median(ratios) >= 6 ? ' (goal met)' : ' (GOAL MISSED: >= 6)'}`);
      }
    } finally {
      server.stop();
    }
  }
};

const distributed = async () => {
  const missing = natsMissing() ?? postgresMissing();
  if (missing !== undefined) {
    console.log(`   distributed: skipped (${missing})`);
    return;
  }
  const ITEMS = 6_000;
  const PAGE = 100;
  const latencyMs = Number(process.env['BENCH_DISTRIBUTED_LATENCY_MS'] ?? 50);
  const server = await startScans({ scans: 4, items: ITEMS, migrations: 3, latencyMs, mainNet: false, migrationInfo: true, serial: true });
  const nats = await startNats();
  const postgres = await startPostgres();
  const nc = await nats.connect();
  const db = await postgres.connect();
  try {
    await postgresSink({ db, stream: 'bf/schema' }).createSchema();
    const scan = createClient({ scan: { url: server.urls[0]! } }).scan;
    let runs = 0;
    // Where a run's time went, per worker, in ms from the run's start: the process started, canton-rx
    // and the drivers loaded, connected (ready), its first and last commit, done.
    const phases: Record<number, Array<Record<string, number>>> = { 1: [], 3: [] };
    const run = async (workers: number) => {
      await db.query('DELETE FROM canton_rx_items');
      await db.query('DELETE FROM canton_rx_checkpoints');
      const start = performance.now();
      const published = await publishBackfillSlices({ nc, queue: 'BF', ackWaitMs: 1000 }, scan.planBackfill({ page_size: PAGE }, { slices: 4 }), `bench-${runs++}`);
      if (E.isLeft(published)) throw new Error(`cannot publish the slices: ${JSON.stringify(published.left)}`);
      const planned = performance.now();
      const script = join(__dirname, '..', 'test', 'nats', 'backfillWorker.js');
      const t0 = performance.timeOrigin + start;
      const told = await Promise.all(
        Array.from({ length: workers }, (_, i) => new Promise<Record<string, number>>((resolve, reject) => {
          const spawned = performance.timeOrigin + performance.now();
          const child = spawn(process.execPath, [script, nats.url, postgres.url, server.urls[i % server.urls.length]!, String(PAGE)], { stdio: ['ignore', 'pipe', 'inherit'] });
          let out = '';
          child.stdout.on('data', (d: Buffer) => (out += d.toString()));
          child.on('exit', (code) => {
            if (code !== 0) return reject(new Error(`a worker exited with ${code}`));
            // BENCH_DISTRIBUTED_TRACE=1: each worker's lines, in ms from the run's start.
            if (process.env['BENCH_DISTRIBUTED_TRACE'] === '1') console.log(`   worker ${i}:`, out.split('\n').map((l) => l.replace(/1[0-9]{12}/, (x) => String(Math.round(Number(x) - t0)))).join(' | '));
            const at: Record<string, number> = { spawned: spawned - t0 };
            const commits: number[] = [];
            for (const line of out.split('\n')) {
              const w = line.split(' ');
              if (w[0] === 'commit') commits.push(Number(w[3]) - t0);
              else if (w.length === 2) at[w[0]!] = Number(w[1]) - t0;
            }
            at['first commit'] = Math.min(...commits);
            at['last commit'] = Math.max(...commits);
            resolve(at);
          });
        })),
      );
      const ms = performance.now() - start;
      phases[workers]!.push({ planned: planned - start, ...Object.fromEntries(['spawned', 'started', 'loaded', 'ready', 'first commit', 'last commit', 'done'].map((k) => [k, Math.max(...told.map((t) => t[k]!))])), end: ms });
      const { rows } = await db.query(`SELECT count(*)::int AS n, count(DISTINCT item->>'update_id')::int AS d FROM canton_rx_items WHERE stream LIKE 'bf/0%'`);
      const { n, d } = rows[0] as { n: number; d: number };
      return { ms, exact: n === ITEMS && d === ITEMS };
    };
    const one: number[] = [];
    const three: number[] = [];
    let exact = true;
    for (let r = 0; r < ROUNDS; r++) {
      const pair = r % 2 === 0 ? [1, 3] : [3, 1];
      for (const w of pair) {
        const x = await run(w);
        exact &&= x.exact;
        (w === 1 ? one : three).push(x.ms);
      }
    }
    const ratios = one.map((x, i) => x / three[i]!);
    for (const w of [1, 3]) {
      const keys = Object.keys(phases[w]![0] ?? {});
      console.log(`   ${w} worker${w > 1 ? 's' : ''}, ms from the start (the latest worker), medians: ${keys.map((k) => `${k} ${Math.round(median(phases[w]!.map((p) => p[k]!)))}`).join(', ')}`);
    }
    console.log(`   distributed, 4 Scans at ${latencyMs} ms a page, one at a time, ${ITEMS} items in pages of ${PAGE}, into PostgreSQL: 1 worker ${(median(one) / 1000).toFixed(2)} s, 3 workers ${(median(three) / 1000).toFixed(2)} s; speed-up ${spread(ratios)}x ${median(ratios) >= 2.7 ? '(goal met)' : '(GOAL MISSED: >= 2.7)'}; items ${exact ? 'exact' : 'NOT EXACT'}`);
  } finally {
    await db.end();
    await nc.close();
    await nats.stop();
    await postgres.stop();
    server.stop();
  }
};

/** Runs the backfill benchmark and prints its figures. */
export async function benchBackfill(): Promise<void> {
  console.log('6. scan.backfill: worker threads and a distributed backfill (Scans in another process)');
  await oneScan();
  await distributed();
}

if (require.main === module) {
  benchBackfill().catch((e: unknown) => {
    console.error(e);
    process.exitCode = 1;
  });
}
