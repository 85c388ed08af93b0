/**
 * The Scans of bench/backfill.ts, in a process of their own so that serving them does not take the
 * client's CPU: `scans` Scans of one history over `migrations` migrations whose record times
 * overlap, each answering every request after `latencyMs` without using the CPU meanwhile, from
 * prepared item texts (small transactions, or the MainNet fixture transactions re-stamped).
 * `migrationInfo: false` answers `/v0/backfilling/migration-info` with 404, as an older Scan does.
 * Run with `fork`; it sends `{ urls }` once it listens and exits with its parent.
 * With `serial`, each Scan answers one request at a time: a server that is the limit.
 * Argument: JSON `{ scans, items, migrations, latencyMs, mainNet, migrationInfo, serial }`.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mainNetPages } from './fixtures';
import { firstAfter, iso, readBody as read, type CursorItem } from './historyCursor';

interface Options {
  readonly scans: number;
  readonly items: number;
  readonly migrations: number;
  readonly latencyMs: number;
  readonly mainNet: boolean;
  readonly migrationInfo: boolean;
  /** Each Scan answers one request at a time (a server that is the limit), others wait their turn. */
  readonly serial?: boolean;
}
const options = JSON.parse(process.argv[2] ?? '{}') as Options;
const SYNC = 'global-domain::1220bench';

type Item = CursorItem;


const source = options.mainNet ? mainNetPages().flatMap((p) => (JSON.parse(p.text) as { transactions: Array<Record<string, unknown>> }).transactions) : [];
// Each migration restarts the clock a little before the previous one ended: record times overlap.
const history: Item[] = [];
const perMigration = Math.ceil(options.items / options.migrations);
for (let i = 0; i < options.items; i++) {
  const m = Math.floor(i / perMigration);
  const micros = Date.UTC(2025, 5, 1) * 1000 + m * (perMigration - 100) * 1000 + (i - m * perMigration) * 1000;
  const time = iso(micros);
  const base = options.mainNet ? source[i % source.length]! : { workflow_id: '', root_event_ids: [], events_by_id: {} };
  const tx = { ...base, update_id: `1220${String(i).padStart(64, '0')}`, migration_id: m, record_time: time, synchronizer_id: SYNC, effective_at: time };
  history.push({ m, micros, time, json: JSON.stringify(tx) });
}


const servers = Array.from({ length: options.scans }, () => createServer());
const urls: string[] = [];

/** Per Scan, the end of the request before (with `serial`). */
const turns: Array<Promise<void>> = [];

const handle = async (index: number, req: IncomingMessage, res: ServerResponse) => {
  const body = await read(req);
  const wait = () => new Promise<void>((r) => setTimeout(r, options.latencyMs));
  if (options.serial) {
    const mine = (turns[index] ?? Promise.resolve()).then(wait);
    turns[index] = mine;
    await mine;
  } else await wait();
  const send = (status: number, text: string) => {
    res.writeHead(status, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)) });
    res.end(text);
  };
  const path = req.url ?? '';
  if (path === '/api/scan/v2/updates') {
    const q = JSON.parse(body) as { page_size: number; after?: { after_migration_id: number; after_record_time: string } };
    const lo = firstAfter(history, q.after);
    send(200, `{"transactions":[${history.slice(lo, lo + Math.min(1000, q.page_size)).map((it) => it.json).join(',')}]}`);
    return;
  }
  if (path === '/api/scan/v0/backfilling/migration-info' && options.migrationInfo) {
    const m = (JSON.parse(body) as { migration_id: number }).migration_id;
    const of = history.filter((it) => it.m === m);
    if (of.length === 0) return send(404, JSON.stringify({ error: `No data for migration ${m}` }));
    send(200, JSON.stringify({ record_time_range: [{ synchronizer_id: SYNC, min: of[0]!.time, max: of[of.length - 1]!.time }], complete: true, ...(m > 0 ? { previous_migration_id: m - 1 } : {}) }));
    return;
  }
  send(404, JSON.stringify({ error: 'not found' }));
};

void (async () => {
  for (const [i, server] of servers.entries()) {
    server.on('request', (req, res) => void handle(i, req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    urls.push(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/scan`);
  }
  process.send?.({ urls, items: history.length });
  process.on('disconnect', () => process.exit(0));
})();
