/**
 * Reads an HTTP `Retry-After` header, in delay-seconds or HTTP-date form, as milliseconds from
 * `nowMs`. Returns undefined for a missing or unreadable header.
 * @internal
 */
export const parseRetryAfter = (header: string | null | undefined, nowMs: number): number | undefined => {
  if (header == null) return undefined;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  // Date.parse reads '-5' as a year; an HTTP date always names its weekday or month.
  if (!/[a-z]{3}/i.test(value)) return undefined;
  const at = Date.parse(value);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - nowMs);
};
