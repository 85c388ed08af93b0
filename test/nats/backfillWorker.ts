/**
 * A worker process of the distributed backfill test (distributedBackfill.spec.ts): runs
 * `runBackfillWorker` against the queue `BF`, each slice drained into PostgreSQL (or, with
 * `parquet:<folder>`, into Parquet files of that shared folder, a writer of its own per slice, files
 * of at most 40 rows so that kills land between files), printing `commit <slice> <items>` after
 * each commit, until the queue is done. The bench (bench/backfill.ts) runs it too, and reads when it
 * was started, loaded and ready (`started|loaded|ready <ms since the epoch>`), the time of each
 * commit (a fourth field) and when it was done; it loads DuckDB only for Parquet, so that a worker
 * into PostgreSQL loads what the bench measures.
 *
 * Usage: node backfillWorker.js <nats url> <postgres url | parquet:folder> <scan url> [pageSize]
 * Exit codes: 0 done, 3 the run ended with a Left (printed on stderr), 1 a defect.
 */
import * as E from 'fp-ts/lib/Either.js';
import { connect } from 'nats';
import pg from 'pg';
import { performance } from 'node:perf_hooks';
import { createScanClient } from '../../src/clientFactory/createScanClient';
import { postgresSink } from '../../src/postgres/postgresSink';
import { runBackfillWorker } from '../../src/nats/runBackfillWorker';
import { backfillSliceStream } from '../../src/nats/backfillSliceStream';

const now = () => Math.round(performance.timeOrigin + performance.now());
const loaded = now();
const [natsUrl, pgUrl, scanUrl, pageSize] = [process.argv[2] ?? '', process.argv[3] ?? '', process.argv[4] ?? '', Number(process.argv[5] ?? '20')];

void (async () => {
  const nc = await connect({ servers: natsUrl });
  const parquet = pgUrl.startsWith('parquet:') ? pgUrl.slice('parquet:'.length) : undefined;
  const db = new pg.Client({ connectionString: pgUrl });
  if (parquet === undefined) await db.connect();
  const duck = parquet === undefined ? undefined : await (await (await import('@duckdb/node-api')).DuckDBInstance.create(':memory:')).connect();
  const parquetSink = parquet === undefined ? undefined : (await import('../../src/duckdb/parquetSink')).parquetSink;
  const scan = createScanClient({ scan: { url: scanUrl } }).scan;
  let code = 0;
  runBackfillWorker({
    nc,
    queue: 'BF',
    ackWaitMs: 1000,
    scan,
    request: { page_size: pageSize },
    backfill: { workers: 0, slices: 2, concurrency: 2 },
    sinkOf: (s) => (duck !== undefined && parquet !== undefined && parquetSink !== undefined ? parquetSink({ db: duck, dir: parquet, stream: backfillSliceStream('bf', s.index), maxRows: 40, stageDir: `${parquet}/_canton_rx` }) : postgresSink({ db, stream: backfillSliceStream('bf', s.index) })),
  }).subscribe({
    next: (r) => {
      if (E.isLeft(r)) {
        process.stderr.write(`${JSON.stringify(r.left)}\n`);
        code = 3;
      } else process.stdout.write(`commit ${r.right.slice} ${r.right.committed.items} ${now()}\n`);
    },
    complete: () => {
      process.stdout.write(`done ${now()}\n`);
      void Promise.all([nc.close(), parquet === undefined ? db.end() : Promise.resolve()]).then(() => process.exit(code));
    },
  });
  process.stdout.write(`started ${Math.round(performance.timeOrigin)}\nloaded ${loaded}\nready ${now()}\n`);
})().catch((e: unknown) => {
  process.stderr.write(`${String(e)}\n`);
  process.exit(1);
});
