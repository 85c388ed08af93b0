// An indexer: the Scan update history into PostgreSQL, exactly once, resuming where it stopped.
//
//   DATABASE_URL=postgres://indexer@localhost/canton CANTON_RX_SCAN_URL=https://scan.example.com/api/scan node examples/indexer.mjs
//   PGLITE_DIR=./scan-index node examples/indexer.mjs      # embedded PostgreSQL, simulated network
//
// Each page is stored with its checkpoint in one transaction (drainInto + postgresSink), so a
// crash at any moment leaves the database at a commit boundary and the next run continues after
// it. FOLLOW=1 keeps tailing the head; without it the run ends at the end of the history.
// Needs `pg` (DATABASE_URL) or `@electric-sql/pglite` (PGLITE_DIR). Without CANTON_RX_SCAN_URL it
// starts a simulated network (canton-rx/testkit) to read from.
import { createClient, drainInto, formatError } from 'canton-rx';
import { postgresSink } from 'canton-rx/postgres';
import { startSimulatedNetwork } from 'canton-rx/testkit';
import { lastValueFrom, tap } from 'rxjs';

const env = process.env;
const net = env.CANTON_RX_SCAN_URL ? undefined : await startSimulatedNetwork({ updates: Number(env.SIM_UPDATES ?? 2000) });
const scanUrl = env.CANTON_RX_SCAN_URL ?? net.scanUrl;

const db = env.DATABASE_URL
  ? await (async () => {
      const { default: pg } = await import('pg');
      const client = new pg.Client({ connectionString: env.DATABASE_URL });
      await client.connect();
      return client;
    })()
  : new (await import('@electric-sql/pglite')).PGlite(env.PGLITE_DIR ?? './scan-index');

const sink = postgresSink({ db, stream: env.STREAM_NAME ?? 'scan.updates' });
const schema = await sink.createSchema();
if (schema._tag === 'Left') throw new Error(schema.left.message);

const client = createClient({ scan: { url: scanUrl } });
const follow = env.FOLLOW === '1';
let stored = 0;
let failed = false;
await lastValueFrom(
  drainInto(sink, (from, pull) =>
    client.scan.updates({ page_size: 500 }, { from, pull, retry: { maxRetries: follow ? Infinity : 8 }, ...(follow ? { tail: { intervalMs: 2000 } } : {}) }),
  ).pipe(
    tap((r) => {
      if (r._tag === 'Left') {
        failed = true;
        console.error('indexer stopped:', 'store' in r.left ? r.left.message : formatError(r.left));
        return;
      }
      stored += r.right.items;
      console.log(JSON.stringify({ stored, checkpoint: r.right.checkpoint }));
    }),
  ),
  { defaultValue: undefined },
);

const { rows } = await db.query(`SELECT count(*)::int AS n FROM ${sink.tables.items}`);
console.log(JSON.stringify({ done: true, storedThisRun: stored, total: rows[0].n }));
await (env.DATABASE_URL ? db.end() : db.close());
await net?.close();
process.exitCode = failed ? 1 : 0;
