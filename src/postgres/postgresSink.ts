import * as E from 'fp-ts/lib/Either.js';
import { checkpointConflict, storeFailure, type SinkError } from '../checkpoints/SinkError.js';
import type { StoredCheckpoint } from '../checkpoints/CheckpointStore.js';
import type { Checkpoint } from '../streams/checkpoints.js';
import type { Sink, SinkItem } from '../sinks/Sink.js';
import { itemIdentity } from '../sinks/itemIdentity.js';
import { lz4Statement, schemaLockStatements, schemaStatements, tablesOf, type Tables } from './postgresSchema.js';
import type { SqlClient } from './SqlClient.js';

/**
 * Options of `postgresSink`.
 * @category Sinks
 * @since 0.2.0
 */
export interface PostgresSinkOptions {
  /** The connection: a `pg.Client` (or one client of a pool), or a PGlite instance. */
  readonly db: SqlClient;
  /** The name of this feed: its checkpoint row and the key of its items (one writer per name). */
  readonly stream: string;
  /** Prefix of the two tables, `<prefix>items` and `<prefix>checkpoints` (default `canton_rx_`). */
  readonly tablePrefix?: string;
  /** The PostgreSQL schema of the tables (default: the connection's search path). */
  readonly schema?: string;
}

/**
 * A sink into PostgreSQL, with `createSchema` to create its tables.
 * @category Sinks
 * @since 0.2.0
 */
export interface PostgresSink<C extends Checkpoint = Checkpoint> extends Sink<C> {
  /**
   * Creates the two tables and the index if they do not exist (see docs/sinks.md for the schema),
   * the items compressed with lz4 where the server has it. Safe to call on every start, by several
   * processes at once: calls for the same tables are serialised by an advisory lock.
   */
  createSchema(): Promise<E.Either<SinkError, void>>;
  /** The qualified, quoted table names, for queries of your own. */
  readonly tables: { readonly items: string; readonly checkpoints: string };
}

/** Thrown inside a transaction to roll it back: another writer holds the revision. */
class Fenced {
  constructor(readonly actual: number | undefined) {}
}

const revisionOf = (rows: ReadonlyArray<{ revision?: unknown }>): number | undefined => (rows[0] === undefined ? undefined : Number(rows[0].revision));

/**
 * A PostgreSQL sink for `drainInto`: each commit inserts a batch of items into `<prefix>items`
 * and advances the stream's row of `<prefix>checkpoints` in one transaction. Fenced: the
 * transaction first moves the checkpoint row from the expected revision to the next (an insert
 * for revision 0), and when the row is at another revision it rolls back and answers a
 * `CheckpointConflict`, so a second writer of the same stream fails on its first commit and
 * nothing it read is stored. Idempotent: an item whose identity (`itemIdentity`) is already stored
 * for the stream is skipped (`ON CONFLICT DO NOTHING`). `seq` numbers the items of a stream in
 * stream order. Works with `pg` against a PostgreSQL server and with PGlite (embedded); neither is
 * a dependency of canton-rx: pass the connection. Expected failures (a conflict, a database error)
 * are `Left`s; nothing throws.
 *
 * @example
 * ```ts
 * import { createClient, drainInto, type ScanCheckpoint } from 'canton-rx';
 * import { postgresSink } from 'canton-rx/postgres';
 * import { PGlite } from '@electric-sql/pglite';
 *
 * const sink = postgresSink<ScanCheckpoint>({ db: new PGlite('./scan-feed'), stream: 'scan-mainnet' });
 * await sink.createSchema();
 * const client = createClient({ scan: { url: 'https://scan.example.com/api/scan' } });
 * drainInto(sink, (from, pull) => client.scan.updates({ page_size: 500 }, { from, pull })).subscribe(console.log);
 * ```
 * @category Sinks
 * @since 0.2.0
 */
export const postgresSink = <C extends Checkpoint = Checkpoint>(options: PostgresSinkOptions): PostgresSink<C> => {
  const { db, stream } = options;
  const store = `postgres:${stream}`;
  const tables = tablesOf(options.tablePrefix ?? 'canton_rx_', options.schema);

  /** Runs `run` on valid options, turning what it throws into a Left: a `Fenced` into a conflict with the writer's expected revision. */
  const guarded = async <A>(what: string, run: (t: Tables) => Promise<E.Either<SinkError, A>>, expected = 0): Promise<E.Either<SinkError, A>> => {
    if (typeof tables === 'string') return E.left(storeFailure(store, tables));
    if (typeof stream !== 'string' || stream.length === 0) return E.left(storeFailure(store, 'stream must be a non-empty name'));
    try {
      return await run(tables);
    } catch (e) {
      if (e instanceof Fenced) return E.left(checkpointConflict(store, expected, e.actual, 'the checkpoint moved on'));
      return E.left(storeFailure(store, what, e));
    }
  };

  const load = () =>
    guarded('cannot load the checkpoint', async (t): Promise<E.Either<SinkError, StoredCheckpoint<C>>> => {
      const { rows } = await db.query(`SELECT checkpoint, revision::float8 AS revision FROM ${t.checkpoints} WHERE stream = $1`, [stream]);
      const row = rows[0] as { checkpoint: C | string; revision: number } | undefined;
      if (row === undefined) return E.right({ checkpoint: undefined, revision: 0 });
      const checkpoint = typeof row.checkpoint === 'string' ? (JSON.parse(row.checkpoint) as C) : row.checkpoint;
      return E.right({ checkpoint, revision: Number(row.revision) });
    });

  const commit = async (items: ReadonlyArray<SinkItem>, checkpoint: C, expected: number): Promise<E.Either<SinkError, number>> => {
    if (!Number.isSafeInteger(expected) || expected < 0) return E.left(storeFailure(store, `expected revision ${String(expected)} is not a whole number ≥ 0`));
    // `n` counts the rows kept, not the position in the batch: the stored count grows by the rows
    // kept, so numbering by position would give the next batch numbers this one already used.
    const rows: Array<{ n: number; identity: string; update_id: string; migration_id: number | null; record_time: string | null; offset: string | null; kind: string; item: SinkItem }> = [];
    for (const item of items) {
      const key = itemIdentity(item);
      if (key !== undefined) rows.push({ n: rows.length + 1, identity: key.identity, update_id: key.updateId, migration_id: key.migrationId, record_time: key.recordTime || null, offset: key.offset, kind: key.kind, item });
    }
    // One statement, so one round trip and its own transaction: the fence (moving the checkpoint
    // row from the expected revision) and the insert of the batch are parts of it, and the insert
    // takes its rows from the fence's result, so nothing is inserted when the fence fails. A
    // writer that lost the race waits on the row lock, then finds the revision moved.
    const write = async (t: Tables): Promise<E.Either<SinkError, number>> => {
      const fence =
        expected === 0
          ? `INSERT INTO ${t.checkpoints} (stream, checkpoint, revision, items) VALUES ($1, $2::jsonb, $4::bigint + 1, $3::bigint)
             ON CONFLICT (stream) DO NOTHING RETURNING 0::bigint AS base`
          : `UPDATE ${t.checkpoints} SET checkpoint = $2::jsonb, revision = revision + 1, items = items + $3::bigint, updated_at = now()
             WHERE stream = $1 AND revision = $4::bigint RETURNING items - $3::bigint AS base`;
      const insert =
        rows.length === 0
          ? ''
          : `, stored AS (
               INSERT INTO ${t.items} (stream, seq, identity, update_id, migration_id, record_time, "offset", kind, item)
               SELECT $1, moved.base + x.n, x.identity, x.update_id, x.migration_id, x.record_time, x."offset", x.kind, x.item
               FROM moved, jsonb_to_recordset($5::jsonb) AS x(n bigint, identity text, update_id text, migration_id bigint, record_time timestamptz, "offset" text, kind text, item jsonb)
               ON CONFLICT (stream, identity) DO NOTHING)`;
      const params = [stream, JSON.stringify(checkpoint), rows.length, expected, ...(rows.length === 0 ? [] : [JSON.stringify(rows)])];
      const moved = await db.query(`WITH moved AS (${fence})${insert} SELECT count(*)::int AS n FROM moved`, params);
      if (Number((moved.rows[0] as { n: unknown } | undefined)?.n) === 1) return E.right(expected + 1);
      const found = await db.query(`SELECT revision::float8 AS revision FROM ${t.checkpoints} WHERE stream = $1`, [stream]);
      throw new Fenced(revisionOf(found.rows as Array<{ revision?: unknown }>));
    };
    return guarded('cannot commit', write, expected);
  };

  const createSchema = () =>
    guarded('cannot create the tables', async (t): Promise<E.Either<SinkError, void>> => {
      // CREATE ... IF NOT EXISTS is not atomic: two sessions creating the same table at once both
      // pass the check and one fails in the catalogue (pg_type_typname_nsp_index). A session lock
      // keyed by the tables serialises them; it is let go even when a statement fails, and
      // PostgreSQL drops it with the session if the process dies.
      const [lock, unlock] = schemaLockStatements(t);
      await db.query(lock);
      try {
        for (const statement of schemaStatements(t)) await db.query(statement);
        await db.query(lz4Statement(t)).catch(() => undefined);
      } finally {
        await db.query(unlock).catch(() => undefined);
      }
      return E.right(undefined);
    });

  return {
    load,
    commit,
    save: (checkpoint, expected) => commit([], checkpoint, expected),
    createSchema,
    tables: typeof tables === 'string' ? { items: '', checkpoints: '' } : { items: tables.items, checkpoints: tables.checkpoints },
  };
};
