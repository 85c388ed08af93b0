/**
 * Sinks: updates per second of `scan.updates` drained into PGlite, PostgreSQL and JetStream by
 * `drainInto`, each against the same stream drained into a sink that stores nothing, in the same
 * run, in paired rounds. Target: a sink costs the stream at most half its rate (sink rate /
 * no-sink rate >= 0.5). Two servers: one that answers at once (the stream runs at the client's
 * own decode rate, the hardest case for a sink) and one that answers each page after 50 ms (a
 * public Scan's latency, as the pool bench uses), where a sink's commits overlap the waits.
 * Engines the machine lacks are reported as skipped. bench/run.ts calls `benchSinks()`; it also
 * runs alone: `tsc -p tsconfig.test.json && node .build/bench/sinks.js`.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { lastValueFrom, reduce } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import { createClient } from '../src/clientFactory/createClient';
import type { ScanCheckpoint } from '../src/streams/checkpoints';
import type { Sink } from '../src/sinks/Sink';
import { drainInto } from '../src/sinks/drainInto';
import { postgresSink } from '../src/postgres/postgresSink';
import { natsSink } from '../src/nats/natsSink';
import { newPglite } from '../test/helpers/pglite';
import { postgresMissing, startPostgres } from '../test/helpers/postgresServer';
import { natsMissing, startNats } from '../test/helpers/natsServer';
import { median, spread } from './stats';

const PAGE_SIZE = 100;
const PAGES = 40;
/** Paired rounds per engine (`BENCH_SINK_ROUNDS`, default 5). */
const ROUNDS = Math.max(1, Number(process.env['BENCH_SINK_ROUNDS'] ?? 5));

/** Real MainNet transactions, re-stamped, served by a loopback server as prebuilt pages. */
const startHistory = async (latencyMs: number) => {
  const fixtures = resolve(__dirname, '..', '..', 'test', 'fixtures', 'scan');
  const file = readdirSync(fixtures).find((f) => f.startsWith('v2-updates__JosefinHao'))!;
  const source = (JSON.parse(readFileSync(join(fixtures, file), 'utf8')) as { transactions: Array<Record<string, unknown>> }).transactions;
  const items = Array.from({ length: PAGES * PAGE_SIZE }, (_, i) => ({
    ...source[i % source.length]!,
    update_id: `1220${String(i).padStart(64, '0')}`,
    migration_id: 4,
    record_time: new Date(Date.UTC(2025, 11, 10, 16) + i).toISOString().replace('Z', '000Z'),
  }));
  // Bodies by the index of their first item, built once: the server stays cheap for every run.
  const times = items.map((i) => i.record_time as string);
  const bodies = new Map<number, string>();
  const pageAfter = (after: string): string => {
    let lo = 0;
    let hi = times.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (times[mid]! <= after) lo = mid + 1;
      else hi = mid;
    }
    let body = bodies.get(lo);
    if (body === undefined) bodies.set(lo, (body = JSON.stringify({ transactions: items.slice(lo, lo + PAGE_SIZE) })));
    return body;
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString()) as { after?: { after_record_time: string } };
      const page = pageAfter(body.after?.after_record_time ?? '');
      const answer = () => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(page);
      };
      if (latencyMs > 0) setTimeout(answer, latencyMs);
      else answer();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/scan`, total: items.length, close: () => new Promise<void>((r) => server.close(() => r())) };
};

/** A sink that stores nothing: the stream's own rate through drainInto. */
const nothing = (): Sink<ScanCheckpoint> => {
  let revision = 0;
  return {
    load: async () => E.right({ checkpoint: undefined, revision: 0 }),
    save: async () => E.right(++revision),
    commit: async () => E.right(++revision),
  };
};

export interface SinkBenchRow {
  readonly engine: string;
  /** How long the server takes to answer a page, in ms. */
  readonly latencyMs: number;
  readonly itemsPerSecond?: number;
  readonly baseline?: number;
  readonly ratio?: number;
  /** The ratios of every round, lowest to highest. */
  readonly ratios?: ReadonlyArray<number>;
  readonly skipped?: string;
}

/** Runs the sink benchmark, prints its lines, and answers the rows. */
export async function benchSinks(): Promise<SinkBenchRow[]> {
  const rows: SinkBenchRow[] = [];
  console.log(
    `4. sinks: ${PAGES * PAGE_SIZE} Scan updates (pages of ${PAGE_SIZE}; drainInto's defaults: the pages read while a commit runs are committed together, up to 1000 items) against no sink, medians of ${ROUNDS} paired rounds (target >= 0.50)`,
  );
  for (const latencyMs of [0, 50]) rows.push(...(await benchSinksAgainst(latencyMs)));
  for (const r of rows) {
    const server = r.latencyMs === 0 ? 'server answers at once' : `server takes ${r.latencyMs} ms a page`;
    if (r.skipped) console.log(`   ${r.engine}: skipped (${r.skipped})`);
    else
      console.log(
        `   ${r.engine.padEnd(38)} ${server.padEnd(26)} ${Math.round(r.itemsPerSecond!)} items/s, no sink ${Math.round(r.baseline!)} items/s, ratio ${spread(r.ratios!)} ${r.ratio! >= 0.5 ? '(target met)' : '(TARGET MISSED)'}`,
      );
  }
  return rows;
}

async function benchSinksAgainst(latencyMs: number): Promise<SinkBenchRow[]> {
  const history = await startHistory(latencyMs);
  const scan = createClient({ scan: { url: history.url } }).scan;
  const drain = async (sink: Sink<ScanCheckpoint>): Promise<number> => {
    const start = performance.now();
    const n = await lastValueFrom(
      drainInto(sink, (from, pull) => scan.updates({ page_size: PAGE_SIZE }, { from, pull })).pipe(
        reduce((count, r) => {
          if (E.isLeft(r)) throw new Error(JSON.stringify(r.left));
          return count + r.right.items;
        }, 0),
      ),
    );
    if (n !== history.total) throw new Error(`expected ${history.total} items, got ${n}`);
    return n / ((performance.now() - start) / 1000);
  };
  const rows: SinkBenchRow[] = [];
  const measure = async (engine: string, fresh: (round: number) => Promise<Sink<ScanCheckpoint>>) => {
    // Paired rounds: the no-sink run right before each sink run, so both see the same machine.
    const ratios: number[] = [];
    const rates: number[] = [];
    const bases: number[] = [];
    await drain(nothing());
    for (let round = 0; round < ROUNDS; round++) {
      const base = await drain(nothing());
      const rate = await drain(await fresh(round));
      bases.push(base);
      rates.push(rate);
      ratios.push(rate / base);
    }
    rows.push({ engine, latencyMs, itemsPerSecond: median(rates), baseline: median(bases), ratio: median(ratios), ratios: [...ratios].sort((a, b) => a - b) });
  };

  try {
    const db = await newPglite();
    await measure('PGlite (in memory)', async (round) => {
      const sink = postgresSink<ScanCheckpoint>({ db, stream: `bench-${round}` });
      await sink.createSchema();
      return sink;
    });
    await db.close();
    if (postgresMissing()) rows.push({ engine: 'PostgreSQL', latencyMs, skipped: postgresMissing()! });
    else {
      const server = await startPostgres();
      const client = await server.connect();
      await measure('PostgreSQL 15 (loopback, fsync off)', async (round) => {
        const sink = postgresSink<ScanCheckpoint>({ db: client, stream: `bench-${round}` });
        await sink.createSchema();
        return sink;
      });
      await client.end();
      await server.stop();
    }
    if (natsMissing()) rows.push({ engine: 'JetStream', latencyMs, skipped: natsMissing()! });
    else {
      const server = await startNats();
      const nc = await server.connect();
      await measure('JetStream (nats-server, file store)', async (round) => {
        const sink = natsSink<ScanCheckpoint>({ nc, subject: `bench.r${round}`, stream: `BENCH_${round}` });
        await sink.createSchema();
        return sink;
      });
      await nc.close();
      await server.stop();
    }
  } finally {
    await history.close();
  }
  return rows;
}

if (require.main === module) {
  benchSinks().catch((e: unknown) => {
    console.error(e);
    process.exit(1);
  });
}
