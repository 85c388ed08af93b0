/**
 * `npm run demo`: the main job of canton-rx, on a simulated Canton network started in-process
 * (canton-rx/testkit), with no network access. It streams the Scan update history to its end and
 * one party's ledger updates to the ledger end with canton-rx's record streams, and prints a short
 * live summary: items per second, items by kind, the last checkpoint.
 */
import { lastValueFrom, tap } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import { checkpointOf, createClient, formatError, type CantonError, type codecs } from '../src/index.js';
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

async function main(): Promise<void> {
  const net = await startSimulatedNetwork({ seed: 2024, updates: 4000 });
  try {
    const info = net.info();
    console.log(`simulated network on ${net.url}: ${info.updates} updates, migration ids ${info.migrationIds.join(', ')}, ledger end ${info.ledgerEnd}`);
    const party = net.party('alice');
    const client = createClient({
      scan: { url: net.scanUrl },
      ledger: { url: net.ledgerUrl, token: mintToken({ userId: 'alice', actAs: [party] }) },
    });
    const progress = new Progress();

    // Scan: the whole history, page after page through the (migration_id, record_time) cursor.
    const scan = tally('scan', scanKind, (item) => JSON.stringify(checkpointOf(item)), progress);
    await lastValueFrom(client.scan.updates({ page_size: 100 }).pipe(scan.observe), { defaultValue: undefined });
    progress.done(scan.summary());

    // Ledger: alice's updates up to the ledger end, page after page through nextPageToken.
    progress.restart();
    const ledger = tally('ledger (alice)', (update: codecs.ledger.Update) => Object.keys(update)[0] ?? 'unknown', (update) => JSON.stringify(checkpointOf(update)), progress);
    const updateFormat = {
      includeTransactions: { transactionShape: 'TRANSACTION_SHAPE_LEDGER_EFFECTS' as const, eventFormat: { filtersByParty: { [party]: {} } } },
      includeReassignments: { filtersByParty: { [party]: {} } },
    };
    await lastValueFrom(client.ledger.updates({ updateFormat, endOffsetInclusive: info.ledgerEnd, maxPageSize: 200 }).pipe(ledger.observe), { defaultValue: undefined });
    progress.done(ledger.summary());

    const served = net.stats();
    console.log(`served ${served.totalRequests} requests: ${served.routes.map((r) => `${r.route} ×${r.requests}`).join(', ')}`);
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
