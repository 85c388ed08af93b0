/**
 * The Scans of bench/pool.ts and bench/poolCpu.ts, in a process of their own so that serving them
 * does not take the client's CPU: several Scans of one history over two migrations whose record
 * times overlap, each answering every request after `latencyMs` (a public Scan's latency) with a
 * page joined from the items' prepared JSON texts. The items are small transactions, or
 * with `mainnet` the MainNet transactions of test/fixtures/scan, re-stamped. `limitedEvery`
 * (Scan index to n) makes a Scan answer 429 "Too Many Requests", without Retry-After, to every
 * n-th request, as a rate-limited public Scan does.
 * Run with `fork`; it sends `{ urls }` once it listens and exits with its parent.
 * Argument: JSON `{ scans, items, latencyMs, byzantine: number[], mainnet?, limitedEvery? }`.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mainNetPages } from './fixtures';
import { firstAfter, iso, readBody as read, type CursorItem } from './historyCursor';

interface Options {
  readonly scans: number;
  readonly items: number;
  readonly latencyMs: number;
  readonly byzantine: readonly number[];
  readonly mainnet?: boolean;
  readonly limitedEvery?: Readonly<Record<number, number>>;
}
const options = JSON.parse(process.argv[2] ?? '{}') as Options;
const MIGRATIONS = 2;
const SYNC = 'global-domain::1220bench';

interface Item extends CursorItem {
  readonly forged: string;
}


// Each migration restarts the clock a little before the previous one ended: record times overlap.
const history: Item[] = [];
const perMigration = Math.ceil(options.items / MIGRATIONS);
const mainnet = options.mainnet === true ? mainNetPages().flatMap((p) => (JSON.parse(p.text) as { transactions: Array<Record<string, unknown>> }).transactions).filter((t) => 'events_by_id' in t) : [];
for (let i = 0; i < options.items; i++) {
  const m = Math.floor(i / perMigration);
  const micros = Date.UTC(2025, 5, 1) * 1000 + m * (perMigration - 100) * 1000 + (i - m * perMigration) * 1000;
  const time = iso(micros);
  const update_id = `1220${String(i).padStart(64, '0')}`;
  const tx =
    mainnet.length > 0
      ? { ...mainnet[i % mainnet.length]!, update_id, migration_id: m, record_time: time, synchronizer_id: SYNC }
      : { update_id, migration_id: m, workflow_id: '', record_time: time, synchronizer_id: SYNC, effective_at: time, root_event_ids: [], events_by_id: {} };
  history.push({ m, micros, time, json: JSON.stringify(tx), forged: JSON.stringify({ ...tx, workflow_id: 'forged' }) });
}


const servers = Array.from({ length: options.scans }, () => createServer());
const urls: string[] = [];
const requests = servers.map(() => 0);

const handle = async (index: number, req: IncomingMessage, res: ServerResponse) => {
  const body = await read(req);
  await new Promise((r) => setTimeout(r, options.latencyMs));
  const send = (status: number, text: string) => {
    res.writeHead(status, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)) });
    res.end(text);
  };
  const path = req.url ?? '';
  const every = options.limitedEvery?.[index];
  if (every !== undefined && ++requests[index]! % every === 0) {
    res.writeHead(429, { 'content-type': 'text/plain' });
    res.end('Too Many Requests: Server is busy, please try again later.');
    return;
  }
  if (path === '/api/scan/v2/updates') {
    const q = JSON.parse(body) as { page_size: number; after?: { after_migration_id: number; after_record_time: string } };
    const lo = firstAfter(history, q.after);
    const liar = options.byzantine.includes(index);
    const page = history.slice(lo, lo + Math.min(1000, q.page_size)).map((it, k) => (liar && (lo + k) % 10 === 7 ? it.forged : it.json));
    send(200, `{"transactions":[${page.join(',')}]}`);
    return;
  }
  if (path === '/api/scan/v0/backfilling/migration-info') {
    const m = (JSON.parse(body) as { migration_id: number }).migration_id;
    const of = history.filter((it) => it.m === m);
    if (of.length === 0) return send(404, JSON.stringify({ error: `No data for migration ${m}` }));
    send(200, JSON.stringify({ record_time_range: [{ synchronizer_id: SYNC, min: of[0]!.time, max: of[of.length - 1]!.time }], complete: true, ...(m > 0 ? { previous_migration_id: m - 1 } : {}) }));
    return;
  }
  if (path === '/api/scan/v0/scans') {
    send(200, JSON.stringify({ scans: [{ domainId: SYNC, scans: urls.map((u, i) => ({ publicUrl: u, svName: `sv-${i + 1}` })) }] }));
    return;
  }
  send(404, JSON.stringify({ error: 'not found' }));
};

void (async () => {
  for (let i = 0; i < servers.length; i++) {
    const server = servers[i]!;
    server.on('request', (req, res) => void handle(i, req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    urls.push(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  }
  process.send?.({ urls: urls.map((u) => `${u}/api/scan`), items: history.length });
  process.on('disconnect', () => process.exit(0));
})();
