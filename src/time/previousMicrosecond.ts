import { Timestamp } from '../codecs/common/primitives.js';
import { renderActual } from '../internal/renderActual.js';
import { utcTimestamp } from './utcTimestamp.js';

const SECONDS = 19;

/**
 * The instant one microsecond before a {@link Timestamp} (any offset), written in UTC (`Z`) with six fractional digits (or
 * nine when the input has a non-zero part below the microsecond). Record times are microseconds,
 * so "strictly after the previous microsecond" includes every item at the timestamp itself: what
 * `scan.updates` asks for to see the other items that share the last item's record time.
 *
 * @example
 * ```ts
 * previousMicrosecond('2025-12-10T16:23:25.100000Z'); // '2025-12-10T16:23:25.099999Z'
 * previousMicrosecond('2025-12-10T16:23:25Z'); // '2025-12-10T16:23:24.999999Z'
 * previousMicrosecond('2025-12-10T16:23:25.100000+00:00'); // '2025-12-10T16:23:25.099999Z'
 * ```
 * @throws TypeError when `ts` is not a valid Timestamp.
 * @internal
 */
export const previousMicrosecond = (valid: string): string => {
  if (!Timestamp.is(valid)) throw new TypeError(`previousMicrosecond: not an RFC 3339 Timestamp: ${renderActual(valid)}`);
  const ts = utcTimestamp(valid);
  const seconds = BigInt(Date.parse(`${ts.slice(0, SECONDS)}Z`) / 1000);
  const nanos = BigInt(ts.length === SECONDS + 1 ? 0 : Number((ts.slice(SECONDS + 1, -1) + '000000000').slice(0, 9)));
  const total = seconds * 1_000_000_000n + nanos - 1_000n;
  const whole = total / 1_000_000_000n - (total % 1_000_000_000n < 0n ? 1n : 0n);
  const rest = total - whole * 1_000_000_000n;
  const digits = rest.toString().padStart(9, '0');
  const fraction = digits.endsWith('000') ? digits.slice(0, 6) : digits;
  return `${new Date(Number(whole) * 1000).toISOString().slice(0, SECONDS)}.${fraction}Z`;
};
