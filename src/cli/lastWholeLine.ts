/**
 * Where an NDJSON file written by `--out` ends: the bytes to keep (up to and including the last
 * newline: a line without its newline was cut off by a crash and is dropped) and the last whole
 * line, if any. Blank lines are skipped when looking for it.
 * @example
 * ```ts
 * lastWholeLine(Buffer.from('{"a":1}\n{"a":2}\n{"a"')); // { keep: 16, line: '{"a":2}' }
 * ```
 * @category CLI
 * @since 0.3.0
 */
export const lastWholeLine = (bytes: Uint8Array): { readonly keep: number; readonly line?: string } => {
  const keep = bytes.lastIndexOf(0x0a) + 1;
  let end = keep - 1;
  while (end > 0) {
    const start = bytes.lastIndexOf(0x0a, end - 1) + 1;
    const line = Buffer.from(bytes.subarray(start, end)).toString('utf8').trim();
    if (line.length > 0) return { keep, line };
    end = start - 1;
  }
  return { keep };
};
