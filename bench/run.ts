/**
 * npm run bench: the speed targets of canton-rx, measured, never asserted in tests.
 *
 * 1. Decoding: the MainNet /v2/updates pages of ../shared/fixtures/scan, decoded with
 *    UpdateHistoryResponseV2, against JSON.parse alone on the same bytes. Target: decoding costs
 *    at most half of JSON.parse.
 * 2. End to end: items per second of `scan.updates` against a loopback server serving prebuilt
 *    pages, against a hand-written fetch + JSON.parse loop over the same pages, in the same run.
 *    Target: the stream reaches at least 0.9 of the hand-written loop.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { lastValueFrom, reduce } from 'rxjs';
import { fetch as crossFetch } from 'cross-fetch';
import { createClient } from '../src/client/createClient';
import type { Fetch } from '../src/http/types';
import { UpdateHistoryResponseV2 } from '../src/codecs/scan/UpdateHistoryResponseV2';
import { decodeWith } from '../src/codecs/decodeWith';

const fixtures = resolve(__dirname, '..', '..', 'test', 'fixtures', 'scan');
const pages = readdirSync(fixtures)
  .filter((f) => /^v2-updates__(JosefinHao|syed)/.test(f))
  .map((f) => ({ name: f, text: readFileSync(join(fixtures, f), 'utf8') }));

const time = (runs: number, fn: () => void): number => {
  const start = performance.now();
  for (let i = 0; i < runs; i++) fn();
  return performance.now() - start;
};

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const benchDecode = () => {
  const decode = decodeWith(UpdateHistoryResponseV2);
  const rows: Array<{ name: string; kb: number; parseMs: number; decodeMs: number }> = [];
  for (const { name, text } of pages) {
    const parsed = JSON.parse(text) as unknown;
    const runs = Math.max(20, Math.round(4_000_000 / text.length));
    // Warm up both paths before measuring.
    time(runs, () => JSON.parse(text));
    time(runs, () => decode(parsed));
    const parse: number[] = [];
    const dec: number[] = [];
    for (let round = 0; round < 7; round++) {
      parse.push(time(runs, () => JSON.parse(text)) / runs);
      dec.push(
        time(runs, () => {
          if (decode(parsed)._tag !== 'Right') throw new Error(`${name} does not decode`);
        }) / runs,
      );
    }
    rows.push({ name, kb: text.length / 1024, parseMs: median(parse), decodeMs: median(dec) });
  }
  return rows;
};

/** Pages of real MainNet transactions, re-stamped so that the cursor moves through them. */
const buildHistory = (pageCount: number, pageSize: number) => {
  const source = (JSON.parse(pages.find((p) => p.name.startsWith('v2-updates__JosefinHao'))!.text) as { transactions: Array<Record<string, unknown>> }).transactions;
  const items = Array.from({ length: pageCount * pageSize }, (_, i) => ({
    ...source[i % source.length]!,
    update_id: `1220${String(i).padStart(64, '0')}`,
    migration_id: 4,
    record_time: new Date(Date.UTC(2025, 11, 10, 16) + i).toISOString().replace('Z', '000Z'),
  }));
  // Prebuilt bodies, keyed by the record time the request asks to start after.
  const bodies = new Map<string, string>();
  for (let p = 0; p <= pageCount; p++) {
    const after = p === 0 ? '' : (items[p * pageSize - 1]!.record_time as string);
    bodies.set(after, JSON.stringify({ transactions: items.slice(p * pageSize, (p + 1) * pageSize) }));
  }
  return { total: items.length, bodies };
};

const benchStream = async () => {
  const pageSize = 100;
  const { total, bodies } = buildHistory(100, pageSize);
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString()) as { after?: { after_record_time: string } };
      const page = bodies.get(body.after?.after_record_time ?? '') ?? '{"transactions":[]}';
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(page);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/scan`;
  const results: Array<{ transport: string; total: number; hand: number; lib: number; ratio: number; low: number; high: number }> = [];
  for (const [transport, fetch] of [
    ['cross-fetch', crossFetch as unknown as Fetch],
    ['platform fetch', globalThis.fetch.bind(globalThis) as unknown as Fetch],
  ] as const) {
    results.push({ transport, ...(await measure(base, fetch, pageSize, total)) });
  }
  server.close();
  return results;
};

/** Items per second of the hand-written loop and of `scan.updates`, both over the same `fetch`. */
const measure = async (base: string, fetch: Fetch, pageSize: number, total: number) => {
  const handWritten = async (): Promise<number> => {
    let after: { after_migration_id: number; after_record_time: string } | undefined;
    let count = 0;
    for (;;) {
      const res = await fetch(`${base}/v2/updates`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(after ? { page_size: pageSize, after } : { page_size: pageSize }),
        signal: new AbortController().signal,
      });
      const page = JSON.parse(await res.text()) as { transactions: Array<{ migration_id: number; record_time: string }> };
      count += page.transactions.length;
      const last = page.transactions[page.transactions.length - 1];
      if (!last || page.transactions.length < pageSize) return count;
      after = { after_migration_id: last.migration_id, after_record_time: last.record_time };
    }
  };
  const scan = createClient({ scan: { url: base }, fetch }).scan;
  const library = () => lastValueFrom(scan.updates({ page_size: pageSize }).pipe(reduce((n, r) => (r._tag === 'Right' ? n + 1 : Number.NaN), 0)));

  const rate = async (run: () => Promise<number>) => {
    const start = performance.now();
    const n = await run();
    if (n !== total) throw new Error(`expected ${total} items, got ${n}`);
    return n / ((performance.now() - start) / 1000);
  };
  // Warm up, then alternate so that both see the same machine state; each round gives a ratio.
  await rate(handWritten);
  await rate(library);
  const hand: number[] = [];
  const lib: number[] = [];
  const ratios: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const h = await rate(handWritten);
    const l = await rate(library);
    hand.push(h);
    lib.push(l);
    ratios.push(l / h);
  }
  return { total, hand: median(hand), lib: median(lib), ratio: median(ratios), low: Math.min(...ratios), high: Math.max(...ratios) };
};

const ROUNDS = 11;

const main = async () => {
  console.log('canton-rx benchmark\n');
  console.log('1. decoding /v2/updates MainNet pages: decode time / JSON.parse time (target <= 0.50)');
  let parseSum = 0;
  let decodeSum = 0;
  for (const r of benchDecode()) {
    parseSum += r.parseMs;
    decodeSum += r.decodeMs;
    console.log(`   ${r.name.padEnd(44)} ${r.kb.toFixed(0).padStart(5)} KiB  parse ${r.parseMs.toFixed(3)} ms  decode ${r.decodeMs.toFixed(3)} ms  ratio ${(r.decodeMs / r.parseMs).toFixed(2)}`);
  }
  const decodeRatio = decodeSum / parseSum;
  console.log(`   all pages: decode/parse = ${decodeRatio.toFixed(2)} ${decodeRatio <= 0.5 ? '(target met)' : '(TARGET MISSED)'}\n`);

  console.log('2. scan.updates end to end on loopback vs a hand-written fetch + JSON.parse loop (target >= 0.90)');
  for (const s of await benchStream()) {
    console.log(`   ${s.transport}: ${s.total} items in pages of 100: hand-written ${Math.round(s.hand)} items/s, scan.updates ${Math.round(s.lib)} items/s`);
    console.log(
      `   ${s.transport}: scan.updates / hand-written = ${s.ratio.toFixed(2)} (median of ${ROUNDS} paired rounds, ${s.low.toFixed(2)} to ${s.high.toFixed(2)}) ${s.ratio >= 0.9 ? '(target met)' : '(TARGET MISSED)'}`,
    );
  }
};

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
