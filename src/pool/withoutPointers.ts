/**
 * A copy of `value` without the members the JSON pointers name (`/offset`, `/event/offset`):
 * only along each pointer's path is anything copied, the rest is shared, and a pointer whose path
 * is not there changes nothing. A member of that name anywhere else stays: a Scan pool ignores
 * exactly the values honest Scans differ on, where they differ, never a name at any depth.
 * @internal
 */
export const withoutPointers = (value: unknown, pointers: ReadonlyArray<ReadonlyArray<string>>): unknown => {
  let out = value;
  for (const path of pointers) out = without(out, path, 0);
  return out;
};

const without = (value: unknown, path: ReadonlyArray<string>, at: number): unknown => {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const key = path[at]!;
  if (!Object.prototype.hasOwnProperty.call(value, key)) return value;
  const copy = { ...(value as Record<string, unknown>) };
  if (at === path.length - 1) delete copy[key];
  else copy[key] = without(copy[key], path, at + 1);
  return copy;
};

/** The segments of a JSON pointer (RFC 6901): `/a~1b/c` is `['a/b', 'c']`. @internal */
export const pointerSegments = (pointer: string): string[] =>
  pointer
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
