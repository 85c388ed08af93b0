import { Timestamp } from '../../codecs/common/primitives.js';
import { renderActual } from '../../internal/renderActual.js';
import { utcTimestamp } from '../../time/utcTimestamp.js';

// As in compareTimestamps: the date and time to the second are fixed-width (19 characters); the
// fraction, right-padded with zeros to 9 digits, makes every instant 28 characters that order as
// text. Computed once per update, so that the merge compares plain strings afterwards.
const SECONDS = 19;
const NINE_ZEROS = '000000000';

/**
 * A text of a {@link Timestamp} that orders as the instant it denotes (plain `<` on two results
 * agrees with `compareTimestamps`), whatever its number of fractional digits. Used by one
 * operator: not part of the public API.
 *
 * @example
 * ```ts
 * sortableInstant('2025-12-10T16:23:08.9975Z') < sortableInstant('2025-12-10T16:23:08.99759Z'); // true
 * sortableInstant('2025-12-10T16:23:08Z') === sortableInstant('2025-12-10T16:23:08.000Z'); // true
 * ```
 * @throws TypeError when `ts` is not a valid Timestamp (a programming error, as in compareTimestamps).
 */
export const sortableInstant = (valid: string): string => {
  if (!Timestamp.is(valid)) throw new TypeError(`mergeFeeds: not an ISO-8601 UTC Timestamp: ${renderActual(valid)}`);
  const ts = utcTimestamp(valid);
  const fraction = ts.length === SECONDS + 1 ? NINE_ZEROS : (ts.slice(SECONDS + 1, -1) + NINE_ZEROS).slice(0, 9);
  return ts.slice(0, SECONDS) + fraction;
};

/** The largest |ms| a `Date` holds (±100 000 000 days). */
const MAX_DATE_MS = 8.64e15;

/**
 * {@link sortableInstant} of an instant in milliseconds since the epoch, or `undefined` when no
 * `Date` can hold it (a poll time less an infinite or huge lateness bound: no information).
 *
 * @example
 * ```ts
 * sortableInstantOfMs(0); // '1970-01-01T00:00:00000000000'
 * sortableInstantOfMs(-Infinity); // undefined
 * ```
 */
export const sortableInstantOfMs = (ms: number): string | undefined => {
  if (!Number.isFinite(ms) || Math.abs(ms) > MAX_DATE_MS) return undefined;
  const iso = new Date(Math.floor(ms)).toISOString();
  // Years beyond 9999 or before 0 have another width ("+010000-…"): outside any record time.
  return iso.length === 24 ? sortableInstant(iso) : undefined;
};
