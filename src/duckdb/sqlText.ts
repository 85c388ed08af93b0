/**
 * A string as a DuckDB SQL string literal (quotes doubled): the paths the Parquet writer hands to
 * `read_json` and `COPY ... TO`, which take no bound parameters there.
 * @example
 * ```ts
 * sqlText("/tmp/o'neil/part-000001.parquet"); // "'/tmp/o''neil/part-000001.parquet'"
 * ```
 * @internal
 */
export const sqlText = (s: string): string => `'${s.replace(/'/g, "''")}'`;
