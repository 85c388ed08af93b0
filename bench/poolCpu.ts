/**
 * What a Scan pool costs the client (issue 19): `scan.updates` over MainNet transactions from
 * Scans in another process (bench/poolScans.ts) that answer each page after 50 ms, read
 *
 * - from one Scan;
 * - from a pool of 4, every page asked of 2f + 1 = 3 Scans and waited for (the default);
 * - from the same pool in the cheaper mode (`ask: 'threshold'`: f + 1 = 2 Scans a page);
 * - from a pool of 4 of which one answers 429 to every second request, both ways;
 * - from one Scan whose every request also goes to 2 (or 1) other Scans, their bodies received
 *   and dropped: the floor of what asking them costs, before any comparison.
 *
 * It reports the client's CPU per page (`process.cpuUsage` of this process, user and system) and
 * the wall time of each read, medians of `BENCH_POOL_CPU_ROUNDS` (default 5) paired rounds whose
 * order rotates, each ratio taken within a round. Goals: CPU per page at most 1.3 times one
 * Scan's (all asked), 1.1 times in the cheaper mode; with the rate-limited Scan, at most 1.5
 * times the time of the honest pool. Every read must deliver every item, in order.
 */
import { fork } from 'node:child_process';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { lastValueFrom, reduce } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import { createClient } from '../src/clientFactory/createClient';
import type { ClientConfig } from '../src/clientFactory/ClientConfig';
import { formatError } from '../src/errors/formatError';
import { readBytes } from '../src/http/readText';
import type { Fetch } from '../src/http/types';
import { median, spread } from './stats';

const ITEMS = Number(process.env['BENCH_POOL_CPU_ITEMS'] ?? 10_000);
const PAGE_SIZE = 500;
const LATENCY_MS = 50;
const ROUNDS = Number(process.env['BENCH_POOL_CPU_ROUNDS'] ?? 5);

const startScans = (): Promise<{ urls: string[]; stop: () => void }> =>
  new Promise((resolve, reject) => {
    // Eight Scans of one history: 0 to 3 the honest pool, 4 to 7 the pool whose third Scan is rate-limited.
    const options = { scans: 8, items: ITEMS, latencyMs: LATENCY_MS, byzantine: [], mainnet: true, limitedEvery: { 6: 2 } };
    const child = fork(join(__dirname, 'poolScans.js'), [JSON.stringify(options)], { stdio: 'inherit' });
    child.once('error', reject);
    child.once('message', (m) => resolve({ urls: (m as { urls: string[] }).urls, stop: () => child.kill() }));
  });

interface Reading {
  readonly cpuMs: number;
  readonly wallMs: number;
  readonly items: number;
  readonly last: string;
}

/** Reads the whole history once with a fresh client: the client's CPU and the wall time it took. */
const read = async (scan: ClientConfig['scan'], fetch?: Fetch): Promise<Reading> => {
  const client = createClient({ scan, ...(fetch !== undefined ? { fetch } : {}) });
  const cpu = process.cpuUsage();
  const start = performance.now();
  const { items, last, left } = await lastValueFrom(
    client.scan.updates({ page_size: PAGE_SIZE }).pipe(
      reduce((acc, r) => (E.isLeft(r) ? { ...acc, left: formatError(r.left) } : { ...acc, items: acc.items + 1, last: r.right.update_id }), { items: 0, last: '', left: undefined as string | undefined }),
    ),
  );
  const wallMs = performance.now() - start;
  const used = process.cpuUsage(cpu);
  if (left !== undefined) throw new Error(`the read ended with a Left: ${left}`);
  return { cpuMs: (used.user + used.system) / 1000, wallMs, items, last };
};

/** Runs the benchmark and prints its figures; returns the medians for bench/run.ts. */
export async function benchPoolCpu(): Promise<Record<string, number>> {
  const pages = ITEMS / PAGE_SIZE;
  console.log(`   client CPU of scan.updates: ${ITEMS} MainNet transactions in pages of ${PAGE_SIZE}, Scans in another process answering after ${LATENCY_MS} ms`);
  const scans = await startScans();
  const honest = scans.urls.slice(0, 4);
  const limited = scans.urls.slice(4);
  // The floor of a pool's cost: one Scan's read, whose every request is also sent to other Scans,
  // their bodies received and dropped (what asking them costs before any comparison).
  const alsoReceiving =
    (others: string[]): Fetch =>
    async (input, init) => {
      const received = others.map((u) => globalThis.fetch(input.replace(honest[0]!, u), { ...init, signal: null }).then((r) => readBytes(r, Infinity)));
      const answer = await globalThis.fetch(input, init);
      await Promise.all(received);
      return answer;
    };
  const contestants: Array<{ readonly name: string; readonly scan: ClientConfig['scan']; readonly fetch?: Fetch }> = [
    { name: 'one Scan', scan: { url: honest[0]! } },
    { name: 'one Scan + 2 bodies dropped', scan: { url: honest[0]! }, fetch: alsoReceiving(honest.slice(1, 3)) },
    { name: 'one Scan + 1 body dropped', scan: { url: honest[0]! }, fetch: alsoReceiving(honest.slice(1, 2)) },
    { name: 'pool of 4, 3 asked', scan: { urls: honest } },
    { name: "pool of 4, ask: 'threshold'", scan: { urls: honest, ask: 'threshold' } },
    { name: 'pool of 4, one 429s, 3 asked', scan: { urls: limited } },
    { name: "pool of 4, one 429s, 'threshold'", scan: { urls: limited, ask: 'threshold' } },
  ];
  const runs = contestants.map(() => [] as Reading[]);
  try {
    await read({ url: honest[0]! }); // warm-up: code compiled, connections made
    for (let r = 0; r < ROUNDS; r++) {
      for (let k = 0; k < contestants.length; k++) {
        const i = (k + r) % contestants.length;
        runs[i]!.push(await read(contestants[i]!.scan, contestants[i]!.fetch));
      }
    }
  } finally {
    scans.stop();
  }
  const exact = runs.every((xs) => xs.every((x) => x.items === ITEMS && x.last === runs[0]![0]!.last));
  const perPage = (xs: Reading[]) => median(xs.map((x) => x.cpuMs / pages));
  const versus = (i: number, j: number, of: (x: Reading) => number) => runs[i]!.map((x, k) => of(x) / of(runs[j]![k]!));
  const out: Record<string, number> = {};
  console.log(`   ${ROUNDS} paired rounds, medians (lowest to highest):`);
  for (const [i, c] of contestants.entries()) {
    const cpu = versus(i, 0, (x) => x.cpuMs);
    const wall = versus(i, contestants.findIndex((c) => c.name === 'pool of 4, 3 asked'), (x) => x.wallMs);
    out[c.name] = median(cpu);
    console.log(
      `   ${c.name.padEnd(34)} CPU ${perPage(runs[i]!).toFixed(1).padStart(5)} ms a page, ${spread(cpu)} of one Scan's; ${(median(runs[i]!.map((x) => x.wallMs)) / 1000).toFixed(2)} s, ${spread(wall)} of the honest pool's time`,
    );
  }
  const goal = (name: string, ratio: number, max: number) => `${name} ${ratio.toFixed(2)} (goal <= ${max}) ${ratio <= max ? 'met' : 'MISSED'}`;
  const pool = contestants.findIndex((c) => c.name === 'pool of 4, 3 asked');
  const limitedTime = median(versus(contestants.findIndex((c) => c.name === 'pool of 4, one 429s, 3 asked'), pool, (x) => x.wallMs));
  console.log(`   ${goal('pool CPU / one Scan', out['pool of 4, 3 asked']!, 1.3)}; ${goal("'threshold'", out["pool of 4, ask: 'threshold'"]!, 1.1)}; ${goal('429 time / honest pool', limitedTime, 1.5)}; items ${exact ? 'exact' : 'NOT EXACT'}`);
  return { ...out, limitedTime };
}

if (require.main === module) {
  benchPoolCpu().catch((e: unknown) => {
    console.error(e);
    process.exitCode = 1;
  });
}
