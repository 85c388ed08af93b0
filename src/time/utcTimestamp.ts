const SECONDS = 19;

/**
 * A valid {@link Timestamp} written with `T` and `Z`: the same instant, the same fractional digits, the
 * offset applied, lower-case `t` and `z` made upper case. A `…T…Z` timestamp (what the servers write) is returned as it is, with no
 * allocation; `2024-09-20T15:31:28.405180+02:00` becomes `2024-09-20T13:31:28.405180Z`. The time
 * functions read instants through it, so that `+00:00` and `Z` forms (and `t`, `z`) compare and step alike.
 * The argument must be a valid Timestamp (the callers check it, or a codec has).
 *
 * @example
 * ```ts
 * utcTimestamp('2025-12-10T16:23:25.1+00:00'); // '2025-12-10T16:23:25.1Z'
 * utcTimestamp('2025-12-10T00:30:00-01:00'); // '2025-12-10T01:30:00Z'
 * utcTimestamp('2025-12-10t00:30:00z'); // '2025-12-10T00:30:00Z'
 * ```
 * @internal
 */
export const utcTimestamp = (valid: string): string => {
  const last = valid.charCodeAt(valid.length - 1);
  const upperT = valid.charCodeAt(10) === 84; /* T */
  if (last === 90 /* Z */ && upperT) return valid;
  // RFC 3339's lower-case `t` and `z` (rare): the upper-case spelling, so that the instants order as text.
  const ts = upperT ? valid : `${valid.slice(0, 10)}T${valid.slice(11)}`;
  if (last === 122 /* z */ || last === 90) return `${ts.slice(0, -1)}Z`;
  const zone = ts.length - 6;
  const sign = ts.charCodeAt(zone) === 45 /* - */ ? -1 : 1;
  const offsetMs = sign * (Number(ts.slice(zone + 1, zone + 3)) * 60 + Number(ts.slice(zone + 4, zone + 6))) * 60_000;
  const fraction = ts.slice(SECONDS, zone);
  const utc = Date.parse(`${ts.slice(0, SECONDS)}Z`) - offsetMs;
  return `${new Date(utc).toISOString().slice(0, SECONDS)}${fraction}Z`;
};
