/**
 * Backfill, CPU-bound (issue 30): Scans in another process (bench/backfillScans.ts) that answer at
 * once, MainNet transactions over 3 migrations, pages of 1 000. The baseline is the machine's
 * limit: a hand-written reader of 8 slices at once (`fetch` + `JSON.parse`, no checks, no order),
 * beside it `scan.backfill` (8 slices) from the same Scan (goal >= 0.9 of the baseline's items/s)
 * and from a pool of 4 (goal >= 0.6; a pool must receive f + 1 answers of each page). Paired
 * rounds (`BENCH_BACKFILL_ROUNDS`, default 3), the order alternating; medians, lowest to highest;
 * the client's CPU time per page beside each. `BENCH_BACKFILL_WORKERS` sets `workers` (default:
 * the library's, the cores available).
 */
import { performance } from 'node:perf_hooks';
import { lastValueFrom, reduce, type Observable } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import { createClient } from '../src/clientFactory/createClient';
import type { CantonError } from '../src/errors/CantonError';
import { formatError } from '../src/errors/formatError';
import { startScans } from './backfill';
import { median, spread } from './stats';

const ROUNDS = Number(process.env['BENCH_BACKFILL_ROUNDS'] ?? 3);
const ITEMS = Number(process.env['BENCH_BACKFILL_ITEMS'] ?? 16_000);
const WORKERS = process.env['BENCH_BACKFILL_WORKERS'] === undefined ? undefined : Number(process.env['BENCH_BACKFILL_WORKERS']);
const PAGE = 1000;
const SLICES = 8;

const post = async (url: string, body: unknown): Promise<{ status: number; json: unknown }> => {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, json: JSON.parse(await res.text()) as unknown };
};

interface Tx {
  readonly migration_id: number;
  readonly record_time: string;
}

/**
 * The hand-written baseline: each migration's range from its migration info, cut into `SLICES`
 * slices of equal record time, read by `SLICES` loops at once, each a slice at a time: pages of
 * `PAGE` after the slice's start until an item lies past its end. Counts the items; checks nothing.
 */
const handWritten = async (url: string): Promise<number> => {
  type Range = { readonly m: number; readonly min: number; readonly max: number };
  const ranges: Range[] = [];
  for (let m = 0; ; m++) {
    const r = await post(`${url}/v0/backfilling/migration-info`, { migration_id: m });
    if (r.status !== 200) break;
    const range = (r.json as { record_time_range: Array<{ min: string; max: string }> }).record_time_range[0]!;
    ranges.push({ m, min: Date.parse(range.min), max: Date.parse(range.max) });
  }
  // Record times here are whole milliseconds: slices (start, end] in ms, the first from before min.
  const queue = ranges.flatMap(({ m, min, max }) =>
    Array.from({ length: SLICES }, (_, k) => ({ m, start: k === 0 ? min - 1 : min + Math.floor(((max - min) * k) / SLICES), end: k === SLICES - 1 ? max : min + Math.floor(((max - min) * (k + 1)) / SLICES) })),
  );
  let count = 0;
  const loop = async () => {
    for (let s = queue.shift(); s !== undefined; s = queue.shift()) {
      let after = new Date(s.start).toISOString();
      for (;;) {
        const page = (await post(`${url}/v2/updates`, { page_size: PAGE, after: { after_migration_id: s.m, after_record_time: after } })).json as { transactions: Tx[] };
        let inSlice = 0;
        for (const tx of page.transactions) if (tx.migration_id === s.m && Date.parse(tx.record_time) <= s.end) inSlice++;
        count += inSlice;
        if (inSlice < page.transactions.length || page.transactions.length < PAGE) break;
        after = page.transactions[page.transactions.length - 1]!.record_time;
      }
    }
  };
  await Promise.all(Array.from({ length: SLICES }, loop));
  return count;
};

const measure = async (run: () => Promise<number>) => {
  const cpu = process.cpuUsage();
  const start = performance.now();
  const count = await run();
  const ms = performance.now() - start;
  const used = process.cpuUsage(cpu);
  if (count !== ITEMS) throw new Error(`expected ${ITEMS} items, got ${count}`);
  return { rate: (count / ms) * 1000, cpuMsPerPage: (used.user + used.system) / 1000 / (count / PAGE) };
};

const library = (open: () => Observable<E.Either<CantonError, unknown>>) => () =>
  lastValueFrom(
    open().pipe(
      reduce((n, r) => {
        if (E.isLeft(r)) throw new Error(formatError(r.left));
        return n + 1;
      }, 0),
    ),
  );

export const benchBackfillCpu = async (): Promise<void> => {
  const server = await startScans({ scans: 4, items: ITEMS, migrations: 3, latencyMs: 0, mainNet: true, migrationInfo: true });
  try {
    const one = createClient({ scan: { url: server.urls[0]! } }).scan;
    const pool = createClient({ scan: { urls: server.urls } }).scan;
    const options = { slices: SLICES, ...(WORKERS !== undefined ? { workers: WORKERS } : {}) };
    const contenders: Array<[string, () => Promise<number>]> = [
      ['hand-written 8-slice fetch + JSON.parse', () => handWritten(server.urls[0]!)],
      ['scan.backfill, one Scan', library(() => one.backfill({ page_size: PAGE }, options))],
      ['scan.backfill, pool of 4', library(() => pool.backfill({ page_size: PAGE }, options))],
    ];
    const runs = new Map<string, Array<Awaited<ReturnType<typeof measure>>>>(contenders.map(([n]) => [n, []]));
    for (let r = 0; r < ROUNDS; r++) {
      const order = r % 2 === 0 ? contenders : [...contenders].reverse();
      for (const [name, run] of order) runs.get(name)!.push(await measure(run));
    }
    const base = runs.get(contenders[0]![0])!;
    console.log(`\n11. backfill, CPU-bound: Scans answering at once, pages of ${PAGE}, ${ITEMS} MainNet transactions, ${SLICES} slices; items/s, client CPU ms a page, ${ROUNDS} paired rounds`);
    for (const [name, xs] of runs) {
      const ratios = xs.map((x, i) => x.rate / base[i]!.rate);
      const goal = name.includes('pool') ? 0.6 : name.includes('one Scan') ? 0.9 : undefined;
      const judged = goal === undefined ? '' : median(ratios) >= goal ? ' (goal met)' : ` (GOAL MISSED: >= ${goal})`;
      console.log(`    ${name.padEnd(42)} ${String(Math.round(median(xs.map((x) => x.rate)))).padStart(7)}  ${median(xs.map((x) => x.cpuMsPerPage)).toFixed(1).padStart(6)} ms  / hand-written ${spread(ratios)}${judged}`);
    }
  } finally {
    server.stop();
  }
};

if (require.main === module) {
  benchBackfillCpu().catch((e: unknown) => {
    console.error(e);
    process.exitCode = 1;
  });
}
