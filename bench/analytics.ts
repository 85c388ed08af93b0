/**
 * Part 12 of `npm run bench` (issue 29): the history as tables.
 *
 * a. `flattenUpdates` on the MainNet /v2/updates pages, against JSON.parse of the same compact
 *    bytes (target <= 0.30).
 * b. The DuckDB sink against a hand-written best loader of the same rows into the same engine
 *    (one transaction a page, DuckDB's appender, the rows made in one loop with no helper), and
 *    the Parquet writer against DuckDB reading the same rows from NDJSON with `read_json` and
 *    writing them with `COPY`; the client's parse (JSON.parse and the codec) on both sides.
 *    Goal: >= 0.8. Paired rounds, medians.
 * c. Memory: the heap (after a forced GC) and the RSS sampled ten times while 1 000 000 event rows
 *    go through each writer (`BENCH_ANALYTICS_ROWS=10000000` for ten million): flat is the goal.
 *    The pages are made on the fly (a fixture page parsed again and re-stamped for each commit),
 *    never held.
 * d. (opt-in, `BENCH_ANALYTICS=day`) A MainNet-sized day: `BENCH_ANALYTICS_UPDATES` (1 000 000)
 *    updates served by a local server in a child process (bench/analyticsDayServer.ts), read by
 *    `client.scan.pages.updates` once alone (the client's parse speed) and once drained into the
 *    Parquet writer: updates per second of each, and the heap along the export.
 *
 * `BENCH_ANALYTICS=flatten,speed,memory` (the default) picks the sub-parts; `day` is opt-in.
 */
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync, appendFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { DuckDBInstance, LIST, VARCHAR, type DuckDBAppender, type DuckDBConnection } from '@duckdb/node-api';
import * as E from 'fp-ts/lib/Either.js';
import { UpdateHistoryResponseV2 } from '../src/codecs/scan/UpdateHistoryResponseV2';
import { decodeWith } from '../src/codecs/decodeWith';
import { flattenUpdates } from '../src/analytics/flattenUpdates';
import { historyColumns } from '../src/analytics/historyColumns';
import { duckdbSink } from '../src/duckdb/duckdbSink';
import { parquetSink } from '../src/duckdb/parquetSink';
import type { Sink, SinkItem } from '../src/sinks/Sink';
import type { ScanCheckpoint } from '../src/streams/checkpoints';
import { createClient } from '../src/clientFactory/createClient';
import { drainInto } from '../src/sinks/drainInto';
import { mainNetPages } from './fixtures';
import { median, spread } from './stats';

const ROUNDS = Number(process.env['BENCH_ANALYTICS_ROUNDS'] ?? 5);
const PAGES = Number(process.env['BENCH_ANALYTICS_PAGES'] ?? 40);
const MEMORY_ROWS = Number(process.env['BENCH_ANALYTICS_ROWS'] ?? 1_000_000);
const SUBPARTS = new Set((process.env['BENCH_ANALYTICS'] ?? 'flatten,speed,memory').split(',').map((p) => p.trim()));

const decode = decodeWith(UpdateHistoryResponseV2);
/** The client's parse: the bytes to decoded items. */
const parse = (text: string): SinkItem[] => {
  const r = decode(JSON.parse(text));
  if (E.isLeft(r)) throw new Error('a page does not decode');
  return r.right.transactions as SinkItem[];
};
const checkpointOf = (items: ReadonlyArray<SinkItem>): ScanCheckpoint => {
  const last = items[items.length - 1] as { migration_id?: number; record_time: string; update_id: string };
  return { stream: 'scan.updates', migration_id: last.migration_id ?? 0, record_time: last.record_time, update_id: last.update_id };
};

const connect = async (path = ':memory:'): Promise<DuckDBConnection> => (await DuckDBInstance.create(path)).connect();

const flattenRatio = () => {
  console.log('   a. flattenUpdates / JSON.parse of the same bytes (target <= 0.30), medians of 9 paired rounds');
  for (const { name, text } of mainNetPages()) {
    const items = parse(text);
    const runs = Math.max(20, Math.round(4_000_000 / text.length));
    const ratios: number[] = [];
    for (let round = 0; round < 10; round++) {
      let t = performance.now();
      for (let i = 0; i < runs; i++) JSON.parse(text);
      const p = performance.now() - t;
      t = performance.now();
      for (let i = 0; i < runs; i++) flattenUpdates(items);
      const f = performance.now() - t;
      if (round > 0) ratios.push(f / p);
    }
    console.log(`      ${name.padEnd(48)} ${(text.length / 1024).toFixed(0).padStart(5)} KiB  ratio ${spread(ratios)} ${median(ratios) <= 0.3 ? '' : '(TARGET MISSED)'}`);
  }
};

type Row = Record<string, unknown>;
const TEMPLATE = /^([^:]*):(.*):([^:]*)$/;

/** The hand-written loader: the same rows, made and appended in one loop, no helper, one transaction a page. */
const handAppend = async (db: DuckDBConnection, items: ReadonlyArray<SinkItem>): Promise<void> => {
  const list = LIST(VARCHAR);
  await db.run('BEGIN TRANSACTION');
  const u: DuckDBAppender = await db.createAppender('updates');
  const e: DuckDBAppender = await db.createAppender('events');
  const s = (a: DuckDBAppender, v: unknown) => (v == null ? a.appendNull() : a.appendVarchar(String(v)));
  for (const raw of items) {
    const item = raw as Row;
    const rt = String(item.record_time);
    const day = rt.slice(0, 10);
    const byId = (item.events_by_id ?? {}) as Record<string, Row>;
    const order: string[] = [];
    const stack = [...((item.root_event_ids as string[] | undefined) ?? [])].reverse();
    while (stack.length > 0) {
      const id = stack.pop()!;
      order.push(id);
      const kids = byId[id]?.child_event_ids as string[] | undefined;
      if (kids) for (let k = kids.length - 1; k >= 0; k--) stack.push(kids[k]!);
    }
    order.forEach((id, index) => {
      const ev = byId[id]!;
      const m = TEMPLATE.exec(String(ev.template_id));
      const created = ev.event_type === 'created_event';
      s(e, item.update_id);
      e.appendInteger(item.migration_id as number);
      e.appendVarchar(id);
      e.appendInteger(Number(id.slice(id.lastIndexOf(':') + 1)));
      e.appendInteger(index);
      e.appendVarchar(created ? 'created' : 'exercised');
      s(e, ev.package_name);
      s(e, m?.[2]);
      s(e, m?.[3]);
      s(e, m?.[1]);
      s(e, ev.choice);
      s(e, ev.interface_id);
      s(e, ev.contract_id);
      if (created) e.appendNull();
      else e.appendBoolean(ev.consuming as boolean);
      if (created) e.appendNull();
      else e.appendList(ev.acting_parties as string[], list);
      if (created) e.appendList(ev.signatories as string[], list);
      else e.appendNull();
      if (created) e.appendList(ev.observers as string[], list);
      else e.appendNull();
      e.appendVarchar(JSON.stringify(created ? ev.create_arguments : ev.choice_argument));
      if (created) e.appendNull();
      else e.appendVarchar(JSON.stringify(ev.exercise_result));
      e.appendVarchar(rt);
      e.appendVarchar(day);
      e.endRow();
    });
    s(u, item.update_id);
    u.appendInteger(item.migration_id as number);
    s(u, item.synchronizer_id);
    u.appendVarchar(rt);
    s(u, item.effective_at);
    u.appendVarchar(day);
    s(u, item.offset);
    u.appendVarchar('transaction');
    s(u, item.workflow_id === '' ? null : item.workflow_id);
    u.appendInteger(order.length);
    s(u, item.external_transaction_hash);
    u.appendNull();
    u.endRow();
  }
  u.closeSync();
  e.closeSync();
  await db.run('COMMIT');
};

const createTables = async (db: DuckDBConnection) => {
  for (const t of ['updates', 'events'] as const) await db.run(`CREATE TABLE ${t} (${historyColumns[t].map((c) => `"${c.name}" ${c.type}`).join(', ')})`);
};

/** Each page parsed (the client's parse) and committed to the sink, a commit a page. */
const commitPages = async (sink: Sink<ScanCheckpoint>, texts: ReadonlyArray<string>): Promise<void> => {
  let revision = 0;
  for (const text of texts) {
    const items = parse(text);
    const r = await sink.commit(items, checkpointOf(items), revision);
    if (E.isLeft(r)) throw new Error(r.left.message);
    revision = r.right;
  }
};

/** One round of each contestant over the same pages; answers rows per second. */
const duckdbRound = async (texts: ReadonlyArray<string>, rows: number) => {
  const ours = await connect();
  const sink = duckdbSink<ScanCheckpoint>({ db: ours, stream: 'bench' });
  await sink.createSchema();
  let t = performance.now();
  await commitPages(sink, texts);
  const sinkRate = rows / ((performance.now() - t) / 1000);
  const hand = await connect();
  await createTables(hand);
  t = performance.now();
  for (const text of texts) await handAppend(hand, parse(text));
  const handRate = rows / ((performance.now() - t) / 1000);
  ours.closeSync();
  hand.closeSync();
  return { sinkRate, handRate };
};

/** The Parquet writer and the baseline over the same pages, in the order given (alternated between rounds: the second runs warmer). */
const parquetRound = async (texts: ReadonlyArray<string>, rows: number, baselineFirst: boolean) => {
  const dir = mkdtempSync(join(tmpdir(), 'canton-rx-bench-parquet-'));
  try {
    const ours = async () => {
      const db = await connect();
      const sink = parquetSink<ScanCheckpoint>({ db, dir: join(dir, 'ours'), stream: 'bench' });
      await sink.createSchema();
      await sink.load();
      const t = performance.now();
      await commitPages(sink, texts);
      const flushed = await sink.flush();
      if (E.isLeft(flushed)) throw new Error(flushed.left.message);
      const rate = rows / ((performance.now() - t) / 1000);
      db.closeSync();
      return rate;
    };
    // The baseline: the same rows as NDJSON (one line a row), read by DuckDB's read_json, written with COPY.
    const baseline = async () => {
      const base = await connect();
      const t = performance.now();
      const files = { updates: join(dir, 'updates.ndjson'), events: join(dir, 'events.ndjson') };
      writeFileSync(files.updates, '');
      writeFileSync(files.events, '');
      for (const text of texts) {
        const flat = flattenUpdates(parse(text));
        appendFileSync(files.updates, flat.updates.map((r) => JSON.stringify(r)).join('\n') + '\n');
        appendFileSync(files.events, flat.events.map((r) => JSON.stringify({ ...r, payload: JSON.stringify(r.payload), exercise_result: r.exercise_result === undefined ? null : JSON.stringify(r.exercise_result) })).join('\n') + '\n');
      }
      for (const table of ['updates', 'events'] as const) {
        const columns = `{${historyColumns[table].map((c) => `'${c.name}': '${c.type}'`).join(', ')}}`;
        await base.run(`COPY (SELECT * FROM read_json('${files[table]}', format = 'newline_delimited', columns = ${columns})) TO '${join(dir, `${table}.parquet`)}' (FORMAT parquet)`);
      }
      const rate = rows / ((performance.now() - t) / 1000);
      base.closeSync();
      return rate;
    };
    if (baselineFirst) {
      const baseRate = await baseline();
      return { baseRate, sinkRate: await ours() };
    }
    const sinkRate = await ours();
    return { sinkRate, baseRate: await baseline() };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

const heapAfterGc = (): number => {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
  return process.memoryUsage().heapUsed / 2 ** 20;
};

/** A fixture page made anew for commit `n`: parsed from its bytes (fresh objects) and re-stamped, one day a 100 commits. */
const pageOnTheFly = (text: string, n: number): SinkItem[] => {
  const items = parse(text);
  const day = new Date(Date.UTC(2026, 0, 1) + Math.floor(n / 100) * 86_400_000).toISOString().slice(0, 10);
  return items.map((i, k) => ({ ...(i as object), update_id: `p${n}-${k}`, record_time: `${day}${(i as { record_time: string }).record_time.slice(10)}` }) as SinkItem);
};

/** Event rows through a writer, each page made on the fly, the heap (after a GC) and RSS sampled ten times. */
const memoryRun = async (which: 'duckdb' | 'parquet', text: string) => {
  const dir = mkdtempSync(join(tmpdir(), 'canton-rx-bench-memory-'));
  try {
    const instance = await DuckDBInstance.create(which === 'duckdb' ? join(dir, 'm.duckdb') : ':memory:');
    const db = await instance.connect();
    const sink = which === 'duckdb' ? duckdbSink<ScanCheckpoint>({ db, stream: 'm' }) : parquetSink<ScanCheckpoint>({ db, dir, stream: 'm' });
    await sink.createSchema();
    await sink.load();
    const perPage = flattenUpdates(parse(text)).events.length;
    const pages = Math.ceil(MEMORY_ROWS / perPage);
    const samples: string[] = [];
    const t = performance.now();
    let revision = 0;
    for (let p = 0; p < pages; p++) {
      const items = pageOnTheFly(text, p);
      const r = await sink.commit(items, checkpointOf(items), revision);
      if (E.isLeft(r)) throw new Error(r.left.message);
      revision = r.right;
      if ((p + 1) % Math.ceil(pages / 10) === 0 || p === pages - 1) samples.push(`${(((p + 1) * perPage) / 1e6).toFixed(2)}M ${heapAfterGc().toFixed(0)}/${(process.memoryUsage().rss / 2 ** 20).toFixed(0)}`);
    }
    await sink.flush?.();
    const seconds = (performance.now() - t) / 1000;
    db.closeSync();
    instance.closeSync();
    console.log(`      ${which.padEnd(8)} ${((pages * perPage) / seconds).toFixed(0)} event rows/s; rows: heap/rss MiB ${samples.join(', ')}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

/** The day's server in a child process; answers its URL and a stop. */
const startDayServer = (): Promise<{ url: string; updates: number; stop: () => Promise<void> }> =>
  new Promise((resolve, reject) => {
    const child = fork(join(__dirname, 'analyticsDayServer.js'), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    const exited = new Promise<void>((r) => child.once('exit', () => r()));
    child.once('error', reject);
    child.once('message', (m) => {
      const { port, updates } = m as { port: number; updates: number };
      resolve({
        url: `http://127.0.0.1:${port}/api/scan`,
        updates,
        stop: async () => {
          if (child.connected) child.disconnect();
          await exited;
        },
      });
    });
  });

/** A MainNet-sized day: the client's read alone, then the same read drained into the Parquet writer. */
const dayRun = async () => {
  const server = await startDayServer();
  const dir = mkdtempSync(join(tmpdir(), 'canton-rx-bench-day-'));
  try {
    const client = createClient({ scan: { url: server.url } });
    console.log(`   d. a MainNet-sized day: ${server.updates} updates, pages of 500, through client.scan.pages.updates`);
    let t = performance.now();
    let c = process.cpuUsage();
    let read = 0;
    await new Promise<void>((resolve, reject) =>
      client.scan.pages.updates({ page_size: 500 }).subscribe({ next: (r) => (E.isRight(r) ? (read += r.right.records.length) : reject(new Error(r.left._tag))), error: reject, complete: resolve }),
    );
    const parseSeconds = (performance.now() - t) / 1000;
    const parseCpu = process.cpuUsage(c);
    console.log(`      the client alone:     ${(read / parseSeconds).toFixed(0)} updates/s (${read} in ${parseSeconds.toFixed(1)} s, CPU ${((parseCpu.user + parseCpu.system) / 1e6).toFixed(1)} s)`);
    const db = await connect();
    const sink = parquetSink<ScanCheckpoint>({ db, dir, stream: 'day' });
    await sink.createSchema();
    const samples: string[] = [];
    let stored = 0;
    let next = server.updates / 10;
    t = performance.now();
    c = process.cpuUsage();
    await new Promise<void>((resolve, reject) =>
      drainInto(sink, (from, pull) => client.scan.pages.updates({ page_size: 500 }, { from, pull })).subscribe({
        next: (r) => {
          if (E.isLeft(r)) return reject(new Error(JSON.stringify(r.left).slice(0, 300)));
          stored += r.right.items;
          if (stored >= next) {
            next += server.updates / 10;
            samples.push(`${(stored / 1e6).toFixed(1)}M ${(process.memoryUsage().heapUsed / 2 ** 20).toFixed(0)}/${(process.memoryUsage().rss / 2 ** 20).toFixed(0)}`);
          }
        },
        error: reject,
        complete: resolve,
      }),
    );
    const writeSeconds = (performance.now() - t) / 1000;
    const writeCpu = process.cpuUsage(c);
    console.log(`      into the Parquet writer: ${(stored / writeSeconds).toFixed(0)} updates/s (${stored} in ${writeSeconds.toFixed(1)} s, CPU ${((writeCpu.user + writeCpu.system) / 1e6).toFixed(1)} s, ${sink.files().length} files): ${(parseSeconds / writeSeconds).toFixed(2)} of the client's parse speed`);
    console.log(`      heap/rss MiB along the export (no forced GC): ${samples.join(', ')}`);
    db.closeSync();
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await server.stop();
  }
};

export const benchAnalytics = async (): Promise<void> => {
  console.log('\n12. the history as tables (issue 29)');
  if (SUBPARTS.has('flatten')) flattenRatio();
  const pages = mainNetPages();
  const big = pages.reduce((a, b) => (b.text.length > a.text.length ? b : a));
  if (SUBPARTS.has('speed')) {
    // The MainNet pages in turn, PAGES of them.
    const texts = Array.from({ length: PAGES }, (_, i) => pages[i % pages.length]!.text);
    const rows = texts.reduce((n, t) => {
      const f = flattenUpdates(parse(t));
      return n + f.updates.length + f.events.length;
    }, 0);
    const mib = texts.reduce((n, t) => n + t.length, 0) / 2 ** 20;
    console.log(`   b. ${PAGES} MainNet pages (${mib.toFixed(0)} MiB, ${rows} rows), ${ROUNDS} paired rounds, parse included on both sides (goal >= 0.8)`);
    const d: number[] = [];
    const q: number[] = [];
    const rates = { sink: [] as number[], hand: [] as number[], parquet: [] as number[], base: [] as number[] };
    for (let round = 0; round < ROUNDS; round++) {
      const a = await duckdbRound(texts, rows);
      d.push(a.sinkRate / a.handRate);
      rates.sink.push(a.sinkRate);
      rates.hand.push(a.handRate);
      const b = await parquetRound(texts, rows, round % 2 === 1);
      q.push(b.sinkRate / b.baseRate);
      rates.parquet.push(b.sinkRate);
      rates.base.push(b.baseRate);
    }
    console.log(`      DuckDB sink    ${median(rates.sink).toFixed(0)} rows/s, hand-written appender ${median(rates.hand).toFixed(0)} rows/s: ratio ${spread(d)}`);
    console.log(`      Parquet writer ${median(rates.parquet).toFixed(0)} rows/s, NDJSON + read_json + COPY ${median(rates.base).toFixed(0)} rows/s: ratio ${spread(q)}`);
  }
  if (SUBPARTS.has('memory')) {
    console.log(`   c. memory, ${MEMORY_ROWS} event rows through each writer, pages made on the fly (heap after a forced GC / RSS, MiB)`);
    // BENCH_ANALYTICS_WRITERS=parquet: one writer only (ten million rows take minutes each).
    const writers = (process.env['BENCH_ANALYTICS_WRITERS'] ?? 'duckdb,parquet').split(',');
    if (writers.includes('duckdb')) await memoryRun('duckdb', big.text);
    if (writers.includes('parquet')) await memoryRun('parquet', big.text);
  }
  if (SUBPARTS.has('day')) await dayRun();
};
