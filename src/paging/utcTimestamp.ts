import { Timestamp } from '../codecs/common/primitives.js';
import { utcTimestamp as utcOfValid } from '../time/utcTimestamp.js';

const RFC3339 = /^(\d{4}-\d\d-\d\d)[Tt](\d\d:\d\d:\d\d)(\.\d{1,9})?([Zz]|([+-])(\d\d):(\d\d))$/;

/**
 * A valid RFC 3339 time as the instant it names, written in UTC with `Z` (the fraction kept as
 * written); `undefined` for anything else. What the cursor arithmetic takes: a server may write a
 * record time with an offset (`+00:00`), and a cursor must compare and step by instant.
 * @example
 * ```ts
 * utcTimestamp('2026-01-01T01:00:02.5+01:00'); // '2026-01-01T00:00:02.5Z'
 * utcTimestamp('yesterday'); // undefined
 * ```
 * @internal
 */
export const utcTimestamp = (text: unknown): string | undefined => {
  if (typeof text !== 'string') return undefined;
  if (Timestamp.is(text)) return utcOfValid(text);
  const m = RFC3339.exec(text);
  if (m === null) return undefined;
  const [, date, time, fraction = '', zone, sign, hh, mm] = m;
  const local = `${date}T${time}${fraction}Z`;
  if (!Timestamp.is(local)) return undefined;
  if (zone === 'Z' || zone === 'z') return local;
  if (Number(hh) > 23 || Number(mm) > 59) return undefined;
  const offsetMs = (sign === '-' ? -1 : 1) * (Number(hh) * 60 + Number(mm)) * 60_000;
  const at = new Date(Date.parse(`${date}T${time}Z`) - offsetMs);
  const year = at.getUTCFullYear();
  if (year < 0 || year > 9999) return undefined;
  return `${at.toISOString().slice(0, 19)}${fraction}Z`;
};
