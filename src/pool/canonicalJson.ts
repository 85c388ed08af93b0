/**
 * A JSON value as one string with the keys of every object sorted, so that two values are deep
 * equal exactly when their canonical strings are. Answers of different Scans are compared by it:
 * comparing the strings themselves, not a digest, leaves a lying Scan no collision to aim for.
 * `omit` drops keys at any depth (a `/v1` item's `offset`, which differs between Scans).
 * @internal
 */
export const canonicalJson = (value: unknown, omit: ReadonlySet<string> = NO_KEYS): string => {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v, omit)).join(',')}]`;
  const keys = Object.keys(value)
    .filter((k) => !omit.has(k) && (value as Record<string, unknown>)[k] !== undefined)
    .sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k], omit)}`).join(',')}}`;
};

const NO_KEYS: ReadonlySet<string> = new Set();
