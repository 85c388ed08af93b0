import { fstatSync, readSync } from 'node:fs';

/**
 * The whole content of an open file, read from its start (the size at the time of the call): how
 * `--out` and `--resume` find their last whole line before appending.
 * @example
 * ```ts
 * const fd = openSync('out.ndjson', 'a+');
 * const { keep, line } = lastWholeLine(readWholeFile(fd));
 * ```
 * @internal
 */
export const readWholeFile = (fd: number): Buffer => {
  const size = fstatSync(fd).size;
  const bytes = Buffer.alloc(size);
  let read = 0;
  while (read < size) {
    const n = readSync(fd, bytes, read, size - read, read);
    if (n === 0) break;
    read += n;
  }
  return bytes.subarray(0, read);
};
