import type { EventRow, HistoryRows, UpdateRow } from '../analytics/HistoryRows.js';
import type { DuckDBAppenderLike, DuckDBConnectionLike } from './DuckDBConnectionLike.js';

/** DuckDB's `VARCHAR[]` type, for the appender's lists: it cannot tell an empty list's item type. */
let listOfVarchar: unknown;

const loadListType = async (): Promise<unknown> => {
  if (listOfVarchar === undefined) {
    const duckdb = await import('@duckdb/node-api');
    listOfVarchar = duckdb.LIST(duckdb.VARCHAR);
  }
  return listOfVarchar;
};

const text = (a: DuckDBAppenderLike, v: string | null): void => (v === null ? a.appendNull() : a.appendVarchar(v));

const whole = (a: DuckDBAppenderLike, v: number | null): void => {
  if (v === null) a.appendNull();
  else if (v >= -2147483648 && v <= 2147483647) a.appendInteger(v);
  else a.appendBigInt(BigInt(v));
};

const list = (a: DuckDBAppenderLike, v: ReadonlyArray<string> | null, type: unknown): void => (v === null ? a.appendNull() : a.appendList(v, type as never));

/** JSON text; a value absent is SQL NULL, a JSON `null` stays the JSON text `null`. Answers the length stored. */
const json = (a: DuckDBAppenderLike, v: unknown): number => {
  if (v === undefined) {
    a.appendNull();
    return 0;
  }
  const s = JSON.stringify(v);
  a.appendVarchar(s);
  return s.length;
};

// The columns in `historyColumns` order; timestamps and days go as text, cast by DuckDB's own
// parser on the way in (microseconds kept: the rows hold exactly six digits, UTC).
const appendUpdate = (a: DuckDBAppenderLike, r: UpdateRow): void => {
  a.appendVarchar(r.update_id);
  whole(a, r.migration_id);
  text(a, r.synchronizer_id);
  a.appendVarchar(r.record_time);
  text(a, r.effective_at);
  a.appendVarchar(r.day);
  text(a, r.offset);
  a.appendVarchar(r.kind);
  text(a, r.workflow_id);
  a.appendInteger(r.event_count);
  text(a, r.external_transaction_hash);
  text(a, r.note);
  a.endRow();
};

const appendEvent = (a: DuckDBAppenderLike, r: EventRow, listType: unknown): number => {
  a.appendVarchar(r.update_id);
  whole(a, r.migration_id);
  a.appendVarchar(r.event_id);
  whole(a, r.node_id);
  a.appendInteger(r.event_index);
  a.appendVarchar(r.kind);
  text(a, r.package_name);
  text(a, r.module_name);
  text(a, r.entity_name);
  text(a, r.package_id);
  text(a, r.choice);
  text(a, r.interface_id);
  text(a, r.contract_id);
  if (r.consuming === null) a.appendNull();
  else a.appendBoolean(r.consuming);
  list(a, r.acting_parties, listType);
  list(a, r.signatories, listType);
  list(a, r.observers, listType);
  const bytes = json(a, r.payload) + json(a, r.exercise_result);
  a.appendVarchar(r.record_time);
  a.appendVarchar(r.day);
  a.endRow();
  return bytes + 200;
};

/**
 * Appends rows to the `updates` and `events` tables (or tables of the same columns) through
 * DuckDB's appender, in the connection's transaction when one is open; answers about how many
 * bytes the rows hold (their JSON and a fixed share per row), for the Parquet writer's file size.
 * @example
 * ```ts
 * const bytes = await appendHistoryRows(db, { updates: 'updates', events: 'events' }, flattenUpdates(items));
 * ```
 * @internal
 */
export const appendHistoryRows = async (db: DuckDBConnectionLike, tables: { readonly updates: string; readonly events: string }, rows: HistoryRows): Promise<number> => {
  const listType = await loadListType();
  let bytes = 0;
  if (rows.updates.length > 0) {
    const a = await db.createAppender(tables.updates);
    try {
      for (const r of rows.updates) appendUpdate(a, r);
    } finally {
      a.closeSync();
    }
    bytes += rows.updates.length * 200;
  }
  if (rows.events.length > 0) {
    const a = await db.createAppender(tables.events);
    try {
      for (const r of rows.events) bytes += appendEvent(a, r, listType);
    } finally {
      a.closeSync();
    }
  }
  return bytes;
};
