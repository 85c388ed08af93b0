import type { IncomingMessage } from 'node:http';

/** An item of a bench Scan's prepared history: its migration, its record time (microseconds and text), its JSON. */
export interface CursorItem {
  readonly m: number;
  readonly micros: number;
  readonly time: string;
  readonly json: string;
}

/** Microseconds since the epoch of an RFC 3339 UTC timestamp (`...Z`, 0 to 6 fraction digits). */
export const toMicros = (ts: string): number => Date.parse(`${ts.slice(0, 19)}Z`) * 1000 + (ts.length > 20 ? Number((ts.slice(20, -1) + '000000').slice(0, 6)) : 0);

/** An RFC 3339 UTC timestamp with 6 fraction digits. */
export const iso = (micros: number): string => `${new Date(Math.floor(micros / 1000)).toISOString().slice(0, 19)}.${String(micros % 1_000_000).padStart(6, '0')}Z`;

/**
 * The index of the first item strictly after a `/v2/updates` request's `after` cursor (0 without
 * one), by binary search over a history in Scan's order.
 */
export const firstAfter = (history: ReadonlyArray<CursorItem>, after: { after_migration_id: number; after_record_time: string } | undefined): number => {
  if (after === undefined) return 0;
  const m = after.after_migration_id;
  const t = toMicros(after.after_record_time);
  let lo = 0;
  let hi = history.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const it = history[mid]!;
    if (it.m > m || (it.m === m && it.micros > t)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
};

/** A request's whole body as text. */
export const readBody = (req: IncomingMessage): Promise<string> =>
  new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
