import type { ScanPoolEvent } from '../pool/types.js';
import type { CliIo } from './types.js';

const human = (e: ScanPoolEvent): string => {
  switch (e.type) {
    case 'liar':
      return `${e.scan} lied: its ${e.path} answer disagrees with ${e.against.length} Scans at update ${e.updateId}; excluded for ${Math.round(e.untilMs / 1000)} s`;
    case 'conflict':
      return `Scans disagree on ${e.path} at update ${e.updateId} (${e.sides.map((side) => side.join(', ')).join(' against ')}); nobody excluded`;
    case 'disagreed':
      return `${e.scan} disagreed with the pool on ${e.path}`;
    case 'unhealthy':
      return `${e.scan} set aside as unhealthy: ${e.reason}`;
    case 'rate':
      return `${e.host} rate cut to ${e.ratePerSecond} requests a second`;
    case 'discovered':
      return `${e.scans.length} Scans (added ${e.added.length > 0 ? e.added.join(', ') : 'none'}; removed ${e.removed.length > 0 ? e.removed.join(', ') : 'none'})`;
  }
};

/**
 * What a Scan pool tells about itself (a liar, a Scan taken out as unhealthy, a rate cut, a
 * disagreement, a conflict without a liar, discovery), printed on stderr as it happens: a JSON line `{"event": "pool",
 * "type": "liar", ...}` when stderr is not a terminal, a readable line when it is. `quiet`
 * prints nothing. It is the pool's `onEvent`.
 * @example
 * ```ts
 * createClient({ scan: { urls, onEvent: poolEventReporter(processIo(), 'scan updates', false) } });
 * ```
 * @category CLI
 * @since 0.3.0
 */
export const poolEventReporter =
  (io: Pick<CliIo, 'stderr'>, command: string, quiet: boolean) =>
  (event: ScanPoolEvent): void => {
    if (quiet) return;
    // On a terminal the live progress line is cleared first; it is drawn again with the next item.
    if (io.stderr.isTTY === true) io.stderr.write(`\r\x1b[2K${command}: pool: ${human(event)}\n`);
    else io.stderr.write(`${JSON.stringify({ event: 'pool', ...event })}\n`);
  };
