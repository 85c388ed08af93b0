import { mkdir, open, readdir, rename, unlink } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { dirname, join } from 'node:path';
import * as E from 'fp-ts/lib/Either.js';
import { flattenUpdates } from '../analytics/flattenUpdates.js';
import type { StoredCheckpoint } from '../checkpoints/CheckpointStore.js';
import { fileManifestStore } from '../checkpoints/fileManifestStore.js';
import { checkpointConflict, storeFailure, type SinkError } from '../checkpoints/SinkError.js';
import type { Sink, SinkItem } from '../sinks/Sink.js';
import type { Checkpoint } from '../streams/checkpoints.js';
import type { DuckDBConnectionLike } from './DuckDBConnectionLike.js';
import { ndjsonStage } from './ndjsonStage.js';
import type { HistoryTable } from '../analytics/historyColumns.js';
import { sqlText } from './sqlText.js';

/**
 * Options of `parquetSink`.
 * @category Analytics
 * @since 0.5.0
 */
export interface ParquetSinkOptions {
  /** A DuckDB connection (`@duckdb/node-api`, an in-memory instance is enough): it reads the rows gathered and writes the files with `COPY`. */
  readonly db: DuckDBConnectionLike;
  /** The folder of the files (created when missing). */
  readonly dir: string;
  /** The name of this feed: its manifest `_canton_rx/<stream>.json` and the suffix of its files (one writer per name; several feeds may share a folder). */
  readonly stream: string;
  /** Rows (updates and events) gathered before the files are written (default 500 000). */
  readonly maxRows?: number;
  /** About this many bytes of rows (their JSON, and 200 a row) gathered before the files are written (default 128 MiB). */
  readonly maxBytes?: number;
  /** Files are written at the first commit this long after the oldest row gathered (default 60 000 ms), so that a tailing feed's rows reach the files. */
  readonly maxAgeMs?: number;
  /** The files' compression (default `snappy`, which every Parquet reader has; `zstd` is smaller, not every reader has it). */
  readonly compression?: 'snappy' | 'zstd' | 'uncompressed';
  /** Also write the tables `transfers/` and `balance_changes/`, read from Scan's activity (`activityOf`; default false). */
  readonly activity?: boolean;
  /** Where the rows of the files being filled are gathered, as NDJSON, until they are written (default: the system's temporary folder). */
  readonly stageDir?: string;
}

/**
 * A Parquet writer, with `createSchema` to create its folder and `flush` to write what it gathered.
 * @category Analytics
 * @since 0.5.0
 */
export interface ParquetSink<C extends Checkpoint = Checkpoint> extends Sink<C> {
  /** Creates the folder and its `_canton_rx` folder of manifests when missing. Safe on every start. */
  createSchema(): Promise<E.Either<SinkError, void>>;
  /** Writes the rows gathered into files and commits them with the last checkpoint (`drainInto` calls it at the stream's end). */
  flush(): Promise<E.Either<SinkError, void>>;
  /** The files committed so far, relative to `dir` (read before a writer's first commit: what the manifest names). */
  files(): ReadonlyArray<string>;
}

/** What the manifest holds beside the checkpoint. */
interface Manifest {
  readonly files: ReadonlyArray<string>;
  readonly nextPart: number;
}

const ALL_TABLES: ReadonlyArray<HistoryTable> = ['updates', 'events', 'transfers', 'balance_changes'];

const syncPath = async (path: string, flags: 'r' | 'r+'): Promise<void> => {
  const handle = await open(path, flags);
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
};

/** Every file under a folder, as paths relative to it (none when it does not exist). */
const filesUnder = async (root: string, at = ''): Promise<string[]> => {
  const entries = await readdir(join(root, at), { withFileTypes: true }).catch(() => []);
  const nested = await Promise.all(entries.map((e) => (e.isDirectory() ? filesUnder(root, join(at, e.name)) : Promise.resolve([join(at, e.name)]))));
  return nested.flat();
};

/**
 * A Parquet writer for `drainInto`: the rows of `flattenUpdates` in a folder of files partitioned
 * by migration and day, `events/migration=4/day=2026-11-25/part-000123-<stream>.parquet` (and
 * `updates/...`, and with `activity: true` `transfers/...` and `balance_changes/...`;
 * `migration=ledger` for a ledger feed), written by DuckDB's `COPY` (snappy by default). Many
 * pages go into one file: commits gather rows as NDJSON files (`stageDir`, read by DuckDB's `read_json`) until
 * `maxRows`, `maxBytes` or `maxAgeMs`, or the stream's end (`flush`). Then each file is written
 * under a temporary name, flushed to disk, and renamed into place while the manifest's lock is
 * held, and the manifest (`_canton_rx/<stream>.json`: the files committed and the checkpoint
 * after their last row, replaced by an atomic rename, see `fileCheckpointStore`) is written. A
 * crash at any instant leaves no half file and no row twice: files not yet in the manifest are
 * removed by the next run's `load`, which resumes after the manifest's checkpoint (the rows
 * gathered but not written are read again). Two writers of one stream: the second to write files
 * finds the manifest's revision moved and stops with a `CheckpointConflict`, nothing of its own
 * renamed into place. Readers take the manifest's files, or every `part-*.parquet` when no
 * writer crashed since its last start.
 *
 * @example
 * ```ts
 * import { createClient, drainInto, type ScanCheckpoint } from 'canton-rx';
 * import { parquetSink } from 'canton-rx/duckdb';
 * import { DuckDBInstance } from '@duckdb/node-api';
 *
 * const db = await (await DuckDBInstance.create(':memory:')).connect();
 * const sink = parquetSink<ScanCheckpoint>({ db, dir: './history', stream: 'scan' });
 * await sink.createSchema();
 * const client = createClient({ scan: { url: 'https://scan.example.com/api/scan' } });
 * drainInto(sink, (from, pull) => client.scan.pages.updates({ page_size: 500 }, { from, pull })).subscribe(console.log);
 * ```
 * @category Analytics
 * @since 0.5.0
 */
export const parquetSink = <C extends Checkpoint = Checkpoint>(options: ParquetSinkOptions): ParquetSink<C> => {
  const { db, dir, stream } = options;
  const key = String(stream).replace(/[^A-Za-z0-9_.-]/g, '_');
  const store = `parquet:${dir}:${stream}`;
  const maxRows = options.maxRows ?? 500_000;
  const maxBytes = options.maxBytes ?? 128 * 1024 * 1024;
  const maxAgeMs = options.maxAgeMs ?? 60_000;
  const compression = options.compression === 'zstd' ? 'zstd' : options.compression === 'uncompressed' ? 'uncompressed' : 'snappy';
  const manifestStore = fileManifestStore<C, Manifest>(join(dir, '_canton_rx', `${key}.json`));
  const activity = options.activity === true;
  // The activity tables' files are written only when asked for; an earlier run's are still this stream's (the orphan sweep reads all four).
  const tablesWritten: ReadonlyArray<HistoryTable> = activity ? ALL_TABLES : ['updates', 'events'];
  const stage = ndjsonStage(options.stageDir);
  const suffix = `-${key}.parquet`;

  let diskRevision = 0;
  let revision = 0;
  let committed: string[] = [];
  let nextPart = 0;
  let pending: C | undefined;
  let rows = 0;
  let bytes = 0;
  let since = 0;

  const guarded = async <A>(what: string, run: () => Promise<E.Either<SinkError, A>>): Promise<E.Either<SinkError, A>> => {
    if (typeof stream !== 'string' || stream.length === 0) return E.left(storeFailure(store, 'stream must be a non-empty name'));
    try {
      return await run();
    } catch (e) {
      return E.left(storeFailure(store, what, e));
    }
  };

  const clearStage = async () => {
    await stage.clear();
    pending = undefined;
    rows = 0;
    bytes = 0;
  };

  /** Removes this stream's files the manifest does not name: a crashed writer's temporary files, and files renamed before its manifest was written. */
  const removeOrphans = async () => {
    const named = new Set(committed);
    for (const t of ALL_TABLES) {
      for (const rel of await filesUnder(dir, t)) {
        const name = rel.slice(rel.lastIndexOf('/') + 1);
        const mine = name.endsWith(suffix) ? !named.has(rel) : name.startsWith('.part-') && name.includes(`-${key}.`) && name.endsWith('.tmp');
        if (mine) await unlink(join(dir, rel)).catch(() => undefined);
      }
    }
  };

  const load = () =>
    guarded('cannot load the manifest', async (): Promise<E.Either<SinkError, StoredCheckpoint<C>>> => {
      // A writer started without createSchema (a backfill worker's slice) makes its folder itself.
      await mkdir(join(dir, '_canton_rx'), { recursive: true });
      const loaded = await manifestStore.load();
      if (E.isLeft(loaded)) return loaded;
      diskRevision = loaded.right.revision;
      revision = diskRevision;
      committed = [...(loaded.right.manifest?.files ?? [])];
      nextPart = loaded.right.manifest?.nextPart ?? 0;
      await clearStage();
      // Under the manifest's lock, so as never to remove the files of a live writer renaming them
      // into place; when a live writer holds it, its own start already cleaned up.
      const cleaned = await manifestStore.withLock(removeOrphans);
      if (E.isLeft(cleaned)) return cleaned;
      return E.right({ checkpoint: loaded.right.checkpoint, revision });
    });

  /** Writes the gathered rows, one file per table and partition, and commits them with the pending checkpoint. */
  const flush = () =>
    guarded('cannot write the files', async (): Promise<E.Either<SinkError, void>> => {
      if (pending === undefined) return E.right(undefined);
      const checkpoint = pending;
      const written: Array<{ tmp: string; rel: string }> = [];
      let part = nextPart;
      try {
        const order = (t: HistoryTable) => ALL_TABLES.indexOf(t);
        const parts = [...stage.parts()].sort((a, b) => order(a.table) - order(b.table) || a.migration.localeCompare(b.migration) || a.day.localeCompare(b.day));
        for (const p of parts) {
          const folder = `${p.table}/migration=${p.migration}/day=${p.day}`;
          const n = String(part++).padStart(6, '0');
          const rel = `${folder}/part-${n}${suffix}`;
          const tmp = join(dir, folder, `.part-${n}-${key}.${randomBytes(4).toString('hex')}.tmp`);
          await mkdir(join(dir, folder), { recursive: true });
          written.push({ tmp, rel });
          await db.run(`COPY (${stage.select(p)}) TO ${sqlText(tmp)} (FORMAT parquet, COMPRESSION ${compression})`);
          await syncPath(tmp, 'r+');
        }
        const files = [...committed, ...written.map((w) => w.rel)];
        const saved = await manifestStore.save(checkpoint, diskRevision, { files, nextPart: part }, async () => {
          for (const w of written) await rename(w.tmp, join(dir, w.rel));
          for (const folder of new Set(written.map((w) => dirname(join(dir, w.rel))))) await syncPath(folder, 'r');
        });
        if (E.isLeft(saved)) {
          for (const w of written) await unlink(w.tmp).catch(() => undefined);
          return saved._tag === 'Left' && saved.left._tag === 'CheckpointConflict' ? E.left(checkpointConflict(store, diskRevision, saved.left.actual, 'another writer committed files of this stream')) : saved;
        }
        diskRevision = saved.right;
        committed = files;
        nextPart = part;
        await clearStage();
        return E.right(undefined);
      } catch (e) {
        for (const w of written) await unlink(w.tmp).catch(() => undefined);
        throw e;
      }
    });

  const commit = (items: ReadonlyArray<SinkItem>, checkpoint: C, expected: number): Promise<E.Either<SinkError, number>> =>
    guarded('cannot gather the rows', async () => {
      if (expected !== revision) return E.left(checkpointConflict(store, expected, revision, 'the checkpoint moved on'));
      const flat = flattenUpdates(items, { activity });
      const count = flat.updates.length + flat.events.length + (flat.transfers?.length ?? 0) + (flat.balance_changes?.length ?? 0);
      bytes += await stage.add(flat, tablesWritten);
      if (rows === 0) since = Date.now();
      rows += count;
      pending = checkpoint;
      revision++;
      if (rows >= maxRows || bytes >= maxBytes || Date.now() - since >= maxAgeMs) {
        const written = await flush();
        if (E.isLeft(written)) return written;
      }
      return E.right(revision);
    });

  const createSchema = () =>
    guarded('cannot create the folder', async (): Promise<E.Either<SinkError, void>> => {
      await mkdir(join(dir, '_canton_rx'), { recursive: true });
      return E.right(undefined);
    });

  return { load, commit, save: (checkpoint, expected) => commit([], checkpoint, expected), flush, createSchema, files: () => committed };
};
