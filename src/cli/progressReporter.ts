import type { CantonError } from '../errors/CantonError.js';
import { formatError } from '../errors/formatError.js';
import type { CliIo } from './types.js';

/**
 * Progress and diagnostics of a command, on stderr.
 * @category CLI
 * @since 0.3.0
 */
export interface ProgressReporter {
  /** One more item written; `at` is where the stream stands (record time, offset, contract id). */
  item(at: string | undefined): void;
  /** A page request is being retried, after `error` (shown as `lastRetry`: why the read is not moving). */
  retry(error?: CantonError): void;
  /** A diagnostic event (`resumed`, `stopping`, ...), printed at once. */
  event(name: string, fields?: Record<string, unknown>): void;
  /** An error that ends the command, printed at once (never a secret: built from redacted fields). */
  error(fields: Record<string, unknown>): void;
  /** The last line: how it ended and the totals. */
  done(reason: 'end' | 'stopped' | 'error'): void;
}

const TTY_EVERY_MS = 100;

const retryReason = (t: { readonly retries: number; readonly lastRetry?: string }): string => (t.retries > 0 && t.lastRetry !== undefined ? ` (last: ${t.lastRetry})` : '');
const LINE_EVERY_MS = 1000;

/**
 * Reports a command's progress on stderr: as JSON lines (`{"progress": {...}}` at most once a
 * second, then `{"done": {...}}`) when stderr is not a terminal, so that a supervisor can parse
 * it, and as one live line rewritten in place when it is: items, items per second, where the
 * stream stands, retries and why the last one was needed (`lastRetry`: `GET … failed:
 * ECONNREFUSED 127.0.0.1:1`). `quiet` keeps only errors.
 * @example
 * ```ts
 * const progress = progressReporter(processIo(), 'scan updates', false);
 * progress.item('2025-06-01T00:00:01.000000Z');
 * progress.done('end');
 * ```
 * @category CLI
 * @since 0.3.0
 */
export const progressReporter = (io: Pick<CliIo, 'stderr' | 'now'>, command: string, quiet: boolean): ProgressReporter => {
  const tty = io.stderr.isTTY === true;
  const started = io.now();
  let items = 0;
  let retries = 0;
  let lastRetry: string | undefined;
  let at: string | undefined;
  let lastPrint = -Infinity;
  let liveLine = false;

  const totals = () => {
    const seconds = Math.max((io.now() - started) / 1000, 1e-3);
    return { command, items, perSecond: Math.round(items / seconds), ...(at === undefined ? {} : { at }), retries, ...(lastRetry === undefined ? {} : { lastRetry }) };
  };
  const clearLive = () => {
    if (liveLine) io.stderr.write('\r\x1b[2K');
    liveLine = false;
  };
  const print = (force: boolean) => {
    if (quiet) return;
    const now = io.now();
    if (!force && now - lastPrint < (tty ? TTY_EVERY_MS : LINE_EVERY_MS)) return;
    lastPrint = now;
    const t = totals();
    if (tty) {
      io.stderr.write(`\r\x1b[2K${command}: ${t.items} items, ${t.perSecond}/s${t.at === undefined ? '' : `, at ${t.at}`}, ${t.retries} retries${retryReason(t)}`);
      liveLine = true;
    } else io.stderr.write(`${JSON.stringify({ progress: t })}\n`);
  };
  const line = (json: Record<string, unknown>, human: string) => {
    clearLive();
    io.stderr.write(tty ? `${human}\n` : `${JSON.stringify(json)}\n`);
  };

  return {
    item: (where) => {
      items++;
      if (where !== undefined) at = where;
      print(false);
    },
    retry: (error) => {
      retries++;
      if (error !== undefined) lastRetry = formatError(error);
      print(false);
    },
    event: (name, fields = {}) => {
      if (!quiet) line({ event: name, ...fields }, `${command}: ${name}${Object.keys(fields).length > 0 ? ` ${JSON.stringify(fields)}` : ''}`);
    },
    error: (fields) => line({ error: fields }, `${command}: error: ${typeof fields['message'] === 'string' ? fields['message'] : JSON.stringify(fields)}`),
    done: (reason) => {
      if (quiet) return;
      const t = totals();
      line({ done: { reason, ...t } }, `${command}: ${reason === 'end' ? 'done' : reason}: ${t.items} items, ${t.perSecond}/s${t.at === undefined ? '' : `, at ${t.at}`}, ${t.retries} retries${retryReason(t)}`);
    },
  };
};
