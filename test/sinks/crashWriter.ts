/**
 * The child process of the crash tests: drains a Scan history into a sink until the history's
 * end, printing `commit <revision> <items>` after each commit. The parent kills it at random
 * moments and starts it again; it resumes from the stored checkpoint.
 *
 * Usage: node crashWriter.js <sink> <url> <stream> <pageSize> [ledger <token> <party>]
 *   sink: `pglite:<data dir>`, `pg:<connection url>`, `nats:<server url>` (nats 2.x), `nats3:<server url>` (the modular 3.x client),
 *   `duckdb:<database file>` or `parquet:<folder>` (files of at most 60 rows, so that kills land between files too; a commit a page).
 *   With `ledger`, `url` is the participant's and the feed is `ledger.updatesWithSnapshot` of the
 *   party (ACS_DELTA), one page per commit, so that kills land inside its snapshot too. With
 *   `scan-activity`, the Scan feed into a DuckDB or Parquet writer that also fills the activity
 *   tables (`transfers`, `balance_changes`).
 * Exit codes: 0 done, 3 the run ended with a Left (printed on stderr), 1 a defect.
 */
import * as E from 'fp-ts/lib/Either.js';
import type { Observable } from 'rxjs';
import type { CantonError } from '../../src/errors/CantonError';
import type { SinkError } from '../../src/checkpoints/SinkError';
import { createClient } from '../../src/clientFactory/createClient';
import type { Checkpoint, ScanCheckpoint } from '../../src/streams/checkpoints';
import type { LedgerFeedCheckpoint } from '../../src/streams/LedgerFeedItem';
import type { Sink } from '../../src/sinks/Sink';
import { drainInto, type Committed } from '../../src/sinks/drainInto';

const [kind, url, stream, pageSize] = [process.argv[2] ?? '', process.argv[3] ?? '', process.argv[4] ?? '', Number(process.argv[5] ?? '20')];
const [feed, token, party] = [process.argv[6] ?? 'scan', process.argv[7] ?? '', process.argv[8] ?? ''];

const openSink = async (): Promise<{ sink: Sink<Checkpoint>; close(): Promise<void> }> => {
  const at = kind.indexOf(':');
  const engine = kind.slice(0, at);
  const where = kind.slice(at + 1);
  if (engine === 'pglite') {
    const { PGlite } = await import('@electric-sql/pglite');
    const { postgresSink } = await import('../../src/postgres/postgresSink');
    const db = await PGlite.create(where);
    const sink = postgresSink<Checkpoint>({ db, stream });
    const created = await sink.createSchema();
    if (E.isLeft(created)) throw new Error(created.left.message);
    return { sink, close: () => db.close() };
  }
  if (engine === 'pg') {
    const pg = (await import('pg')).default;
    const { postgresSink } = await import('../../src/postgres/postgresSink');
    const db = new pg.Client({ connectionString: where });
    await db.connect();
    const sink = postgresSink<Checkpoint>({ db, stream });
    const created = await sink.createSchema();
    if (E.isLeft(created)) throw new Error(created.left.message);
    return { sink, close: () => db.end() };
  }
  if (engine === 'nats' || engine === 'nats3') {
    const { connect } = engine === 'nats' ? await import('nats') : await import('@nats-io/transport-node');
    const { natsSink } = await import('../../src/nats/natsSink');
    const nc = await connect({ servers: where, reconnect: false });
    const sink = natsSink<Checkpoint>({ nc, subject: `feed.${stream}`, stream: stream.toUpperCase() });
    const created = await sink.createSchema();
    if (E.isLeft(created)) throw new Error(created.left.message);
    return { sink, close: () => nc.close() };
  }
  if (engine === 'duckdb' || engine === 'parquet') {
    const { DuckDBInstance } = await import('@duckdb/node-api');
    const instance = await DuckDBInstance.create(engine === 'duckdb' ? where : ':memory:');
    const db = await instance.connect();
    const { duckdbSink } = await import('../../src/duckdb/duckdbSink');
    const { parquetSink } = await import('../../src/duckdb/parquetSink');
    const activity = feed === 'scan-activity';
    const sink = engine === 'duckdb' ? duckdbSink<Checkpoint>({ db, stream, activity }) : parquetSink<Checkpoint>({ db, dir: where, stream, maxRows: 60, activity, stageDir: `${where}/_canton_rx` });
    const created = await sink.createSchema();
    if (E.isLeft(created)) throw new Error(created.left.message);
    return {
      sink,
      close: async () => {
        db.closeSync();
        instance.closeSync();
      },
    };
  }
  throw new Error(`unknown sink ${kind}`);
};

const main = async () => {
  const { sink, close } = await openSink();
  const client = createClient(feed === 'ledger' ? { ledger: { url, token } } : { scan: { url } });
  const retry = { initialDelayMs: 1, maxDelayMs: 5, maxRetries: 200 };
  const events = { filtersByParty: { [party]: {} } };
  const updateFormat = { includeTransactions: { transactionShape: 'TRANSACTION_SHAPE_ACS_DELTA' as const, eventFormat: events }, includeReassignments: events };
  const run: Observable<E.Either<CantonError | SinkError, Committed<Checkpoint>>> =
    feed === 'ledger'
      ? drainInto(
          sink as Sink<LedgerFeedCheckpoint>,
          (from, pull) => client.ledger.updatesWithSnapshot({ updateFormat, maxPageSize: pageSize }, { from, pull, retry, snapshotPageSize: pageSize }),
          { readAhead: 0 },
        )
      : drainInto(sink as Sink<ScanCheckpoint>, (from, pull) => client.scan.updates({ page_size: pageSize }, { from, pull, retry }), kind.startsWith('duckdb:') || kind.startsWith('parquet:') ? { readAhead: 0 } : {});
  process.stdout.write('ready\n');
  const code = await new Promise<number>((resolve, reject) => {
    run.subscribe({
      next: (r) => {
        if (E.isLeft(r)) {
          process.stderr.write(JSON.stringify(r.left) + '\n');
          resolve(3);
        } else process.stdout.write(`commit ${r.right.revision} ${r.right.items}\n`);
      },
      error: reject,
      complete: () => resolve(0),
    });
  });
  await close();
  process.exit(code);
};

main().catch((defect: unknown) => {
  process.stderr.write(`defect: ${(defect as Error)?.stack ?? String(defect)}\n`);
  process.exit(1);
});
