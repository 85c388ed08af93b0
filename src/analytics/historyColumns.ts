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
 * The tables of the history: `updates` and `events` always; `transfers` and `balance_changes`
 * when the writers are asked for the activity tables (`activity: true`).
 * @category Analytics
 * @since 0.5.0
 */
export type HistoryTable = 'updates' | 'events' | 'transfers' | 'balance_changes';

/**
 * The columns of the tables the writers of canton-rx/duckdb make, in order (docs/analytics.md
 * describes each): `updates` (one row per update) and `events` (one row per event), as
 * `flattenUpdates` fills them, and the optional `transfers` (one row per transfer) and
 * `balance_changes` (one row per party and action) read from Scan's activity. Timestamps are `TIMESTAMPTZ` (microseconds, UTC), never text or
 * floats; amounts `DECIMAL(38,10)`, exact.
 * @example
 * ```ts
 * import { historyColumns } from 'canton-rx';
 * const ddl = `CREATE TABLE events (${historyColumns.events.map((c) => `${c.name} ${c.type}`).join(', ')})`;
 * ```
 * @category Analytics
 * @since 0.5.0
 */
export const historyColumns: { readonly [T in HistoryTable]: ReadonlyArray<HistoryColumn> } = {
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
  transfers: [
    { name: 'update_id', type: 'VARCHAR' },
    { name: 'migration_id', type: 'BIGINT' },
    { name: 'event_id', type: 'VARCHAR' },
    { name: 'record_time', type: 'TIMESTAMPTZ' },
    { name: 'day', type: 'DATE' },
    { name: 'round', type: 'BIGINT' },
    { name: 'via', type: 'VARCHAR' },
    { name: 'sender', type: 'VARCHAR' },
    { name: 'provider', type: 'VARCHAR' },
    { name: 'input_amulet', type: 'DECIMAL(38,10)' },
    { name: 'input_app_rewards', type: 'DECIMAL(38,10)' },
    { name: 'input_validator_rewards', type: 'DECIMAL(38,10)' },
    { name: 'input_sv_rewards', type: 'DECIMAL(38,10)' },
    { name: 'input_validator_faucet', type: 'DECIMAL(38,10)' },
    { name: 'input_unclaimed_activity', type: 'DECIMAL(38,10)' },
    { name: 'input_development_fund', type: 'DECIMAL(38,10)' },
    { name: 'output_count', type: 'INTEGER' },
    { name: 'output_amount', type: 'DECIMAL(38,10)' },
    { name: 'sender_change', type: 'DECIMAL(38,10)' },
    { name: 'fee_holding', type: 'DECIMAL(38,10)' },
    { name: 'fee_outputs', type: 'DECIMAL(38,10)' },
    { name: 'fee_sender_change', type: 'DECIMAL(38,10)' },
    { name: 'fees_burned', type: 'DECIMAL(38,10)' },
    { name: 'amulet_price', type: 'DECIMAL(38,10)' },
    { name: 'outputs', type: 'JSON' },
  ],
  balance_changes: [
    { name: 'update_id', type: 'VARCHAR' },
    { name: 'migration_id', type: 'BIGINT' },
    { name: 'event_id', type: 'VARCHAR' },
    { name: 'record_time', type: 'TIMESTAMPTZ' },
    { name: 'day', type: 'DATE' },
    { name: 'round', type: 'BIGINT' },
    { name: 'party', type: 'VARCHAR' },
    { name: 'amount', type: 'DECIMAL(38,10)' },
    { name: 'reason', type: 'VARCHAR' },
  ],
};
