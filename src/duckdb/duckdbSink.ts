import * as E from 'fp-ts/lib/Either.js';
import { flattenUpdates } from '../analytics/flattenUpdates.js';
import type { StoredCheckpoint } from '../checkpoints/CheckpointStore.js';
import { checkpointConflict, storeFailure, type SinkError } from '../checkpoints/SinkError.js';
import type { Sink, SinkItem } from '../sinks/Sink.js';
import type { Checkpoint } from '../streams/checkpoints.js';
import { appendHistoryRows } from './appendHistoryRows.js';
import type { DuckDBConnectionLike } from './DuckDBConnectionLike.js';
import { createHistoryTable, duckdbTables, type DuckDBTables } from './duckdbTables.js';

/**
 * Options of `duckdbSink`.
 * @category Analytics
 * @since 0.5.0
 */
export interface DuckDBSinkOptions {
  /** The connection (`@duckdb/node-api`): one writer's, since a commit is one transaction of it. */
  readonly db: DuckDBConnectionLike;
  /** The name of this feed: its checkpoint row (one writer per name). */
  readonly stream: string;
  /** Prefix of the tables `<prefix>updates`, `<prefix>events`, `<prefix>canton_rx_checkpoints` (default none). */
  readonly tablePrefix?: string;
  /** Also fill the tables `transfers` and `balance_changes`, read from Scan's activity (`activityOf`; default false). */
  readonly activity?: boolean;
}

/**
 * A DuckDB sink, with `createSchema` to create its tables.
 * @category Analytics
 * @since 0.5.0
 */
export interface DuckDBSink<C extends Checkpoint = Checkpoint> extends Sink<C> {
  /** Creates the tables when missing (docs/analytics.md lists their columns). Safe on every start. */
  createSchema(): Promise<E.Either<SinkError, void>>;
  /** The quoted table names, for queries of your own (`transfers` and `balance_changes` are made with `activity: true`). */
  readonly tables: { readonly updates: string; readonly events: string; readonly transfers: string; readonly balance_changes: string; readonly checkpoints: string };
}

/** Thrown inside a transaction to roll it back: another writer holds the revision. */
class Fenced {
  constructor(readonly actual: number | undefined) {}
}

/**
 * DuckDB's optimistic concurrency: a transaction that wrote a row another committed meanwhile
 * fails with a conflict; two first commits that both inserted the checkpoint row fail on its key
 * (the only key of the three tables).
 */
const isWriteConflict = (e: unknown): boolean => /conflict|duplicate key/i.test(String((e as { message?: unknown } | null)?.message ?? ''));

/**
 * A DuckDB sink for `drainInto`: each commit flattens its updates (`flattenUpdates`), appends the
 * rows to `updates` and `events` (and, with `activity: true`, `transfers` and `balance_changes`) through DuckDB's appender (not statement by statement) and moves
 * the stream's row of `canton_rx_checkpoints`, in one transaction: a crash at any instant (even
 * SIGKILL) leaves the tables at a commit boundary, and the next run resumes after it, no row lost
 * or stored twice. Fenced like the other sinks: the transaction moves the checkpoint row from the
 * expected revision to the next, and when it finds another revision, or DuckDB reports that
 * another connection wrote it meanwhile, it rolls back and answers a `CheckpointConflict`.
 * DuckDB lets one process open a database file for writing: a second process gets an error when
 * it opens it, before any sink. `@duckdb/node-api` is an optional peer dependency: pass the
 * connection. Expected failures are `Left`s; nothing throws.
 *
 * @example
 * ```ts
 * import { createClient, drainInto, type ScanCheckpoint } from 'canton-rx';
 * import { duckdbSink } from 'canton-rx/duckdb';
 * import { DuckDBInstance } from '@duckdb/node-api';
 *
 * const db = await (await DuckDBInstance.create('history.duckdb')).connect();
 * const sink = duckdbSink<ScanCheckpoint>({ db, stream: 'scan-mainnet' });
 * await sink.createSchema();
 * const client = createClient({ scan: { url: 'https://scan.example.com/api/scan' } });
 * drainInto(sink, (from, pull) => client.scan.pages.updates({ page_size: 500 }, { from, pull })).subscribe(console.log);
 * ```
 * @category Analytics
 * @since 0.5.0
 */
export const duckdbSink = <C extends Checkpoint = Checkpoint>(options: DuckDBSinkOptions): DuckDBSink<C> => {
  const { db, stream } = options;
  const activity = options.activity === true;
  const store = `duckdb:${stream}`;
  const tables = duckdbTables(options.tablePrefix ?? '');

  const guarded = async <A>(what: string, run: (t: DuckDBTables) => Promise<E.Either<SinkError, A>>, expected = 0): Promise<E.Either<SinkError, A>> => {
    if (typeof tables === 'string') return E.left(storeFailure(store, tables));
    if (typeof stream !== 'string' || stream.length === 0) return E.left(storeFailure(store, 'stream must be a non-empty name'));
    try {
      return await run(tables);
    } catch (e) {
      if (e instanceof Fenced) return E.left(checkpointConflict(store, expected, e.actual, 'the checkpoint moved on'));
      if (isWriteConflict(e)) return E.left(checkpointConflict(store, expected, undefined, 'another connection wrote the checkpoint'));
      return E.left(storeFailure(store, what, e));
    }
  };

  const revisionNow = async (t: DuckDBTables): Promise<number | undefined> => {
    const rows = (await db.runAndReadAll(`SELECT revision FROM ${t.checkpoints} WHERE stream = $1`, [stream])).getRowObjectsJson();
    return rows[0] === undefined ? undefined : Number(rows[0].revision);
  };

  const load = () =>
    guarded('cannot load the checkpoint', async (t): Promise<E.Either<SinkError, StoredCheckpoint<C>>> => {
      const rows = (await db.runAndReadAll(`SELECT checkpoint::VARCHAR AS checkpoint, revision FROM ${t.checkpoints} WHERE stream = $1`, [stream])).getRowObjectsJson();
      const row = rows[0];
      if (row === undefined) return E.right({ checkpoint: undefined, revision: 0 });
      return E.right({ checkpoint: JSON.parse(String(row.checkpoint)) as C, revision: Number(row.revision) });
    });

  const commit = async (items: ReadonlyArray<SinkItem>, checkpoint: C, expected: number): Promise<E.Either<SinkError, number>> => {
    if (!Number.isSafeInteger(expected) || expected < 0) return E.left(storeFailure(store, `expected revision ${String(expected)} is not a whole number ≥ 0`));
    const rows = flattenUpdates(items, { activity });
    return guarded(
      'cannot commit',
      async (t) => {
        await db.run('BEGIN TRANSACTION');
        try {
          const moved =
            expected === 0
              ? await db.run(`INSERT INTO ${t.checkpoints} (stream, checkpoint, revision, items) VALUES ($1, $2, 1, $3) ON CONFLICT DO NOTHING`, [stream, JSON.stringify(checkpoint), rows.updates.length])
              : await db.run(`UPDATE ${t.checkpoints} SET checkpoint = $2, revision = revision + 1, items = items + $3, updated_at = now() WHERE stream = $1 AND revision = $4`, [stream, JSON.stringify(checkpoint), rows.updates.length, expected]);
          if (Number(moved.rowsChanged) !== 1) throw new Fenced(await revisionNow(t));
          await appendHistoryRows(db, activity ? t.appendTo : { updates: t.appendTo.updates, events: t.appendTo.events }, rows);
          await db.run('COMMIT');
        } catch (e) {
          await db.run('ROLLBACK').catch(() => undefined);
          throw e;
        }
        return E.right(expected + 1);
      },
      expected,
    );
  };

  const createSchema = () =>
    guarded('cannot create the tables', async (t): Promise<E.Either<SinkError, void>> => {
      await db.run(createHistoryTable(t.updates, 'updates'));
      await db.run(createHistoryTable(t.events, 'events'));
      if (activity) {
        await db.run(createHistoryTable(t.transfers, 'transfers'));
        await db.run(createHistoryTable(t.balance_changes, 'balance_changes'));
      }
      await db.run(`CREATE TABLE IF NOT EXISTS ${t.checkpoints} (stream VARCHAR PRIMARY KEY, checkpoint JSON NOT NULL, revision BIGINT NOT NULL, items BIGINT NOT NULL, updated_at TIMESTAMPTZ DEFAULT now())`);
      return E.right(undefined);
    });

  return {
    load,
    commit,
    save: (checkpoint, expected) => commit([], checkpoint, expected),
    createSchema,
    tables:
      typeof tables === 'string'
        ? { updates: '', events: '', transfers: '', balance_changes: '', checkpoints: '' }
        : { updates: tables.updates, events: tables.events, transfers: tables.transfers, balance_changes: tables.balance_changes, checkpoints: tables.checkpoints },
  };
};
