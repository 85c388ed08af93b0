/**
 * One column of an analytics table: its name and its SQL type (DuckDB's; the Parquet files carry
 * the same types: `TIMESTAMPTZ` is Parquet's `TIMESTAMP(MICROS, isAdjustedToUTC)`, `JSON` a UTF-8
 * string with the JSON logical type, `VARCHAR[]` a list of strings).
 * @category Analytics
 * @since 0.5.0
 */
export interface HistoryColumn {
  readonly name: string;
  readonly type: string;
}

/**
 * The columns of the tables the writers of canton-rx/duckdb make, in order (docs/analytics.md
 * describes each): `updates` (one row per update) and `events` (one row per event), as
 * `flattenUpdates` fills them. Timestamps are `TIMESTAMPTZ` (microseconds, UTC), never text or
 * floats; amounts, where a table has them, `DECIMAL(38,10)`.
 * @example
 * ```ts
 * import { historyColumns } from 'canton-rx';
 * const ddl = `CREATE TABLE events (${historyColumns.events.map((c) => `${c.name} ${c.type}`).join(', ')})`;
 * ```
 * @category Analytics
 * @since 0.5.0
 */
export const historyColumns: { readonly updates: ReadonlyArray<HistoryColumn>; readonly events: ReadonlyArray<HistoryColumn> } = {
  updates: [
    { name: 'update_id', type: 'VARCHAR' },
    { name: 'migration_id', type: 'BIGINT' },
    { name: 'synchronizer_id', type: 'VARCHAR' },
    { name: 'record_time', type: 'TIMESTAMPTZ' },
    { name: 'effective_at', type: 'TIMESTAMPTZ' },
    { name: 'day', type: 'DATE' },
    { name: 'offset', type: 'VARCHAR' },
    { name: 'kind', type: 'VARCHAR' },
    { name: 'workflow_id', type: 'VARCHAR' },
    { name: 'event_count', type: 'INTEGER' },
    { name: 'external_transaction_hash', type: 'VARCHAR' },
    { name: 'note', type: 'VARCHAR' },
  ],
  events: [
    { name: 'update_id', type: 'VARCHAR' },
    { name: 'migration_id', type: 'BIGINT' },
    { name: 'event_id', type: 'VARCHAR' },
    { name: 'node_id', type: 'INTEGER' },
    { name: 'event_index', type: 'INTEGER' },
    { name: 'kind', type: 'VARCHAR' },
    { name: 'package_name', type: 'VARCHAR' },
    { name: 'module_name', type: 'VARCHAR' },
    { name: 'entity_name', type: 'VARCHAR' },
    { name: 'package_id', type: 'VARCHAR' },
    { name: 'choice', type: 'VARCHAR' },
    { name: 'interface_id', type: 'VARCHAR' },
    { name: 'contract_id', type: 'VARCHAR' },
    { name: 'consuming', type: 'BOOLEAN' },
    { name: 'acting_parties', type: 'VARCHAR[]' },
    { name: 'signatories', type: 'VARCHAR[]' },
    { name: 'observers', type: 'VARCHAR[]' },
    { name: 'payload', type: 'JSON' },
    { name: 'exercise_result', type: 'JSON' },
    { name: 'record_time', type: 'TIMESTAMPTZ' },
    { name: 'day', type: 'DATE' },
  ],
};
