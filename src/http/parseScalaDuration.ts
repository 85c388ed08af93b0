const UNITS: ReadonlyArray<[RegExp, number]> = [
  [/^(d|day|days)$/, 86_400_000],
  [/^(h|hour|hours)$/, 3_600_000],
  [/^(min|mins|minute|minutes|m)$/, 60_000],
  [/^(s|sec|secs|second|seconds)$/, 1000],
  [/^(ms|milli|millis|millisecond|milliseconds)$/, 1],
  [/^(µs|us|micro|micros|microsecond|microseconds)$/, 0.001],
  [/^(ns|nano|nanos|nanosecond|nanoseconds)$/, 0.000001],
];

/**
 * Reads the ledger's `retryInfo`, a Scala `Duration` string such as `"1 second"` or
 * `"500 milliseconds"`, as milliseconds. Returns undefined for anything else.
 * @internal
 */
export const parseScalaDuration = (text: string | null | undefined): number | undefined => {
  if (text == null) return undefined;
  const m = /^\s*(\d+(?:\.\d+)?)\s*([a-zµ]+)\s*$/i.exec(text);
  if (!m) return undefined;
  const unit = UNITS.find(([re]) => re.test(m[2]!.toLowerCase()));
  return unit ? Math.ceil(Number(m[1]) * unit[1]) : undefined;
};
