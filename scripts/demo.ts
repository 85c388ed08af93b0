/**
 * Demo of `canton-rx/testkit`: starts a simulated Canton network in-process, then, with plain
 * `fetch`, streams the Scan update history (`POST /api/scan/v2/updates`, paging with `after`) to
 * its end and one party's ledger updates (`POST /v2/updates/get-updates-page`, paging with page
 * tokens) to the ledger end, printing a short live summary.
 *
 * Run with `npm run demo`. The fetching lives in small functions (`fetchScanPage`,
 * `fetchLedgerPage`) so that it can later be switched to the library's own client.
 */
import { mintToken, startSimulatedNetwork } from '../src/testkit/index.js';

type Json = Record<string, unknown>;

// -------------------------------------------------------------------------------------------------
// Fetching (one function per page kind)

interface ScanCheckpoint {
  readonly migrationId: number;
  readonly recordTime: string;
}

interface ScanPage {
  readonly items: readonly Json[];
  readonly last: ScanCheckpoint | undefined;
}

/** One page of Scan's update history strictly after a checkpoint. */
async function fetchScanPage(scanUrl: string, after: ScanCheckpoint | undefined, pageSize: number): Promise<ScanPage> {
  const body = after === undefined ? { page_size: pageSize } : { page_size: pageSize, after: { after_migration_id: after.migrationId, after_record_time: after.recordTime } };
  const res = await fetch(`${scanUrl}/v2/updates`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`Scan answered ${res.status}: ${await res.text()}`);
  const items = ((await res.json()) as { transactions: Json[] }).transactions;
  const lastItem = items[items.length - 1];
  const last =
    lastItem === undefined
      ? undefined
      : { migrationId: (lastItem['migration_id'] ?? (lastItem['event'] as Json)['migration_id']) as number, recordTime: lastItem['record_time'] as string };
  return { items, last };
}

interface LedgerPage {
  readonly updates: readonly Json[];
  readonly highestOffset: number;
  readonly nextPageToken: string | undefined;
}

/** One page of a party's ledger updates up to `end`, continuing from a page token. */
async function fetchLedgerPage(ledgerUrl: string, token: string, party: string, end: number, pageToken: string | undefined): Promise<LedgerPage> {
  const request: Json = {
    updateFormat: {
      includeTransactions: { transactionShape: 'TRANSACTION_SHAPE_LEDGER_EFFECTS', eventFormat: { filtersByParty: { [party]: {} } } },
      includeReassignments: { filtersByParty: { [party]: {} } },
    },
    endOffsetInclusive: end,
    maxPageSize: 200,
  };
  if (pageToken !== undefined) request['pageToken'] = pageToken;
  const res = await fetch(`${ledgerUrl}/v2/updates/get-updates-page`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(request),
  });
  if (!res.ok) throw new Error(`The ledger answered ${res.status}: ${await res.text()}`);
  const page = (await res.json()) as { updates?: Array<{ update: Json }>; highestPageOffsetInclusive: number; nextPageToken?: string | null };
  return { updates: (page.updates ?? []).map((u) => u.update), highestOffset: page.highestPageOffsetInclusive, nextPageToken: page.nextPageToken ?? undefined };
}

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

const scanKind = (item: Json): string => ('events_by_id' in item ? 'transaction' : 'created_event' in (item['event'] as Json) ? 'assignment' : 'unassignment');

// -------------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const net = await startSimulatedNetwork({ seed: 2024, updates: 4000 });
  try {
    const info = net.info();
    console.log(`simulated network on ${net.url}: ${info.updates} updates, migration ids ${info.migrationIds.join(', ')}, ledger end ${info.ledgerEnd}`);
    const progress = new Progress();

    // Scan: the whole history, paging with `after`.
    const scanCounts: Record<string, number> = {};
    let scanItems = 0;
    let checkpoint: ScanCheckpoint | undefined;
    for (let guard = 0; guard < 100_000; guard++) {
      const page = await fetchScanPage(net.scanUrl, checkpoint, 100);
      for (const item of page.items) scanCounts[scanKind(item)] = (scanCounts[scanKind(item)] ?? 0) + 1;
      scanItems += page.items.length;
      checkpoint = page.last ?? checkpoint;
      const rate = Math.round(scanItems / Math.max(progress.elapsedSeconds(), 1e-3));
      progress.update(`scan: ${scanItems} items (${rate}/s) | ${byKind(scanCounts)} | at migration ${checkpoint?.migrationId} ${checkpoint?.recordTime}`);
      if (page.items.length < 100) break;
    }
    const scanSeconds = progress.elapsedSeconds();
    progress.done(`scan: ${scanItems} items in ${scanSeconds.toFixed(2)} s (${Math.round(scanItems / scanSeconds)}/s) | ${byKind(scanCounts)} | last checkpoint: migration ${checkpoint?.migrationId}, record time ${checkpoint?.recordTime}`);

    // Ledger: one party's updates up to the ledger end, paging with tokens.
    progress.restart();
    const party = net.party('alice');
    const token = mintToken({ userId: 'alice', actAs: [party] });
    const end = net.info().ledgerEnd;
    const ledgerCounts: Record<string, number> = {};
    let ledgerUpdates = 0;
    let offset = 0;
    let pageToken: string | undefined;
    for (let guard = 0; guard < 100_000; guard++) {
      const page = await fetchLedgerPage(net.ledgerUrl, token, party, end, pageToken);
      for (const u of page.updates) {
        const kind = Object.keys(u)[0] ?? 'unknown';
        ledgerCounts[kind] = (ledgerCounts[kind] ?? 0) + 1;
      }
      ledgerUpdates += page.updates.length;
      offset = page.highestOffset;
      const rate = Math.round(ledgerUpdates / Math.max(progress.elapsedSeconds(), 1e-3));
      progress.update(`ledger (alice): ${ledgerUpdates} updates (${rate}/s) | ${byKind(ledgerCounts)} | at offset ${offset}`);
      pageToken = page.nextPageToken;
      if (pageToken === undefined) break;
    }
    const ledgerSeconds = progress.elapsedSeconds();
    progress.done(
      `ledger (alice): ${ledgerUpdates} updates in ${ledgerSeconds.toFixed(2)} s (${Math.round(ledgerUpdates / ledgerSeconds)}/s) | ${byKind(ledgerCounts)} | last checkpoint: offset ${offset} of ledger end ${end}`,
    );
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
