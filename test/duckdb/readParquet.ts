import { readFileSync } from 'node:fs';
import { join } from 'node:path';

type Row = Record<string, unknown>;

/**
 * The rows of Parquet files read with hyparquet, a reader that shares no code with DuckDB (which
 * wrote them): every row of every file, the file's partition folder beside it.
 */
export const readWithHyparquet = async (dir: string, files: ReadonlyArray<string>): Promise<Row[]> => {
  const { parquetReadObjects } = (await import('hyparquet')) as unknown as { parquetReadObjects(o: { file: ArrayBuffer }): Promise<Row[]> };
  const rows: Row[] = [];
  for (const file of files) {
    const bytes = readFileSync(join(dir, file));
    const read = await parquetReadObjects({ file: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) });
    for (const r of read) rows.push({ ...r, file });
  }
  return rows;
};
