import type { CliWritable } from './types.js';

/**
 * Writes a line and waits for the stream to drain when it asks to, so that a slow reader of
 * stdout slows the command down instead of filling its memory.
 * @example
 * ```ts
 * await writeLine(process.stdout, JSON.stringify(item));
 * ```
 * @category CLI
 * @since 0.3.0
 */
export const writeLine = (out: CliWritable, line: string): Promise<void> | undefined =>
  out.write(`${line}\n`) ? undefined : new Promise<void>((resolve) => void out.once('drain', resolve));
