import { historyColumns, type HistoryTable } from '../analytics/historyColumns.js';

/**
 * The tables of a DuckDB sink: quoted names and the statements that create them. @internal
 */
export interface DuckDBTables {
  readonly updates: string;
  readonly events: string;
  readonly transfers: string;
  readonly balance_changes: string;
  readonly checkpoints: string;
  /** The appender's names: unquoted (the appender takes a table name, not SQL). */
  readonly appendTo: { readonly updates: string; readonly events: string; readonly transfers: string; readonly balance_changes: string };
}

const PREFIX = /^[a-z_][a-z0-9_]*$|^$/;

/**
 * The tables for a prefix (`<prefix>updates`, `<prefix>events`, `<prefix>transfers`,
 * `<prefix>balance_changes`, `<prefix>canton_rx_checkpoints`),
 * or the reason the prefix is refused (lower-case letters, digits and `_`, so that it is never SQL).
 * @example
 * ```ts
 * const t = duckdbTables('');
 * if (typeof t !== 'string') await db.run(tableStatements(t).join(';'));
 * ```
 * @internal
 */
export const duckdbTables = (prefix: string): DuckDBTables | string => {
  if (!PREFIX.test(prefix)) return `table prefix ${JSON.stringify(prefix)} must be lower-case letters, digits and _`;
  return {
    updates: `"${prefix}updates"`,
    events: `"${prefix}events"`,
    transfers: `"${prefix}transfers"`,
    balance_changes: `"${prefix}balance_changes"`,
    checkpoints: `"${prefix}canton_rx_checkpoints"`,
    appendTo: { updates: `${prefix}updates`, events: `${prefix}events`, transfers: `${prefix}transfers`, balance_changes: `${prefix}balance_changes` },
  };
};

/** `CREATE TABLE IF NOT EXISTS` of a history table's columns (`historyColumns`), under another name (the Parquet writer's staging tables). @internal */
export const createHistoryTable = (name: string, table: HistoryTable, temporary = false): string =>
  `CREATE ${temporary ? 'TEMP ' : ''}TABLE IF NOT EXISTS ${name} (${historyColumns[table].map((c) => `"${c.name}" ${c.type}`).join(', ')})`;
