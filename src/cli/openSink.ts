import type * as E from 'fp-ts/lib/Either.js';
import type { SinkError } from '../checkpoints/SinkError.js';
import type { Sink } from '../sinks/Sink.js';
import type { Checkpoint } from '../streams/checkpoints.js';
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

const loadDriver = async <M>(name: string, load: () => Promise<M>): Promise<M> => {
  try {
    return await load();
  } catch (e) {
    if ((e as { code?: string }).code === 'MODULE_NOT_FOUND' || (e as { code?: string }).code === 'ERR_MODULE_NOT_FOUND')
      throw new UsageError(`--sink needs the optional dependency ${name}: npm install ${name}`);
    throw e;
  }
};

/** The URI without user info, for messages. */
const redactUri = (uri: string): string => uri.replace(/\/\/[^@/]*@/, '//***@');

/**
 * Opens the sink of `--sink`: `postgres://…` (or `postgresql://…`) through `pg` and
 * `canton-rx/postgres`, `pglite:DIR` through `@electric-sql/pglite` (an embedded PostgreSQL in
 * DIR), `nats://…` through `nats` and `canton-rx/nats`. The sink modules and the drivers are
 * loaded only here, only when used: they are optional peer dependencies. `name` is the feed's
 * name: the checkpoint row (PostgreSQL) or the subject `canton-rx.<name>` of the JetStream stream
 * `CANTON_RX` (NATS).
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
    const { connect } = await loadDriver('nats', () => import('nats'));
    let nc;
    try {
      nc = await connect({ servers: uri });
    } catch (e) {
      throw new UsageError(`--sink ${redactUri(uri)}: cannot connect: ${(e as Error).message}`);
    }
    const sink = natsSink<C>({ nc, subject: `canton-rx.${name}`, stream: 'CANTON_RX', key: name.replace(/[^A-Za-z0-9_-]/g, '_') });
    const conn = nc;
    return { sink, createSchema: () => sink.createSchema(), describe: `${redactUri(uri)} subject canton-rx.${name}`, close: () => conn.drain() };
  }
  throw new UsageError(`--sink ${redactUri(uri)}: give postgres://…, pglite:DIR or nats://…`);
};
