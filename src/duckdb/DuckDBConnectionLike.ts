/**
 * What the writers of canton-rx/duckdb call of a DuckDB connection: a `DuckDBConnection` of
 * `@duckdb/node-api` (`await (await DuckDBInstance.create(path)).connect()`). Named by its shape,
 * so that canton-rx's declarations never name the optional peer's types.
 * @example
 * ```ts
 * import { DuckDBInstance } from '@duckdb/node-api';
 * import type { DuckDBConnectionLike } from 'canton-rx/duckdb';
 * const db: DuckDBConnectionLike = await (await DuckDBInstance.create('history.duckdb')).connect();
 * ```
 * @category Analytics
 * @since 0.5.0
 */
export interface DuckDBConnectionLike {
  /** Runs a statement with `$1`… parameters; answers how many rows it changed. */
  run(sql: string, values?: Array<string | number | boolean | null>): Promise<{ readonly rowsChanged: number }>;
  /** Runs a query and reads its rows (`getRowObjectsJson`: each row an object of JSON values). */
  runAndReadAll(sql: string, values?: Array<string | number | boolean | null>): Promise<DuckDBRowsLike>;
  /** An appender of a table: rows appended in the connection's transaction. */
  createAppender(table: string, schema?: string | null, catalog?: string | null): Promise<DuckDBAppenderLike>;
}

/**
 * What the writers read of a query's result.
 * @category Analytics
 * @since 0.5.0
 */
export interface DuckDBRowsLike {
  /** The rows, each an object of its columns' values as JSON (big integers as strings). */
  getRowObjectsJson(): ReadonlyArray<Record<string, unknown>>;
}

/**
 * What the writers call of a DuckDB appender (`connection.createAppender(table)`).
 * @category Analytics
 * @since 0.5.0
 */
export interface DuckDBAppenderLike {
  /** A text value (DuckDB casts it to the column's type: timestamps and dates go so). */
  appendVarchar(value: string): void;
  /** A 32-bit integer. */
  appendInteger(value: number): void;
  /** A 64-bit integer. */
  appendBigInt(value: bigint): void;
  /** A boolean. */
  appendBoolean(value: boolean): void;
  /** SQL NULL. */
  appendNull(): void;
  /** A list, of DuckDB's list type `type` (`LIST(VARCHAR)`). */
  appendList(value: readonly string[], type?: never): void;
  /** Ends the row. */
  endRow(): void;
  /** Flushes the rows into the table and closes the appender. */
  closeSync(): void;
}
