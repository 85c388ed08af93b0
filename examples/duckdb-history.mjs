// The Scan history in DuckDB, exactly once, and the questions people ask of it: transfers per
// day, fees burned per round, busiest templates. Run it again to continue after the last commit.
//
//   CANTON_RX_SCAN_URL=https://scan.example.com/api/scan DUCKDB=history.duckdb node examples/duckdb-history.mjs
//
// Needs the optional peer @duckdb/node-api (npm install @duckdb/node-api). Without
// CANTON_RX_SCAN_URL it starts a simulated network (SIM_UPDATES updates) and reads it to its end.
import { createClient, drainInto, formatError } from 'canton-rx';
import { duckdbSink } from 'canton-rx/duckdb';
import { startSimulatedNetwork } from 'canton-rx/testkit';
import { DuckDBInstance } from '@duckdb/node-api';
import { lastValueFrom, takeWhile, tap } from 'rxjs';

const env = process.env;
const net = env.CANTON_RX_SCAN_URL ? undefined : await startSimulatedNetwork({ seed: env.SIM_SEED ?? 'duckdb-example', updates: Number(env.SIM_UPDATES ?? 500) });
const instance = await DuckDBInstance.create(env.DUCKDB ?? 'history.duckdb');
const db = await instance.connect();
const sink = duckdbSink({ db, stream: 'scan.updates' });
const created = await sink.createSchema();
if (created._tag === 'Left') throw new Error(created.left.message);

const client = createClient({ scan: { url: env.CANTON_RX_SCAN_URL ?? net.scanUrl } });
let stored = 0;
let failure;
await lastValueFrom(
  drainInto(sink, (from, pull) => client.scan.pages.updates({ page_size: 200 }, { from, pull, retry: { maxRetries: 8 } })).pipe(
    tap((r) => {
      if (r._tag === 'Left') failure = r.left._tag === 'CheckpointConflict' || r.left._tag === 'StoreFailure' ? r.left.message : formatError(r.left);
      else stored += r.right.items;
    }),
    takeWhile((r) => r._tag === 'Right'),
  ),
  { defaultValue: undefined },
);
if (failure !== undefined) console.error('feed stopped:', failure);

const rows = async (sql) => (await db.runAndReadAll(sql)).getRowObjectsJson();
const print = (what, value) => console.log(JSON.stringify({ [what]: value }));
print('stored', stored);
print('updates', Number((await rows('SELECT count(*) AS n FROM updates'))[0].n));
print(
  'transfersPerDay',
  await rows(`SELECT strftime(day, '%Y-%m-%d') AS day, count(*) AS transfers FROM events
              WHERE kind = 'exercised' AND choice = 'AmuletRules_Transfer' GROUP BY 1 ORDER BY 1`),
);
// Amounts are Daml Decimals: DECIMAL(38,10), exact, never floats.
print(
  'feesBurnedPerRound',
  await rows(`SELECT CAST(exercise_result->>'$.round.number' AS BIGINT) AS round,
                     sum(CAST(exercise_result->>'$.summary.holdingFees' AS DECIMAL(38,10))
                       + CAST(exercise_result->>'$.summary.senderChangeFee' AS DECIMAL(38,10))
                       + coalesce(list_sum(list_transform(exercise_result->>'$.summary.outputFees[*]', f -> CAST(f AS DECIMAL(38,10)))), 0))::VARCHAR AS fees
              FROM events WHERE kind = 'exercised' AND choice = 'AmuletRules_Transfer' GROUP BY 1 ORDER BY 1`),
);
print(
  'busiestTemplates',
  await rows(`SELECT package_name, module_name, entity_name, count(*) AS events FROM events
              WHERE entity_name IS NOT NULL GROUP BY ALL ORDER BY events DESC, entity_name LIMIT 5`),
);
db.closeSync();
instance.closeSync();
await net?.close();
