/**
 * The child process of the crash tests: drains a Scan history into a sink until the history's
 * end, printing `commit <revision> <items>` after each commit. The parent kills it at random
 * moments and starts it again; it resumes from the stored checkpoint.
 *
 * Usage: node crashWriter.js <sink> <scanUrl> <stream> <pageSize>
 *   sink: `pglite:<data dir>`, `pg:<connection url>` or `nats:<server url>`.
 * Exit codes: 0 done, 3 the run ended with a Left (printed on stderr), 1 a defect.
 */
import * as E from 'fp-ts/lib/Either.js';
import { createClient } from '../../src/client/createClient';
import type { ScanCheckpoint } from '../../src/streams/checkpoints';
import type { Sink } from '../../src/sinks/Sink';
import { drainInto } from '../../src/sinks/drainInto';

const [kind, scanUrl, stream, pageSize] = [process.argv[2] ?? '', process.argv[3] ?? '', process.argv[4] ?? '', Number(process.argv[5] ?? '20')];

const openSink = async (): Promise<{ sink: Sink<ScanCheckpoint>; close(): Promise<void> }> => {
  const at = kind.indexOf(':');
  const engine = kind.slice(0, at);
  const where = kind.slice(at + 1);
  if (engine === 'pglite') {
    const { PGlite } = await import('@electric-sql/pglite');
    const { postgresSink } = await import('../../src/postgres/postgresSink');
    const db = await PGlite.create(where);
    const sink = postgresSink<ScanCheckpoint>({ db, stream });
    const created = await sink.createSchema();
    if (E.isLeft(created)) throw new Error(created.left.message);
    return { sink, close: () => db.close() };
  }
  if (engine === 'pg') {
    const pg = (await import('pg')).default;
    const { postgresSink } = await import('../../src/postgres/postgresSink');
    const db = new pg.Client({ connectionString: where });
    await db.connect();
    const sink = postgresSink<ScanCheckpoint>({ db, stream });
    const created = await sink.createSchema();
    if (E.isLeft(created)) throw new Error(created.left.message);
    return { sink, close: () => db.end() };
  }
  if (engine === 'nats') {
    const { connect } = await import('nats');
    const { natsSink } = await import('../../src/nats/natsSink');
    const nc = await connect({ servers: where, reconnect: false });
    const sink = natsSink<ScanCheckpoint>({ nc, subject: `feed.${stream}`, stream: stream.toUpperCase() });
    const created = await sink.createSchema();
    if (E.isLeft(created)) throw new Error(created.left.message);
    return { sink, close: () => nc.close() };
  }
  throw new Error(`unknown sink ${kind}`);
};

const main = async () => {
  const { sink, close } = await openSink();
  const client = createClient({ scan: { url: scanUrl } });
  const retry = { initialDelayMs: 1, maxDelayMs: 5, maxRetries: 200 };
  process.stdout.write('ready\n');
  const code = await new Promise<number>((resolve, reject) => {
    drainInto(sink, (from, pull) => client.scan.updates({ page_size: pageSize }, { from, pull, retry })).subscribe({
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
