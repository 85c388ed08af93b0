import { appendFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { historyColumns, type HistoryTable } from '../analytics/historyColumns.js';
import type { HistoryRows } from '../analytics/HistoryRows.js';
import { sqlText } from './sqlText.js';

/** One staged file: the rows of one table and partition, gathered for one Parquet file. */
export interface StagedPart {
  readonly table: HistoryTable;
  /** The migration id, or `ledger`. */
  readonly migration: string;
  readonly day: string;
  readonly path: string;
}

/** The Parquet writer's staging: rows gathered as NDJSON files, one per table and partition. */
export interface NdjsonStage {
  /** Appends the rows of `tables`; answers the bytes written. */
  add(rows: HistoryRows, tables: ReadonlyArray<HistoryTable>): Promise<number>;
  /** The files gathered so far, in the order they were started. */
  parts(): ReadonlyArray<StagedPart>;
  /** The query that reads a staged file with every column of its table's type (JSON checked, decimals and times exact). */
  select(part: StagedPart): string;
  /** Closes and removes the files gathered. */
  clear(): Promise<void>;
}


/** The JSON columns of each table. */
const JSON_COLUMNS: { readonly [T in HistoryTable]: ReadonlyArray<string> } = {
  updates: historyColumns.updates.filter((c) => c.type === 'JSON').map((c) => c.name),
  events: historyColumns.events.filter((c) => c.type === 'JSON').map((c) => c.name),
  transfers: historyColumns.transfers.filter((c) => c.type === 'JSON').map((c) => c.name),
  balance_changes: historyColumns.balance_changes.filter((c) => c.type === 'JSON').map((c) => c.name),
};

/**
 * A row as one NDJSON line. A JSON column's value goes inside a one-element array (`[v]`) and is
 * taken out by the query (`json_extract(c, '$[0]')`): so it is serialised once, not as text in
 * text, and a JSON `null` stays the JSON `null` while a missing value (key left out) is SQL NULL.
 */
const lineOf = (row: object, json: ReadonlyArray<string>): string => {
  if (json.length === 0) return JSON.stringify(row);
  const copy: Record<string, unknown> = { ...row };
  for (const c of json) if (copy[c] !== undefined) copy[c] = [copy[c]];
  return JSON.stringify(copy);
};

const readJson = (table: HistoryTable, path: string): string => {
  const columns = `{${historyColumns[table].map((c) => `'${c.name}': '${c.type}'`).join(', ')}}`;
  const select = historyColumns[table].map((c) => (c.type === 'JSON' ? `json_extract("${c.name}", '$[0]') AS "${c.name}"` : `"${c.name}"`)).join(', ');
  return `SELECT ${select} FROM read_json(${sqlText(path)}, format = 'newline_delimited', columns = ${columns}, maximum_object_size = 1073741824)`;
};

/**
 * The Parquet writer's staging: each commit's rows appended as NDJSON to a file per table and
 * partition (migration, day) in a folder of its own under `root` (the system's temporary
 * folder by default), which DuckDB's `read_json` reads into `COPY` when the files are written.
 * Why not the appender into a table: it crosses into DuckDB once a value (a list: once an
 * element), where one `JSON.stringify` a row and DuckDB's own parser, in its own threads, cost a
 * fraction; and the rows gathered for a file stay on disk, not in memory. A crash leaves at most
 * this folder (the rows are read again after the manifest's checkpoint).
 * @example
 * ```ts
 * const stage = ndjsonStage();
 * await stage.add(flattenUpdates(items), ['updates', 'events']);
 * for (const p of stage.parts()) await db.run(`COPY (${stage.select(p)}) TO 'x.parquet' (FORMAT parquet)`);
 * await stage.clear();
 * ```
 * @internal
 */
export const ndjsonStage = (root: string = tmpdir()): NdjsonStage => {
  let folder: string | undefined;
  // No file is held open between commits: a writer dropped without a flush leaks no descriptor.
  const files = new Map<string, StagedPart>();

  const fileOf = async (table: HistoryTable, migration: string, day: string) => {
    const key = `${table}/${migration}/${day}`;
    const known = files.get(key);
    if (known !== undefined) return known;
    folder ??= await mkdtemp(join(root, 'canton-rx-stage-'));
    const path = join(folder, `${files.size}.ndjson`);
    const part = { table, migration, day, path };
    files.set(key, part);
    return part;
  };

  const add = async (rows: HistoryRows, tables: ReadonlyArray<HistoryTable>): Promise<number> => {
    let bytes = 0;
    for (const table of tables) {
      const list = rows[table] as ReadonlyArray<{ readonly migration_id: number | null; readonly day: string }> | undefined;
      if (list === undefined || list.length === 0) continue;
      const json = JSON_COLUMNS[table];
      // A page's rows are mostly of one partition: lines gathered per partition, one write each.
      const lines = new Map<string, { migration: string; day: string; text: string[] }>();
      for (const row of list) {
        const migration = row.migration_id === null ? 'ledger' : String(row.migration_id);
        const key = `${migration}/${row.day}`;
        let at = lines.get(key);
        if (at === undefined) lines.set(key, (at = { migration, day: row.day, text: [] }));
        at.text.push(lineOf(row, json));
      }
      for (const { migration, day, text } of lines.values()) {
        const chunk = text.join('\n') + '\n';
        // One synchronous append a partition and commit: a page's chunk lands in the page cache in
        // a fraction of a millisecond, where the promise form's open, write and close (three trips
        // through the thread pool) measured about 1 ms each, more than half of a commit.
        appendFileSync((await fileOf(table, migration, day)).path, chunk);
        bytes += chunk.length;
      }
    }
    return bytes;
  };

  const clear = async () => {
    files.clear();
    if (folder !== undefined) await rm(folder, { recursive: true, force: true });
    folder = undefined;
  };

  return {
    add,
    parts: () => [...files.values()],
    select: (part) => readJson(part.table, part.path),
    clear,
  };
};
