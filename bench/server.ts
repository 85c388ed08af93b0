/**
 * The benchmark's server, run in a child process by `startBenchServer` (bench/startServer.ts) so
 * that it works on the other core while the client works on this one, as a real server would.
 *
 * It replays prepared pages, so that the figures measure the clients and not the server: each
 * answer is a prebuilt buffer, looked up by the cursor the request asks from.
 * - Scan `POST /api/scan/v2/updates`: real MainNet transactions (the fixture pages), re-stamped
 *   so that the cursor moves through them, `SCAN_PAGES` pages of `PAGE_SIZE`, then an empty page.
 * - Ledger `POST /v2/updates/get-updates-page`: the pages of the simulated network's ledger
 *   view (no MainNet ledger pages exist), recorded once at start, `maxPageSize` `PAGE_SIZE`.
 * Under `/slow` the same routes answer each page `SLOW_MS` later, without using the CPU meanwhile:
 * a server that takes time per page (a database query, a network round trip), as real ones do.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startSimulatedNetwork } from '../src/testkit/index';
import { mainNetPages } from './fixtures';

export const PAGE_SIZE = 500;
export const SCAN_PAGES = 10;
export const LEDGER_UPDATES = 10_000;
export const SLOW_MS = 50;

/** The ledger's update format the benchmark reads with: every party's transactions and reassignments. */
export const LEDGER_UPDATE_FORMAT = {
  includeTransactions: { transactionShape: 'TRANSACTION_SHAPE_LEDGER_EFFECTS' as const, eventFormat: { filtersForAnyParty: {} } },
  includeReassignments: { filtersForAnyParty: {} },
};

/** What the child tells its parent once it listens. */
export interface BenchServerInfo {
  readonly port: number;
  readonly scan: { readonly items: number; readonly pages: number; readonly bytes: number; readonly lastUpdateId: string };
  readonly ledger: { readonly items: number; readonly pages: number; readonly bytes: number };
}

const scanPages = () => {
  const source = mainNetPages().flatMap((p) => (JSON.parse(p.text) as { transactions: Array<Record<string, unknown>> }).transactions);
  const start = Date.UTC(2025, 11, 10, 16);
  const items = Array.from({ length: SCAN_PAGES * PAGE_SIZE }, (_, i) => ({
    ...source[i % source.length]!,
    update_id: `1220${String(i).padStart(64, '0')}`,
    migration_id: 4,
    record_time: new Date(start + i).toISOString().replace('Z', '000Z'),
  }));
  // Any `after` and `page_size` is answered (scan.updates asks from the microsecond before its
  // last item, for a page and the items it repeats); each answer is built once and replayed.
  const json = items.map((i) => JSON.stringify(i));
  const times = items.map((i) => i.record_time as string);
  const built = new Map<string, Buffer>();
  const page = (after: { after_migration_id: number; after_record_time: string } | undefined, size: number): Buffer => {
    const key = `${after?.after_migration_id ?? ''}/${after?.after_record_time ?? ''}/${size}`;
    let bytes = built.get(key);
    if (bytes === undefined) {
      // One migration, and record times of one length: they order as text.
      let start = 0;
      if (after !== undefined) {
        if (after.after_migration_id > 4) start = items.length;
        else if (after.after_migration_id === 4) while (start < items.length && times[start]! <= after.after_record_time) start++;
      }
      bytes = Buffer.from(`{"transactions":[${json.slice(start, start + size).join(',')}]}`);
      built.set(key, bytes);
    }
    return bytes;
  };
  const bytes = json.reduce((n, j) => n + Buffer.byteLength(j), 0);
  return { page, items: items.length, bytes, lastUpdateId: items[items.length - 1]!.update_id };
};

/** Walks the simulated network's ledger once, keeping each answer by the page token asked with. */
const ledgerPages = async () => {
  const net = await startSimulatedNetwork({ seed: 9, updates: LEDGER_UPDATES, migrations: 1, requireAuth: false });
  try {
    const pages = new Map<string, Buffer>();
    let token: string | undefined;
    let items = 0;
    for (let guard = 0; guard < 1000; guard++) {
      const res = await fetch(`${net.ledgerUrl}/v2/updates/get-updates-page`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ updateFormat: LEDGER_UPDATE_FORMAT, maxPageSize: PAGE_SIZE, ...(token === undefined ? {} : { pageToken: token }) }),
      });
      const text = await res.text();
      if (res.status !== 200) throw new Error(`the simulated ledger answered ${res.status}: ${text.slice(0, 200)}`);
      const page = JSON.parse(text) as { updates?: unknown[]; nextPageToken?: string };
      pages.set(token ?? '', Buffer.from(text));
      items += page.updates?.length ?? 0;
      // Without an end offset the token always comes back; an empty page is the end.
      if ((page.updates?.length ?? 0) === 0 || page.nextPageToken === undefined) return { pages, items };
      token = page.nextPageToken;
    }
    throw new Error('the simulated ledger did not end within 1000 pages');
  } finally {
    await net.close();
  }
};

const readJson = (req: IncomingMessage): Promise<Record<string, unknown>> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString()) as Record<string, unknown>);
      } catch (e) {
        reject(e);
      }
    });
    req.on('error', reject);
  });

const reply = (res: ServerResponse, status: number, body: Buffer | string) => {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': bytes.length });
  res.end(bytes);
};

const main = async () => {
  const scan = scanPages();
  const ledger = await ledgerPages();
  const server = createServer((req, res) => {
    const slow = req.url?.startsWith('/slow/') === true;
    const url = slow ? req.url!.slice('/slow'.length) : req.url;
    const answer = (status: number, body: Buffer | string) => (slow ? setTimeout(() => reply(res, status, body), SLOW_MS) : reply(res, status, body));
    readJson(req).then(
      (body) => {
        if (url === '/api/scan/v2/updates') {
          const after = body['after'] as { after_migration_id: number; after_record_time: string } | undefined;
          const size = body['page_size'];
          return typeof size === 'number' && size >= 1 && size <= 1000 ? answer(200, scan.page(after, size)) : answer(400, '{"error":"page_size must be 1 to 1000"}');
        }
        if (url === '/v2/updates/get-updates-page') {
          const page = ledger.pages.get(typeof body['pageToken'] === 'string' ? body['pageToken'] : '');
          return page ? answer(200, page) : answer(400, '{"code":"INVALID_UPDATES_PAGE_TOKEN","cause":"unknown page token"}');
        }
        return answer(404, '{"error":"not found"}');
      },
      () => answer(400, '{"error":"invalid JSON"}'),
    );
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const bytes = (pages: Map<string, Buffer>) => [...pages.values()].reduce((n, b) => n + b.length, 0);
  const info: BenchServerInfo = {
    port: (server.address() as AddressInfo).port,
    scan: { items: scan.items, pages: SCAN_PAGES + 1, bytes: scan.bytes, lastUpdateId: scan.lastUpdateId },
    ledger: { items: ledger.items, pages: ledger.pages.size, bytes: bytes(ledger.pages) },
  };
  process.send!(info);
  // The parent going away (stopped or crashed) stops the server too.
  process.on('disconnect', () => process.exit(0));
};

if (require.main === module) {
  main().catch((e: unknown) => {
    console.error(e);
    process.exit(1);
  });
}
