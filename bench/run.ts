/**
 * npm run bench: the speed targets of canton-rx, measured, never asserted in tests.
 *
 * 1. Decoding: the MainNet /v2/updates fixture pages, decoded with UpdateHistoryResponseV2,
 *    against JSON.parse alone on the same compact bytes. Target: decoding costs at most 0.10x
 *    JSON.parse (issue 11). Then every codec on every fixture payload (bench/generatedCodecs.ts):
 *    at most 0.10x from 10 KB, 0.25x below (issue 18).
 * 2. End to end, against a server in a child process (bench/server.ts) replaying the same history
 *    to every reader, 500 items a page: `scan.updates` against a hand-written sequential
 *    fetch + JSON.parse loop and against the official ScanClient of
 *    @canton-network/core-splice-client, and `ledger.updates` against a hand-written loop over the
 *    ledger's pages. Medians of paired rounds, for a consumer that only counts and one that works
 *    on each item, against a server that answers at once and one that takes time per page.
 *    Target: `scan.updates` >= 1.1x both.
 * 3. mergeFeeds (bench/merge.ts): 1 000 000 merged updates with a lag of 1 000.
 * 4. Sinks (bench/sinks.ts): updates per second into PGlite, PostgreSQL and JetStream, against
 *    the same stream with no sink. Target: a sink costs the stream at most half its rate.
 * 5. Scan pools (bench/pool.ts): a backfill of 100 000 items from Scans in another process that
 *    answer after 50 ms, sequential against 8 slices (target >= 6x), and 4 Scans with one liar.
 */
import { benchDecode } from './decode';
import { benchGeneratedCodecs } from './generatedCodecs';
import { benchMerge } from './merge';
import { benchSinks } from './sinks';
import { benchPool } from './pool';
import { contenders, type Consume } from './contenders';
import { pairedRounds, ratios, type Contestant } from './endToEnd';
import { startBenchServer } from './startServer';
import { median, spread } from './stats';
import { PAGE_SIZE, SLOW_MS } from './server';

const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 11);

let written = 0;
/** What the consumer does with each item: nothing but counting, or writing it out as JSON. */
const counting: Consume = () => undefined;
const writingJson: Consume = (item) => {
  written += JSON.stringify(item).length;
};

/** The comparisons, each its own paired rounds: the consumer, and whether the server takes SLOW_MS a page. */
const scenarios = [
  { name: 'a consumer that counts, a server that answers at once', consume: counting, slow: false, ledger: true },
  { name: 'a consumer that writes each item out (JSON.stringify), a server that answers at once', consume: writingJson, slow: false, ledger: false },
  { name: `a consumer that counts, a server that takes ${SLOW_MS} ms a page`, consume: counting, slow: true, ledger: true },
  { name: `a consumer that writes each item out (JSON.stringify), a server that takes ${SLOW_MS} ms a page`, consume: writingJson, slow: true, ledger: false },
];

const benchEndToEnd = async () => {
  const server = await startBenchServer();
  try {
    const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
    console.log(`   server: a child process on 127.0.0.1:${server.port}, replaying prepared pages of ${PAGE_SIZE}`);
    console.log(`   Scan /v2/updates: ${server.scan.items} MainNet transactions (re-stamped) in ${server.scan.pages} pages, ${mib(server.scan.bytes)} MiB`);
    console.log(`   Ledger get-updates-page: ${server.ledger.items} updates of the simulated network in ${server.ledger.pages} pages, ${mib(server.ledger.bytes)} MiB`);
    console.log(`   every reader reads to the empty page at the end; items/s and ratios are medians of ${ROUNDS} paired rounds (lowest to highest)\n`);
    for (const { name, consume, slow, ledger } of scenarios) {
      const c = contenders(server, slow);
      const scan = server.scan.items;
      const contestants: Contestant[] = [
        { name: 'hand-written loop', run: c.handScan, items: scan },
        { name: 'official ScanClient', run: c.officialScan, items: scan },
        { name: 'scan.updates', run: c.libraryScan(), items: scan },
        { name: 'scan.updates prefetch 0', run: c.libraryScan(0), items: scan },
        ...(ledger
          ? [
              { name: 'ledger hand-written loop', run: c.handLedger, items: server.ledger.items },
              { name: 'ledger.updates', run: c.libraryLedger, items: server.ledger.items },
            ]
          : []),
      ];
      const rates = await pairedRounds(contestants, consume, ROUNDS, 1);
      console.log(`   ${name}: items/s`);
      for (const [who, xs] of rates) console.log(`     ${who.padEnd(26)} ${String(Math.round(median(xs))).padStart(7)}`);
      const vsHand = ratios(rates, 'scan.updates', 'hand-written loop');
      const vsOfficial = ratios(rates, 'scan.updates', 'official ScanClient');
      const verdict = (xs: number[]) => (median(xs) >= 1.1 ? '(target met)' : '(TARGET MISSED)');
      console.log(`     scan.updates / hand-written loop        ${spread(vsHand)} ${verdict(vsHand)}`);
      console.log(`     scan.updates / official ScanClient      ${spread(vsOfficial)} ${verdict(vsOfficial)}`);
      console.log(`     scan.updates / scan.updates prefetch 0  ${spread(ratios(rates, 'scan.updates', 'scan.updates prefetch 0'))}`);
      if (ledger) console.log(`     ledger.updates / ledger hand-written    ${spread(ratios(rates, 'ledger.updates', 'ledger hand-written loop'))}`);
      console.log('');
    }
  } finally {
    await server.stop();
  }
};

/** `BENCH_PARTS=2,3` runs only those parts (default: all five). */
const parts = new Set((process.env['BENCH_PARTS'] ?? '1,2,3,4,5').split(',').map((p) => p.trim()));

const main = async () => {
  console.log('canton-rx benchmark\n');
  if (parts.has('1')) {
    console.log('1. decoding /v2/updates MainNet pages (compact bytes): decode time / JSON.parse time, medians of paired rounds (target <= 0.10)');
    const pageRatios: number[] = [];
    for (const r of benchDecode()) {
      pageRatios.push(r.ratio);
      console.log(`   ${r.name.padEnd(44)} ${r.kb.toFixed(0).padStart(5)} KiB  parse ${r.parseMs.toFixed(3)} ms  decode ${r.decodeMs.toFixed(3)} ms  ratio ${r.ratio.toFixed(3)}`);
    }
    console.log(`   worst page: ${Math.max(...pageRatios).toFixed(3)} ${Math.max(...pageRatios) <= 0.1 ? '(target met)' : '(TARGET MISSED)'}\n`);
    console.log('   every codec on every fixture payload (compact bytes), decode / JSON.parse, compiled and plain io-ts (targets: <= 0.10 from 10 KB, <= 0.25 below)');
    let missed = 0;
    for (const r of benchGeneratedCodecs()) {
      const met = r.ratio <= r.goal;
      if (!met) missed++;
      console.log(`   ${r.file.padEnd(78)} ${r.method.padEnd(44)} ${r.kb.toFixed(1).padStart(7)} KiB  ratio ${r.ratio.toFixed(3)}  plain ${r.plainRatio.toFixed(2)}  ${met ? '' : `(TARGET ${r.goal} MISSED)`}`);
    }
    console.log(`   ${missed === 0 ? 'every payload within its target' : `${missed} payloads above their target`}\n`);
  }
  if (parts.has('2')) {
    console.log('2. one stream end to end, server in a child process (target: scan.updates >= 1.10 of each, medians of paired rounds)');
    await benchEndToEnd();
  }
  if (parts.has('3')) {
    console.log('\n3. mergeFeeds: 1 000 000 merged updates with a lag of 1 000 (medians of 3 rounds; baseline: making the updates alone)');
    console.table(await benchMerge());
  }
  if (parts.has('4')) await benchSinks();
  if (parts.has('5')) await benchPool();
};

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
