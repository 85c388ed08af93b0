import { Timestamp } from '../codecs/common/primitives.js';
import { renderActual } from '../internal/renderActual.js';
import { compareValidTimestamps } from './compareValidTimestamps.js';

/**
 * Orders two `Timestamp`s (RFC 3339 instants with 0 to 9 fractional digits and `Z` or an offset such
 * as `+00:00`, as the servers send them) by the instant they denote, whatever their number of fractional digits:
 * `-1` when `a` is earlier, `1` when it is later, `0` for the same instant (`…08Z` and `…08.000Z`).
 * Plain string comparison gets this wrong (`"…08.9975Z" > "…08.99759Z"` as text), and `Date`
 * drops everything below the millisecond.
 *
 * Both arguments must be valid `Timestamp`s (what the codecs decode). Anything else is a
 * programmer error and throws a `TypeError` naming the value, rather than giving an order that
 * would silently be wrong.
 *
 * @example
 * ```ts
 * import { compareTimestamps } from 'canton-rx';
 * compareTimestamps('2025-12-10T16:23:08.9975Z', '2025-12-10T16:23:08.99759Z'); // -1
 * compareTimestamps('2025-12-10T16:23:08Z', '2025-12-10T16:23:08.000Z'); // 0
 * compareTimestamps('2025-12-10T16:23:08Z', '2025-12-10T16:23:08+00:00'); // 0
 * ['2024-06-24T21:08:01.5Z', '2024-06-24T21:08:01.123456Z'].sort(compareTimestamps);
 * // ['2024-06-24T21:08:01.123456Z', '2024-06-24T21:08:01.5Z']
 * ```
 * @throws TypeError when `a` or `b` is not a valid Timestamp.
 * @category Time
 * @since 0.1.0
 */
export const compareTimestamps = (a: string, b: string): -1 | 0 | 1 => {
  if (!Timestamp.is(a)) throw new TypeError(`compareTimestamps: not an ISO-8601 UTC Timestamp: ${renderActual(a)}`);
  if (!Timestamp.is(b)) throw new TypeError(`compareTimestamps: not an ISO-8601 UTC Timestamp: ${renderActual(b)}`);
  return compareValidTimestamps(a, b);
};
