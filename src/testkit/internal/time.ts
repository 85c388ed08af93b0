/**
 * Times are integers of microseconds since the epoch (exactly the resolution of Canton record
 * times), formatted the way each server formats them.
 */

const pad = (n: number, width: number): string => String(n).padStart(width, '0');

const split = (micros: number): { date: Date; frac: number } => {
  const frac = ((micros % 1_000_000) + 1_000_000) % 1_000_000;
  return { date: new Date((micros - frac) / 1000), frac };
};

const base = (date: Date): string =>
  `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1, 2)}-${pad(date.getUTCDate(), 2)}T` +
  `${pad(date.getUTCHours(), 2)}:${pad(date.getUTCMinutes(), 2)}:${pad(date.getUTCSeconds(), 2)}`;

/** Exactly 6 fractional digits, as Scan writes `record_time` (`appendInstant(6)`). */
export const formatMicros6 = (micros: number): string => {
  const { date, frac } = split(micros);
  return `${base(date)}.${pad(frac, 6)}Z`;
};

/** Java's `Instant.toString`: no fraction when zero, else 3 or 6 digits (the shortest that fits). */
export const formatInstant = (micros: number): string => {
  const { date, frac } = split(micros);
  if (frac === 0) return `${base(date)}Z`;
  if (frac % 1000 === 0) return `${base(date)}.${pad(frac / 1000, 3)}Z`;
  return `${base(date)}.${pad(frac, 6)}Z`;
};

/** circe's `OffsetDateTime` (format: date-time fields): trailing zeros of the fraction trimmed. */
export const formatDateTime = (micros: number): string => {
  const { date, frac } = split(micros);
  if (frac === 0) return `${base(date)}Z`;
  return `${base(date)}.${pad(frac, 6).replace(/0+$/, '')}Z`;
};

const ISO = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(Z|[+-]\d{2}:\d{2})$/;

/**
 * Parses an ISO-8601 instant (as `Instant.parse` / `OffsetDateTime.parse` accept it) into
 * microseconds, rounding sub-microsecond digits down; undefined when it is not one.
 */
export const parseMicros = (text: string): number | undefined => {
  const m = ISO.exec(text);
  if (m === null) return undefined;
  const [, y, mo, d, h, mi, s, fraction, zone] = m;
  const month = Number(mo);
  const day = Number(d);
  if (month < 1 || month > 12 || day < 1 || day > 31 || Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) return undefined;
  let ms = Date.UTC(Number(y), month - 1, day, Number(h), Number(mi), Number(s));
  if (Number.isNaN(ms)) return undefined;
  if (zone !== undefined && zone !== 'Z') {
    const sign = zone.startsWith('-') ? -1 : 1;
    ms -= sign * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(4, 6))) * 60_000;
  }
  const micros = fraction === undefined ? 0 : Number(fraction.padEnd(9, '0').slice(0, 6));
  return ms * 1000 + micros;
};
