import { closeSync, ftruncateSync, openSync, writeSync } from 'node:fs';
import { lastWholeLine } from './lastWholeLine.js';
import { readWholeFile } from './readWholeFile.js';
import { UsageError } from './UsageError.js';

/**
 * An `--out` file, its own checkpoint.
 * @category CLI
 * @since 0.3.0
 */
export interface OutFile {
  /** The last whole item already in the file (parsed), the one to continue after. */
  readonly last: unknown;
  /** Whole lines dropped because they were cut off (0 or 1). */
  readonly dropped: number;
  /** Appends one line (a newline is added) with one write, so a kill leaves whole lines or a cut-off last one. */
  write(line: string): void;
  close(): void;
}

/**
 * Opens (or creates) an NDJSON output file for appending and reads where it stands: a cut-off
 * last line (a crash mid-write) is truncated away, and the last whole line is parsed, so that
 * the command continues exactly after it. Each item is written with one `write` before the next
 * is read, so the file holds every item exactly once across any number of kills. Nothing is
 * fsync'ed: a kill loses nothing the kernel has, and a power cut that loses the tail only makes
 * the next run continue from earlier.
 * @example
 * ```ts
 * const out = openOutFile('scan-updates.ndjson');
 * const from = out.last === undefined ? undefined : checkpointOf(out.last as codecs.scan.UpdateHistoryItemV2);
 * out.write(JSON.stringify(item));
 * out.close();
 * ```
 * @category CLI
 * @since 0.3.0
 */
export const openOutFile = (path: string): OutFile => {
  let fd: number;
  try {
    fd = openSync(path, 'a+', 0o644);
  } catch (e) {
    throw new UsageError(`cannot open --out ${path}: ${(e as { code?: string }).code ?? 'error'}`);
  }
  const bytes = readWholeFile(fd);
  const size = bytes.length;
  const { keep, line } = lastWholeLine(bytes);
  let last: unknown;
  if (line !== undefined) {
    try {
      last = JSON.parse(line);
    } catch {
      closeSync(fd);
      throw new UsageError(`--out ${path}: its last line is not JSON; it is not an NDJSON file this command wrote`);
    }
  }
  if (keep < size) ftruncateSync(fd, keep);
  return {
    last,
    dropped: keep < size ? 1 : 0,
    // 'a+' appends every write at the end, whatever the file position.
    write: (text) => {
      const chunk = Buffer.from(`${text}\n`, 'utf8');
      let done = 0;
      while (done < chunk.length) done += writeSync(fd, chunk, done, chunk.length - done);
    },
    close: () => closeSync(fd),
  };
};
