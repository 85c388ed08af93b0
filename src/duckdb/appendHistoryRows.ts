import type { BalanceChangeRow, EventRow, HistoryRows, TransferRow, UpdateRow } from '../analytics/HistoryRows.js';
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

/** Elements DuckDB's cast of text to `VARCHAR[]` reads back exactly from their JSON form: no quote, backslash or control character (their escapes differ from JSON's). */
const PLAIN = /^[^\u0000-\u001f"\\]*$/;

/**
 * A list. The appender's list value costs a native value an element (about 15 µs a list, most of
 * a page's time); the same list as text (`["a","b"]`), cast by DuckDB when the rows are flushed,
 * costs one call. Text only when every element reads back exactly; else the list value.
 */
const list = (a: DuckDBAppenderLike, v: ReadonlyArray<string> | null, type: unknown): void => {
  if (v === null) return a.appendNull();
  for (const s of v) if (!PLAIN.test(s)) return a.appendList(v, type as never);
  a.appendVarchar(JSON.stringify(v));
};

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

// Amounts go as their decimal text: DuckDB's cast of text to DECIMAL(38,10) is exact (no float between).
const appendTransfer = (a: DuckDBAppenderLike, r: TransferRow): number => {
  a.appendVarchar(r.update_id);
  whole(a, r.migration_id);
  a.appendVarchar(r.event_id);
  a.appendVarchar(r.record_time);
  a.appendVarchar(r.day);
  whole(a, r.round);
  a.appendVarchar(r.via);
  a.appendVarchar(r.sender);
  text(a, r.provider);
  a.appendVarchar(r.input_amulet);
  a.appendVarchar(r.input_app_rewards);
  a.appendVarchar(r.input_validator_rewards);
  a.appendVarchar(r.input_sv_rewards);
  a.appendVarchar(r.input_validator_faucet);
  a.appendVarchar(r.input_unclaimed_activity);
  a.appendVarchar(r.input_development_fund);
  a.appendInteger(r.output_count);
  a.appendVarchar(r.output_amount);
  a.appendVarchar(r.sender_change);
  a.appendVarchar(r.fee_holding);
  a.appendVarchar(r.fee_outputs);
  a.appendVarchar(r.fee_sender_change);
  a.appendVarchar(r.fees_burned);
  a.appendVarchar(r.amulet_price);
  const bytes = json(a, r.outputs);
  a.endRow();
  return bytes + 400;
};

const appendBalanceChange = (a: DuckDBAppenderLike, r: BalanceChangeRow): number => {
  a.appendVarchar(r.update_id);
  whole(a, r.migration_id);
  a.appendVarchar(r.event_id);
  a.appendVarchar(r.record_time);
  a.appendVarchar(r.day);
  whole(a, r.round);
  a.appendVarchar(r.party);
  a.appendVarchar(r.amount);
  a.appendVarchar(r.reason);
  a.endRow();
  return 250;
};

/** The tables rows go to, by the appender's (unquoted) names; the activity tables when asked for. */
export interface HistoryTargets {
  readonly updates: string;
  readonly events: string;
  readonly transfers?: string;
  readonly balance_changes?: string;
}

/** Appends `rows` to `table` with one appender, answering the bytes `one` counts. */
const appendAll = async <R>(db: DuckDBConnectionLike, table: string | undefined, rows: ReadonlyArray<R> | undefined, one: (a: DuckDBAppenderLike, r: R) => number): Promise<number> => {
  if (table === undefined || rows === undefined || rows.length === 0) return 0;
  let bytes = 0;
  const a = await db.createAppender(table);
  try {
    for (const r of rows) bytes += one(a, r);
  } finally {
    a.closeSync();
  }
  return bytes;
};

/**
 * Appends rows to the `updates` and `events` tables (or tables of the same columns), and to the
 * `transfers` and `balance_changes` tables when `tables` names them, through DuckDB's appender,
 * in the connection's transaction when one is open; answers about how many bytes the rows hold
 * (their JSON and a fixed share per row), for the Parquet writer's file size.
 * @example
 * ```ts
 * const bytes = await appendHistoryRows(db, { updates: 'updates', events: 'events' }, flattenUpdates(items));
 * ```
 * @internal
 */
export const appendHistoryRows = async (db: DuckDBConnectionLike, tables: HistoryTargets, rows: HistoryRows): Promise<number> => {
  const listType = await loadListType();
  const updates = await appendAll(db, tables.updates, rows.updates, (a, r: UpdateRow) => {
    appendUpdate(a, r);
    return 200;
  });
  const events = await appendAll(db, tables.events, rows.events, (a, r: EventRow) => appendEvent(a, r, listType));
  const transfers = await appendAll(db, tables.transfers, rows.transfers, appendTransfer);
  const changes = await appendAll(db, tables.balance_changes, rows.balance_changes, appendBalanceChange);
  return updates + events + transfers + changes;
};
