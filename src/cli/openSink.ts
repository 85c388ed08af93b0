import type * as E from 'fp-ts/lib/Either.js';
import type { SinkError } from '../checkpoints/SinkError.js';
import type { Sink } from '../sinks/Sink.js';
import type { Checkpoint } from '../streams/checkpoints.js';
import { jetStreamOf, type NatsConnectionLike } from '../nats/jetStreamOf.js';
import { subjectCovers } from '../nats/subjectCovers.js';
import { UsageError } from './UsageError.js';

/**
 * A durable sink opened from a `--sink` URI, with what it needs closed at the end.
 * @category CLI
 * @since 0.3.0
 */
export interface OpenedSink<C extends Checkpoint> {
  readonly sink: Sink<C>;
  /** Creates the tables, or the JetStream stream and bucket, when missing. */
  readonly createSchema: () => Promise<E.Either<SinkError, void>>;
  /** Where the items go, for messages (never with a password). */
  readonly describe: string;
  readonly close: () => Promise<void>;
}

const isModuleMissing = (e: unknown): boolean => ['MODULE_NOT_FOUND', 'ERR_MODULE_NOT_FOUND'].includes(String((e as { code?: unknown } | null)?.code));

/** Loads an optional driver; its absence is bad usage (exit 2) that says what to install. */
const loadDriver = async <M>(name: string, load: () => Promise<M>, install = name): Promise<M> => {
  try {
    return await load();
  } catch (e) {
    if (isModuleMissing(e)) throw new UsageError(`--sink needs the optional dependency ${name}: npm install ${install}`);
    throw e;
  }
};

/** A NATS connection the CLI opens: either client's, with what the CLI calls of it. */
type CliNatsConnection = NatsConnectionLike & { close(): Promise<void>; drain(): Promise<void> };

/**
 * `connect` of the NATS client installed: `nats` (2.x), else the modular `@nats-io/transport-node`
 * (3.x) with `@nats-io/jetstream` and `@nats-io/kv`; neither is bad usage that says what to install.
 */
const natsConnect = async (): Promise<(options: { servers: string }) => Promise<CliNatsConnection>> => {
  const modular = async () => {
    const [transport] = await Promise.all([import('@nats-io/transport-node'), import('@nats-io/jetstream'), import('@nats-io/kv')]);
    return transport.connect;
  };
  const loaded = await loadDriver('nats (or @nats-io/transport-node, @nats-io/jetstream and @nats-io/kv)', () => import('nats').then((m) => m.connect, async (e: unknown) => (isModuleMissing(e) ? modular() : Promise.reject(e))), 'nats');
  return loaded as (options: { servers: string }) => Promise<CliNatsConnection>;
};

/** The stream of a feed: `CANTON_RX` when it holds the subject already (an earlier version's), else `CANTON_RX_<key>`. */
const natsStreamOf = async (nc: NatsConnectionLike, subject: string, key: string): Promise<string> => {
  const shared = await (await jetStreamOf(nc)).streamInfo('CANTON_RX');
  return shared?.config.subjects?.some((s) => subjectCovers(s, subject)) ? 'CANTON_RX' : `CANTON_RX_${key}`;
};

/** The URI without user info, for messages. */
const redactUri = (uri: string): string => uri.replace(/\/\/[^@/]*@/, '//***@');

/**
 * Opens the sink of `--sink`: `postgres://…` (or `postgresql://…`) through `pg` and
 * `canton-rx/postgres`, `pglite:DIR` through `@electric-sql/pglite` (an embedded PostgreSQL in
 * DIR), `nats://…` through `nats` (or the modular `@nats-io/transport-node`, `@nats-io/jetstream`
 * and `@nats-io/kv`) and `canton-rx/nats`, `duckdb:FILE` (tables `updates` and `events` of a
 * DuckDB database) and `parquet:DIR` (Parquet files partitioned by migration and day) through
 * `@duckdb/node-api` and `canton-rx/duckdb`. The sink modules and the drivers are loaded only here,
 * only when used: they are optional peer dependencies, and a missing one is a `UsageError` naming
 * it. `name` is the feed's name: the checkpoint row (PostgreSQL), or the subject
 * `canton-rx.<name>` of the feed's own JetStream stream `CANTON_RX_<name>` (NATS; a feed that an
 * earlier version stored in the shared stream `CANTON_RX` stays there).
 * @example
 * ```ts
 * const opened = await openSink<ScanCheckpoint>('pglite:./feed', 'scan.updates');
 * await opened.createSchema();
 * drainInto(opened.sink, (from, pull) => client.scan.updates({ page_size: 500 }, { from, pull })).subscribe(console.log);
 * ```
 * @category CLI
 * @since 0.3.0
 */
export const openSink = async <C extends Checkpoint>(uri: string, name: string): Promise<OpenedSink<C>> => {
  if (/^postgres(ql)?:\/\//.test(uri) || uri.startsWith('pglite:')) {
    const { postgresSink } = await import('../postgres/index.js');
    if (uri.startsWith('pglite:')) {
      const dir = uri.slice('pglite:'.length);
      if (dir.length === 0) throw new UsageError('--sink pglite:DIR needs a folder');
      const { PGlite } = await loadDriver('@electric-sql/pglite', () => import('@electric-sql/pglite'));
      const db = new PGlite(dir);
      const sink = postgresSink<C>({ db, stream: name });
      return { sink, createSchema: () => sink.createSchema(), describe: uri, close: () => db.close() };
    }
    const pg = await loadDriver('pg', () => import('pg'));
    const Client = (pg as unknown as { default?: typeof pg }).default?.Client ?? pg.Client;
    const db = new Client({ connectionString: uri });
    try {
      await db.connect();
    } catch (e) {
      throw new UsageError(`--sink ${redactUri(uri)}: cannot connect: ${(e as Error).message}`);
    }
    const sink = postgresSink<C>({ db, stream: name });
    return { sink, createSchema: () => sink.createSchema(), describe: redactUri(uri), close: () => db.end() };
  }
  if (uri.startsWith('nats://')) {
    const { natsSink } = await import('../nats/index.js');
    const connect = await natsConnect();
    let nc;
    try {
      nc = await connect({ servers: uri });
    } catch (e) {
      throw new UsageError(`--sink ${redactUri(uri)}: cannot connect: ${(e as Error).message}`);
    }
    const conn = nc;
    const key = name.replace(/[^A-Za-z0-9_-]/g, '_');
    const subject = `canton-rx.${name}`;
    // Each feed its own stream, so that feeds do not share a duplicate window and a page's
    // publishes are not interleaved with another feed's; a feed an earlier version stored in the
    // shared stream CANTON_RX stays there (its checkpoint holds sequences of that stream).
    const stream = await natsStreamOf(conn, subject, key).catch(async (e: unknown) => {
      await conn.close();
      throw new UsageError(`--sink ${redactUri(uri)}: ${(e as Error).message}`);
    });
    const sink = natsSink<C>({ nc: conn, subject, stream, key });
    return { sink, createSchema: () => sink.createSchema(), describe: `${redactUri(uri)} stream ${stream} subject ${subject}`, close: () => conn.drain() };
  }
  if (uri.startsWith('duckdb:') || uri.startsWith('parquet:')) {
    const where = uri.slice(uri.indexOf(':') + 1);
    if (where.length === 0) throw new UsageError(`--sink ${uri} needs ${uri.startsWith('duckdb:') ? 'a database file' : 'a folder'}`);
    const { duckdbSink, parquetSink } = await import('../duckdb/index.js');
    const { DuckDBInstance } = await loadDriver('@duckdb/node-api', () => import('@duckdb/node-api'));
    let instance;
    try {
      // Parquet: an engine in memory holds the rows of the files being filled.
      instance = await DuckDBInstance.create(uri.startsWith('duckdb:') ? where : ':memory:');
    } catch (e) {
      // DuckDB lets one process open a file for writing: another writer holds it.
      throw new UsageError(`--sink ${uri}: cannot open: ${(e as Error).message}`);
    }
    const engine = instance;
    const db = await engine.connect();
    const shut = () => {
      db.closeSync();
      engine.closeSync();
    };
    if (uri.startsWith('duckdb:')) {
      const sink = duckdbSink<C>({ db, stream: name });
      return { sink, createSchema: () => sink.createSchema(), describe: uri, close: async () => shut() };
    }
    const sink = parquetSink<C>({ db, dir: where, stream: name });
    // A run stopped by a signal: what its commits gathered is written with their checkpoint.
    const close = async () => {
      await sink.flush();
      shut();
    };
    return { sink, createSchema: () => sink.createSchema(), describe: uri, close };
  }
  throw new UsageError(`--sink ${redactUri(uri)}: give postgres://…, pglite:DIR, nats://…, duckdb:FILE or parquet:DIR`);
};
