/** The bytes of `"name"` (a JSON key as a compact encoder writes it, ASCII). */
const quoted = (name: string): Uint8Array => {
  const bytes = new Uint8Array(name.length + 2);
  bytes[0] = 0x22;
  for (let i = 0; i < name.length; i++) bytes[i + 1] = name.charCodeAt(i) & 0x7f;
  bytes[name.length + 1] = 0x22;
  return bytes;
};

const matchesAt = (bytes: Uint8Array, needle: Uint8Array, at: number): boolean => {
  for (let j = 0; j < needle.length; j++) if (bytes[at + j] !== needle[j]) return false;
  return true;
};

const isSpace = (b: number | undefined): boolean => b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09;

/** Where the value of the key whose quoted name starts at `at` begins (past the colon), or -1 where `at` is no key. */
const valueStart = (bytes: Uint8Array, at: number, length: number): number => {
  let i = at + length;
  while (isSpace(bytes[i])) i++;
  if (bytes[i] !== 0x3a) return -1;
  i++;
  while (isSpace(bytes[i])) i++;
  return i;
};

/**
 * A string without escapes (ASCII only, as ids, timestamps and page tokens are) or a whole number
 * of at most 15 digits (ended by `,`, `}`, `]` or a space) starting at `i`; anything else is
 * `undefined` (no guess, not a failure).
 */
const plainValue = (bytes: Uint8Array, i: number): string | number | undefined => {
  const first = bytes[i];
  if (first === 0x22) {
    let text = '';
    for (let j = i + 1; j < bytes.length; j++) {
      const b = bytes[j]!;
      if (b === 0x22) return text;
      if (b === 0x5c || b >= 0x80 || b < 0x20) return undefined;
      text += String.fromCharCode(b);
      if (text.length > 4096) return undefined;
    }
    return undefined;
  }
  let n = 0;
  let digits = 0;
  for (let j = i; j < bytes.length && digits <= 15; j++, digits++) {
    const b = bytes[j]!;
    if (b < 0x30 || b > 0x39) return digits === 0 || (digits > 1 && first === 0x30) || !(b === 0x2c || b === 0x7d || b === 0x5d || isSpace(b)) ? undefined : n;
    n = n * 10 + (b - 0x30);
  }
  return undefined;
};

/**
 * Reads a few plain fields near the end of a JSON body without parsing it: the value of the last
 * `anchor` key in `bytes`, and of each of `keys` at its first occurrence after that anchor (the
 * last item of a page is the last object with an `update_id`; its cursor follows it). Values are
 * strings without escapes or whole numbers; a field that is missing or of another kind is left
 * out. The search runs backwards from the end, so on a page it costs about the length of the last
 * item, not of the page; a string value that merely contains the key's name is passed over (it
 * would need unescaped quotes). It is a guess by construction: nothing before the anchor is read,
 * so the caller compares what it read with the decoded page before relying on it.
 *
 * @example
 * ```ts
 * const body = new TextEncoder().encode('{"transactions":[{"update_id":"a","migration_id":4,"record_time":"2025-01-01T00:00:00Z"}]}');
 * tailFields(body, 'update_id', ['migration_id', 'record_time']); // { update_id: 'a', migration_id: 4, record_time: '2025-01-01T00:00:00Z' }
 * ```
 * @internal
 */
export const tailFields = (bytes: Uint8Array, anchor: string, keys: ReadonlyArray<string>): Readonly<Record<string, string | number>> | undefined => {
  const needle = quoted(anchor);
  for (let at = bytes.length - needle.length; at >= 0; at--) {
    if (bytes[at] !== 0x22 || !matchesAt(bytes, needle, at)) continue;
    const start = valueStart(bytes, at, needle.length);
    if (start < 0) continue;
    const fields: Record<string, string | number> = {};
    const value = plainValue(bytes, start);
    if (value !== undefined) fields[anchor] = value;
    for (const key of keys) {
      const k = quoted(key);
      for (let from = start; from <= bytes.length - k.length; from++) {
        if (bytes[from] !== 0x22 || !matchesAt(bytes, k, from)) continue;
        const s = valueStart(bytes, from, k.length);
        if (s < 0) continue;
        const v = plainValue(bytes, s);
        if (v !== undefined) fields[key] = v;
        break;
      }
    }
    return fields;
  }
  return undefined;
};
