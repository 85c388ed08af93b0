/**
 * The history as tables: a DuckDB sink and a Parquet writer for `drainInto`, both filled by
 * `flattenUpdates` (tables `updates` and `events`, docs/analytics.md), exactly once. Node only.
 *
 * They take the DuckDB connection you give them (`@duckdb/node-api`, an optional peer
 * dependency); canton-rx itself depends on nothing of DuckDB.
 *
 * @packageDocumentation
 * @module canton-rx/duckdb
 */

export { duckdbSink } from './duckdbSink.js';
export type { DuckDBSink, DuckDBSinkOptions } from './duckdbSink.js';
export { parquetSink } from './parquetSink.js';
export type { ParquetSink, ParquetSinkOptions } from './parquetSink.js';
export type { DuckDBConnectionLike, DuckDBAppenderLike, DuckDBRowsLike } from './DuckDBConnectionLike.js';
