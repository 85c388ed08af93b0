/** Thrown when a body grows past the bound: the read is given up and the request aborted. @internal */
export class BodyTooLarge extends Error {
  constructor(readonly maxBytes: number, readonly declared: number | undefined) {
    super(`the body is larger than maxResponseBytes (${maxBytes})`);
    this.name = 'BodyTooLarge';
  }
}

interface WebReader {
  read(): Promise<{ done: boolean; value?: Uint8Array }>;
  cancel(): Promise<void>;
}

/** Stateless between calls without `stream`, so one serves every body. */
const utf8 = new TextDecoder();

/** The chunks as one buffer: the only chunk as it is, else one copy. */
const joined = (chunks: ReadonlyArray<Uint8Array>, size: number): Uint8Array => {
  if (chunks.length === 1) return chunks[0]!;
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
};

/**
 * Reads a response body as text, at most `maxBytes` of it: a `Content-Length` above the bound is
 * refused before reading, and a body without one is read chunk by chunk (a WHATWG stream from
 * the platform fetch, a Node stream from cross-fetch) and given up as soon as it passes the
 * bound, so memory stays bounded whatever the server sends. A fetch with neither kind of stream
 * is read whole and then checked.
 *
 * The chunks are kept as bytes and decoded once, as a whole: decoding chunk by chunk and
 * appending builds a string of many pieces that `JSON.parse` must first copy into one, which
 * costs more than the decoding itself.
 * @internal
 */
export const readText = async (
  res: { headers: { get(name: string): string | null }; text(): Promise<string>; body?: unknown },
  maxBytes: number,
): Promise<string> => {
  const header = res.headers.get('content-length');
  const declared = header !== null && /^\d+$/.test(header.trim()) ? Number(header) : undefined;
  const body = res.body as { getReader?: () => WebReader; [Symbol.asyncIterator]?: () => AsyncIterator<Uint8Array | string>; destroy?: () => void } | null | undefined;
  if (declared !== undefined && declared > maxBytes) {
    if (typeof body?.getReader === 'function') void body.getReader().cancel().catch(() => undefined);
    else body?.destroy?.();
    throw new BodyTooLarge(maxBytes, declared);
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  const add = (chunk: Uint8Array | string): boolean => {
    const bytes = typeof chunk === 'string' ? new TextEncoder().encode(chunk) : chunk;
    size += bytes.byteLength;
    if (size > maxBytes) return false;
    if (bytes.byteLength > 0) chunks.push(bytes);
    return true;
  };
  if (typeof body?.getReader === 'function') {
    const reader = body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (value !== undefined && !add(value)) {
        void reader.cancel().catch(() => undefined);
        throw new BodyTooLarge(maxBytes, declared);
      }
    }
    return size === 0 ? '' : utf8.decode(joined(chunks, size));
  }
  if (body != null && typeof body[Symbol.asyncIterator] === 'function') {
    for await (const chunk of body as AsyncIterable<Uint8Array | string>) {
      if (!add(chunk)) {
        body.destroy?.();
        throw new BodyTooLarge(maxBytes, declared);
      }
    }
    return size === 0 ? '' : utf8.decode(joined(chunks, size));
  }
  const whole = await res.text();
  if (new TextEncoder().encode(whole).byteLength > maxBytes) throw new BodyTooLarge(maxBytes, declared);
  return whole;
};
