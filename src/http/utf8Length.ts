/**
 * The UTF-8 length of a text, without encoding it: the bytes of a request body or a WebSocket
 * message as sent or received (JSON, mostly ASCII), for telemetry.
 * @example
 * ```ts
 * utf8Length('{"a":"é"}'); // 10
 * ```
 * @internal
 */
export const utf8Length = (text: string): number => {
  let n = text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    // Two bytes up to U+07FF, three above; a surrogate pair is 4 bytes for its 2 UTF-16 units.
    if (c >= 0x80) n += c < 0x800 || (c >= 0xd800 && c < 0xe000) ? 1 : 2;
  }
  return n;
};
