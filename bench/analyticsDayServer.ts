/**
 * The server of bench/analytics.ts's `day` part, run in a child process (so that it works on the
 * other core, as a real Scan would): `POST /api/scan/v2/updates` over a made-up day of
 * `BENCH_ANALYTICS_UPDATES` updates (default 1 000 000), MainNet transactions of the fixture
 * pages in turn, re-stamped one every 86 400 000 / N ms of 2026-11-25 in migration 4. Nothing is
 * held but the fixture transactions: each page is made when asked, from the cursor.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mainNetPages } from './fixtures';

const N = Number(process.env['BENCH_ANALYTICS_UPDATES'] ?? 1_000_000);
const START_US = Date.UTC(2026, 10, 25) * 1000;
const STEP_US = Math.floor(86_400_000_000 / N);

// Each fixture transaction as JSON with two holes, filled per item by string concatenation (cheap: the server must not be what is measured).
const templates = mainNetPages()
  .flatMap((p) => (JSON.parse(p.text) as { transactions: Array<Record<string, unknown>> }).transactions)
  .filter((t) => 'events_by_id' in t)
  .map((t) => JSON.stringify({ ...t, update_id: '@@U@@', record_time: '@@T@@', migration_id: 4 }).split(/"@@[UT]@@"/));

const timeOf = (i: number): string => {
  const us = START_US + i * STEP_US;
  const iso = new Date(Math.floor(us / 1000)).toISOString();
  return `${iso.slice(0, 23)}${String(us % 1000).padStart(3, '0')}Z`;
};
const indexAfter = (t: string): number => {
  const us = Date.parse(`${t.slice(0, 23)}Z`) * 1000 + Number(t.slice(23, 26));
  return us < START_US ? 0 : Math.floor((us - START_US) / STEP_US) + 1;
};
const item = (i: number): string => {
  const [a, b, c] = templates[i % templates.length]!;
  return `${a}"1220${i.toString(16).padStart(60, '0')}"${b}"${timeOf(i)}"${c}`;
};

const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    if (req.url !== '/api/scan/v2/updates') {
      res.writeHead(404).end();
      return;
    }
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { page_size: number; after?: { after_migration_id: number; after_record_time: string } };
    const from = body.after === undefined ? 0 : body.after.after_migration_id > 4 ? N : body.after.after_migration_id < 4 ? 0 : indexAfter(body.after.after_record_time);
    const parts: string[] = [];
    for (let i = from; i < Math.min(N, from + body.page_size); i++) parts.push(item(i));
    res.writeHead(200, { 'content-type': 'application/json' }).end(`{"transactions":[${parts.join(',')}]}`);
  });
});
server.listen(0, '127.0.0.1', () => process.send?.({ port: (server.address() as AddressInfo).port, updates: N }));
// The parent closes the IPC channel when done.
process.on('disconnect', () => server.close(() => process.exit(0)));
