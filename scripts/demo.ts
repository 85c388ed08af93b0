/**
 * `npm run demo`: the main job of canton-rx, on a simulated Canton network started in-process
 * (canton-rx/testkit), with no network access. It streams the Scan update history to its end and
 * one party's ledger updates to the ledger end with canton-rx's record streams, then tails both
 * while the network grows and merges them into one feed in record-time order, with faults
 * injected on Scan, printing a short live summary: items per second, items by kind, the last
 * checkpoint.
 */
import { lastValueFrom, take, takeUntil, tap, timer, toArray } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import { checkpointOf, createClient, formatError, mergeFeeds, orThrow, type CantonError, type codecs } from '../src/index.js';
import { mintToken, startSimulatedNetwork } from '../src/testkit/index.js';

/** Counts one stream's items by kind and keeps its last checkpoint, failing loudly on a Left. */
const tally = <A>(label: string, kindOf: (item: A) => string, describe: (item: A) => string, progress: Progress) => {
  const counts: Record<string, number> = {};
  let items = 0;
  let last = 'none';
  const observe = tap((r: E.Either<CantonError, A>) => {
    if (E.isLeft(r)) throw new Error(`${label}: ${formatError(r.left)}`);
    const kind = kindOf(r.right);
    counts[kind] = (counts[kind] ?? 0) + 1;
    items++;
    last = describe(r.right);
    progress.update(`${label}: ${items} items (${Math.round(items / Math.max(progress.elapsedSeconds(), 1e-3))}/s) | ${byKind(counts)} | at ${last}`);
  });
  const summary = () => {
    const seconds = progress.elapsedSeconds();
    return `${label}: ${items} items in ${seconds.toFixed(2)} s (${Math.round(items / seconds)}/s) | ${byKind(counts)} | last checkpoint: ${last}`;
  };
  return { observe, summary };
};

// -------------------------------------------------------------------------------------------------
// Reporting

/** A live progress line: rewritten in place on a TTY, plain lines (at most one a second) otherwise. */
class Progress {
  private readonly tty = process.stdout.isTTY === true;
  private lastPrint = 0;
  private started = process.hrtime.bigint();

  restart(): void {
    this.started = process.hrtime.bigint();
    this.lastPrint = 0;
  }

  elapsedSeconds(): number {
    return Number(process.hrtime.bigint() - this.started) / 1e9;
  }

  update(line: string): void {
    const now = this.elapsedSeconds();
    if (this.tty) {
      if (now - this.lastPrint < 0.05) return;
      process.stdout.write(`\r\x1b[2K${line}`);
    } else {
      if (now - this.lastPrint < 1) return;
      process.stdout.write(`${line}\n`);
    }
    this.lastPrint = now;
  }

  done(line: string): void {
    process.stdout.write(this.tty ? `\r\x1b[2K${line}\n` : `${line}\n`);
  }
}

const byKind = (counts: Record<string, number>): string =>
  Object.entries(counts)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([k, n]) => `${k} ${n}`)
    .join(', ');

const scanKind = (item: codecs.scan.UpdateHistoryItemV2): string => ('event' in item ? ('created_event' in item.event ? 'assignment' : 'unassignment') : 'transaction');

// -------------------------------------------------------------------------------------------------

const SEED = 2024;
const UPDATES = 4000;
const LIVE_SECONDS = 3;

async function main(): Promise<void> {
  // Record times end a minute from now, as on a live network (heartbeats are wall-clock watermarks).
  const probe = await startSimulatedNetwork({ seed: SEED, updates: UPDATES, genesisTime: '2025-06-01T00:00:00Z' });
  const span = Date.parse(probe.info().last.recordTime) - Date.parse('2025-06-01T00:00:00Z');
  await probe.close();
  const net = await startSimulatedNetwork({ seed: SEED, updates: UPDATES, genesisTime: new Date(Date.now() - span + 60_000).toISOString(), registry: true });
  try {
    const info = net.info();
    console.log(`simulated network on ${net.url}: ${info.updates} updates, migration ids ${info.migrationIds.join(', ')}, ledger end ${info.ledgerEnd}`);
    const party = net.party('alice');
    const client = createClient({
      scan: { url: net.scanUrl },
      ledger: { url: net.ledgerUrl, token: mintToken({ userId: 'alice', actAs: [party] }) },
    });
    const progress = new Progress();

    // 1. Scan: the whole history, page after page through the (migration_id, record_time) cursor.
    const scan = tally('scan', scanKind, (item) => JSON.stringify(checkpointOf(item)), progress);
    await lastValueFrom(client.scan.updates({ page_size: 100 }).pipe(scan.observe), { defaultValue: undefined });
    progress.done(scan.summary());

    // 2. Ledger: alice's updates up to the ledger end, page after page through nextPageToken.
    progress.restart();
    const ledger = tally('ledger (alice)', (update: codecs.ledger.Update) => Object.keys(update)[0] ?? 'unknown', (update) => JSON.stringify(checkpointOf(update)), progress);
    const updateFormat = {
      includeTransactions: { transactionShape: 'TRANSACTION_SHAPE_LEDGER_EFFECTS' as const, eventFormat: { filtersByParty: { [party]: {} } } },
      includeReassignments: { filtersByParty: { [party]: {} } },
    };
    await lastValueFrom(client.ledger.updates({ updateFormat, endOffsetInclusive: info.ledgerEnd, maxPageSize: 200 }).pipe(ledger.observe), { defaultValue: undefined });
    progress.done(ledger.summary());

    // Amulet's token standard registry, at the Scan host's root (client.registry, from scan.url).
    const amulet = await lastValueFrom(client.registry.getInstrument('Amulet'));
    if (E.isLeft(amulet)) throw new Error(`registry: ${formatError(amulet.left)}`);
    console.log(`registry: ${amulet.right.id}, ${amulet.right.decimals} decimals, total supply ${amulet.right.totalSupply ?? '?'} as of ${amulet.right.totalSupplyAsOf ?? '?'}`);

    // 3. Live: tail both from where they stopped and merge them, while the network grows and Scan
    //    misbehaves (503, 429, resets, cut-off bodies); retries resume from the last checkpoint.
    progress.restart();
    net.resetStats();
    net.setFaults({ rate: 0.2, kinds: [503, 429, 'reset', 'truncate'], only: 'scan', retryAfterSeconds: 0 });
    const growth = setInterval(() => net.append(3), 25);
    let retries = 0;
    let maxBuffer = 0;
    const retry = { initialDelayMs: 5, maxDelayMs: 100, onRetry: () => retries++ };
    const tail = { intervalMs: 20 };
    const counts: Record<string, number> = {};
    const scanIds: string[] = [];
    let merged = 0;
    let lastRecordTime = '';
    const live$ = mergeFeeds(
      client.ledger.updates({ updateFormat }, { tail, heartbeats: true, retry, from: { stream: 'ledger.updates', offset: info.ledgerEnd } }),
      client.scan.updates({ page_size: 100 }, { tail, heartbeats: true, retry, from: { stream: 'scan.updates', migration_id: info.last.migrationId, record_time: info.last.recordTime } }),
      { latenessMs: 2000, onBufferSize: (n) => (maxBuffer = Math.max(maxBuffer, n)) },
    ).pipe(
      takeUntil(timer(LIVE_SECONDS * 1000)),
      tap((r) => {
        if (E.isLeft(r)) throw new Error(`${r.left.source}: ${formatError(r.left.error)}`);
        const kind = r.right.late ? `${r.right.source} (late)` : r.right.source;
        counts[kind] = (counts[kind] ?? 0) + 1;
        if (r.right.scan) scanIds.push(r.right.updateId);
        merged++;
        lastRecordTime = r.right.recordTime;
        progress.update(`live merged feed: ${merged} updates (${Math.round(merged / Math.max(progress.elapsedSeconds(), 1e-3))}/s) | ${byKind(counts)} | ${retries} retries | at ${lastRecordTime}`);
      }),
    );
    await lastValueFrom(live$, { defaultValue: undefined });
    clearInterval(growth);
    const faults = net.stats().faults.length;
    net.setFaults(undefined);
    // Check it: a clean read of Scan from the same checkpoint must start with exactly what came through.
    const clean = await lastValueFrom(
      client.scan.updates({ page_size: 1000 }, { from: { stream: 'scan.updates', migration_id: info.last.migrationId, record_time: info.last.recordTime } }).pipe(orThrow(), take(scanIds.length), toArray()),
    );
    const intact = clean.length === scanIds.length && clean.every((item, i) => item.update_id === scanIds[i]);
    progress.done(
      `live merged feed: ${merged} updates in ${LIVE_SECONDS} s | ${byKind(counts)} | ${faults} faults injected on Scan, ${retries} retries | ` +
        `${intact ? 'nothing lost or repeated' : 'MISMATCH with a clean read'} (checked against a clean read of Scan) | buffer at most ${maxBuffer}`,
    );
    if (!intact) throw new Error('the merged feed does not match a clean read of Scan');

    const served = net.stats();
    console.log(`live phase served ${served.totalRequests} requests: ${served.routes.map((r) => `${r.route} ×${r.requests}`).join(', ')}`);
  } finally {
    await net.close();
  }
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
