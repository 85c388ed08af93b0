/**
 * A JSON value as one string with the keys of every object sorted, so that two values are deep
 * equal exactly when their canonical strings are. A pool computes it only where the bytes of two
 * answers differ (an item whose key order differs is still the same item): comparing the strings
 * themselves, not a digest, leaves a lying Scan no collision to aim for.
 * @internal
 */
export const canonicalJson = (value: unknown): string => {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v)).join(',')}]`;
  const keys = Object.keys(value)
    .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
    .sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`).join(',')}}`;
};
