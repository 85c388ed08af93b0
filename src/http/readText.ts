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

/** Above this, a declared length is not allocated before its bytes arrive. */
const PREALLOCATE_MAX = 64 * 1024 * 1024;

/**
 * Gathers a body's bytes into one buffer. Where the length is declared, each chunk is copied as it
 * arrives into a buffer of that length, so that the copying overlaps the wait for the next chunk
 * and a chunk is let go at once; otherwise the chunks are kept and joined at the end (the only
 * chunk as it is). A body longer than declared (a fetch that does not hold the server to its
 * length, or a compressed body) goes on as chunks.
 */
const gather = (declared: number | undefined) => {
  let buffer: Uint8Array | undefined;
  let filled = 0;
  const chunks: Uint8Array[] = [];
  let size = 0;
  return {
    /** The number of bytes so far. */
    size: () => size,
    add(chunk: Uint8Array): void {
      // A first chunk that is the whole declared body (a fetch that gathers, workerFetch) is kept as it is, not copied.
      if (size === 0 && declared !== undefined && chunk.byteLength < declared && declared <= PREALLOCATE_MAX) buffer = new Uint8Array(declared);
      size += chunk.byteLength;
      if (buffer !== undefined) {
        if (filled + chunk.byteLength <= buffer.byteLength) {
          buffer.set(chunk, filled);
          filled += chunk.byteLength;
          return;
        }
        chunks.push(buffer.subarray(0, filled));
        buffer = undefined;
      }
      if (chunk.byteLength > 0) chunks.push(chunk);
    },
    bytes(): Uint8Array {
      if (buffer !== undefined) return buffer.subarray(0, filled);
      if (chunks.length === 1) return chunks[0]!;
      const whole = new Uint8Array(size);
      let at = 0;
      for (const chunk of chunks) {
        whole.set(chunk, at);
        at += chunk.byteLength;
      }
      return whole;
    },
  };
};

/** What the body readers read of a response. */
type Readable = { headers: { get(name: string): string | null }; text(): Promise<string>; body?: unknown };

/**
 * A response body as bytes or, from a fetch without a stream, the text it gave; at most `maxBytes` of it: a `Content-Length` above the bound is
 * refused before reading, and a body without one is read chunk by chunk (a WHATWG stream from
 * the platform fetch, a Node stream from cross-fetch) and given up as soon as it passes the
 * bound, so memory stays bounded whatever the server sends. A fetch with neither kind of stream
 * is read whole as text and then checked. `progress`, when given, counts the bytes as they arrive
 * (for the error of a body cut off: how much of how much had come).
 */
const readRaw = async (res: Readable, maxBytes: number, progress?: { received: number; expected?: number }): Promise<Uint8Array | string> => {
  const header = res.headers.get('content-length');
  const declared = header !== null && /^\d+$/.test(header.trim()) ? Number(header) : undefined;
  if (progress !== undefined && declared !== undefined) progress.expected = declared;
  const body = res.body as { getReader?: () => WebReader; [Symbol.asyncIterator]?: () => AsyncIterator<Uint8Array | string>; destroy?: () => void } | null | undefined;
  if (declared !== undefined && declared > maxBytes) {
    if (typeof body?.getReader === 'function') void body.getReader().cancel().catch(() => undefined);
    else body?.destroy?.();
    throw new BodyTooLarge(maxBytes, declared);
  }
  const gathered = gather(declared);
  const add = (chunk: Uint8Array | string): boolean => {
    const bytes = typeof chunk === 'string' ? new TextEncoder().encode(chunk) : chunk;
    if (gathered.size() + bytes.byteLength > maxBytes) return false;
    gathered.add(bytes);
    if (progress !== undefined) progress.received += bytes.byteLength;
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
    return gathered.bytes();
  }
  if (body != null && typeof body[Symbol.asyncIterator] === 'function') {
    for await (const chunk of body as AsyncIterable<Uint8Array | string>) {
      if (!add(chunk)) {
        body.destroy?.();
        throw new BodyTooLarge(maxBytes, declared);
      }
    }
    return gathered.bytes();
  }
  const whole = new TextEncoder().encode(await res.text());
  if (whole.byteLength > maxBytes) throw new BodyTooLarge(maxBytes, declared);
  return whole;
};

/**
 * Reads a response body as bytes (see {@link readText} for the bound), for a reader that decodes
 * them elsewhere (a worker thread).
 * @internal
 */
export const readBytes = async (res: Readable, maxBytes: number, progress?: { received: number; expected?: number }): Promise<Uint8Array> => {
  const raw = await readRaw(res, maxBytes, progress);
  return typeof raw === 'string' ? new TextEncoder().encode(raw) : raw;
};

/**
 * Reads a response body as text, at most `maxBytes` of it: a `Content-Length` above the bound is
 * refused before reading, and a body without one is read chunk by chunk and given up as soon as
 * it passes the bound, so memory stays bounded whatever the server sends. The chunks are gathered as
 * bytes and decoded once, as a whole: decoding chunk by chunk and appending builds a string of
 * many pieces that `JSON.parse` must first copy into one, which costs more than the decoding itself.
 * `progress`, when given, counts the bytes as they arrive.
 * @internal
 */
export const readText = async (res: Readable, maxBytes: number, progress?: { received: number; expected?: number }): Promise<string> => {
  const raw = await readRaw(res, maxBytes, progress);
  return typeof raw === 'string' ? raw : decodeUtf8(raw);
};

/** UTF-8 bytes as text, decoded once. @internal */
export const decodeUtf8 = (bytes: Uint8Array): string => (bytes.byteLength === 0 ? '' : utf8.decode(bytes));
