import type { Fetch, FetchInit, FetchResponse } from './types.js';

/**
 * The worker thread's code, evaluated (no file to locate in either build): the platform `fetch`,
 * its body gathered and handed over a batch at a time, each batch transferred, not copied.
 * Protocol, by request id: `fetch` → `head` (status, headers) or `fail`; then each `read` →
 * `chunk` (its bytes, `done`) or `fail`; `abort` at any point ends the request. A body with a
 * declared length (up to 64 MiB) comes in one batch of exactly that buffer; any other body in
 * batches of about 1 MiB, each read only once asked for, so that what waits unread stays bounded.
 */
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const BATCH = 1 << 20, PREALLOCATE_MAX = 64 * 1024 * 1024;
const live = new Map();
const plain = (e, depth) => {
  if (typeof e !== 'object' || e === null) return { name: 'Error', message: String(e) };
  const out = { name: typeof e.name === 'string' ? e.name : 'Error', message: typeof e.message === 'string' ? e.message : '' };
  if (typeof e.code === 'string' || typeof e.code === 'number') out.code = String(e.code);
  if (e.cause != null && depth < 3) out.cause = plain(e.cause, depth + 1);
  return out;
};
const fail = (id, e) => {
  const r = live.get(id);
  live.delete(id);
  if (r !== undefined && !r.controller.signal.aborted) parentPort.postMessage({ t: 'fail', id, error: plain(e, 0) });
};
const read = async (id, r) => {
  let buffer, filled = 0;
  // The first batch of a body of declared length is that whole body, in one buffer of its own.
  if (r.reads++ === 0 && r.declared !== undefined && r.declared > 0 && r.declared <= PREALLOCATE_MAX) buffer = new Uint8Array(r.declared);
  const chunks = [];
  let size = 0, done = false;
  const want = buffer !== undefined ? buffer.byteLength : BATCH;
  while (size < want) {
    const next = r.pending !== undefined ? r.pending : await r.reader.read();
    r.pending = undefined;
    if (next.done) { done = true; break; }
    const value = next.value;
    if (buffer !== undefined && filled + value.byteLength <= buffer.byteLength) { buffer.set(value, filled); filled += value.byteLength; size += value.byteLength; continue; }
    if (buffer !== undefined) { chunks.push(buffer.subarray(0, filled)); buffer = undefined; }
    chunks.push(value);
    size += value.byteLength;
  }
  if (!done && buffer !== undefined) {
    // The declared length is in: the body should end here; look once, so that the batch says so.
    const next = await r.reader.read();
    if (next.done) done = true; else r.pending = next;
  }
  let bytes;
  if (buffer !== undefined) bytes = filled === buffer.byteLength ? buffer : buffer.slice(0, filled);
  else { bytes = new Uint8Array(size); let at = 0; for (const c of chunks) { bytes.set(c, at); at += c.byteLength; } }
  if (live.get(id) !== r) return;
  if (done) live.delete(id);
  parentPort.postMessage({ t: 'chunk', id, bytes, done }, [bytes.buffer]);
};
parentPort.on('message', (m) => {
  if (m.t === 'fetch') {
    const controller = new AbortController();
    const r = { controller, reader: undefined, declared: undefined, pending: undefined, reads: 0 };
    live.set(m.id, r);
    fetch(m.url, { method: m.method, headers: m.headers, body: m.body, redirect: 'manual', signal: controller.signal }).then((res) => {
      if (live.get(m.id) !== r) { res.body?.cancel().catch(() => undefined); return; }
      const header = res.headers.get('content-length');
      r.declared = header !== null && /^\\d+$/.test(header.trim()) ? Number(header) : undefined;
      r.reader = res.body?.getReader();
      if (r.reader === undefined) live.delete(m.id);
      parentPort.postMessage({ t: 'head', id: m.id, status: res.status, headers: [...res.headers], body: r.reader !== undefined });
    }, (e) => fail(m.id, e));
  } else if (m.t === 'read') {
    const r = live.get(m.id);
    if (r !== undefined) read(m.id, r).catch((e) => fail(m.id, e));
  } else if (m.t === 'abort') {
    const r = live.get(m.id);
    live.delete(m.id);
    if (r !== undefined) { r.controller.abort(); r.reader?.cancel().catch(() => undefined); }
  }
});
`;

interface PlainCause {
  readonly name: string;
  readonly message: string;
  readonly code?: string;
  readonly cause?: PlainCause;
}

type Reply =
  | { readonly t: 'head'; readonly id: number; readonly status: number; readonly headers: ReadonlyArray<[string, string]>; readonly body: boolean }
  | { readonly t: 'chunk'; readonly id: number; readonly bytes: Uint8Array; readonly done: boolean }
  | { readonly t: 'fail'; readonly id: number; readonly error: PlainCause };

interface WorkerLike {
  postMessage(message: unknown): void;
  on(event: 'message', listener: (reply: Reply) => void): void;
  on(event: 'error' | 'exit', listener: (e: unknown) => void): void;
  ref(): void;
  unref(): void;
}

/** What the worker threw, made an Error again: the chain of causes and codes the transport errors read (plainError). */
const revive = (p: PlainCause): Error => Object.assign(new Error(p.message), { name: p.name, ...(p.code !== undefined ? { code: p.code } : {}), ...(p.cause !== undefined ? { cause: revive(p.cause) } : {}) });

const abortError = (): Error => Object.assign(new Error('This operation was aborted'), { name: 'AbortError', code: 'ABORT_ERR' });

/** One worker thread for every `workerFetch` of the process, started on the first request. */
let receiver: Promise<(url: string, init: FetchInit) => Promise<FetchResponse>> | undefined;

const startReceiver = async (): Promise<(url: string, init: FetchInit) => Promise<FetchResponse>> => {
  const getBuiltin = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process?.getBuiltinModule;
  const threads = (getBuiltin?.('node:worker_threads') ?? (await import('node:worker_threads'))) as { Worker: new (code: string, options: { eval: true }) => WorkerLike };
  const worker = new threads.Worker(WORKER_SOURCE, { eval: true });
  // Referenced only while a reply is awaited (a head, a batch): an idle receiver, or a body
  // nobody reads, does not keep the process alive (neither does the platform fetch's).
  worker.unref();
  const handlers = new Map<number, (reply: Reply) => void>();
  const awaited = new Set<number>();
  let nextId = 0;
  let dead: Error | undefined;
  const hold = (id: number): void => {
    if (awaited.size === 0) worker.ref();
    awaited.add(id);
  };
  const unhold = (id: number): void => {
    if (awaited.delete(id) && awaited.size === 0) worker.unref();
  };
  worker.on('message', (reply) => {
    unhold(reply.id);
    handlers.get(reply.id)?.(reply);
  });
  const die = (e: unknown): void => {
    dead = new Error(`the receiving worker thread stopped: ${e instanceof Error ? e.message : String(e)}`);
    receiver = undefined;
    for (const [id, on] of [...handlers]) on({ t: 'fail', id, error: { name: 'Error', message: dead.message } });
  };
  worker.on('error', die);
  worker.on('exit', (code) => die(new Error(`exit code ${String(code)}`)));

  return (url, init) =>
    new Promise<FetchResponse>((resolve, reject) => {
      if (dead !== undefined) return reject(dead);
      const signal = init.signal;
      if (signal.aborted) return reject(abortError());
      const id = nextId++;
      // The body's reader waiting for its next batch, if any.
      let reading: { resolve: (r: { done: boolean; value?: Uint8Array }) => void; reject: (e: Error) => void } | undefined;
      let finished = false;
      const end = (): void => {
        finished = true;
        handlers.delete(id);
        unhold(id);
        signal.removeEventListener('abort', onAbort);
      };
      const onAbort = (): void => {
        if (finished) return;
        end();
        worker.postMessage({ t: 'abort', id });
        const e = abortError();
        reject(e);
        reading?.reject(e);
        reading = undefined;
      };
      signal.addEventListener('abort', onAbort);
      const onBody = (reply: Reply): void => {
        const r = reading;
        reading = undefined;
        if (reply.t === 'fail') {
          end();
          r?.reject(revive(reply.error));
        } else if (reply.t === 'chunk') {
          if (reply.done) end();
          r?.resolve({ done: false, value: reply.bytes });
        }
      };
      let bodyDone = false;
      const body = {
        getReader: () => ({
          read: (): Promise<{ done: boolean; value?: Uint8Array }> => {
            if (finished) return bodyDone ? Promise.resolve({ done: true }) : Promise.reject(abortError());
            return new Promise((res, rej) => {
              reading = { resolve: (x) => res(x), reject: rej };
              hold(id);
              worker.postMessage({ t: 'read', id });
            });
          },
          cancel: (): Promise<void> => {
            if (!finished) {
              end();
              worker.postMessage({ t: 'abort', id });
            }
            return Promise.resolve();
          },
        }),
      };
      handlers.set(id, (reply) => {
        if (reply.t === 'fail') {
          end();
          return reject(revive(reply.error));
        }
        if (reply.t !== 'head') return;
        const headers = new Map(reply.headers.map(([k, v]) => [k.toLowerCase(), v]));
        if (!reply.body) end();
        // Later replies are the body's batches.
        else
          handlers.set(id, (next) => {
            if (next.t === 'chunk' && next.done) bodyDone = true;
            onBody(next);
          });
        const read = body.getReader();
        resolve({
          status: reply.status,
          headers: { get: (name: string) => headers.get(name.toLowerCase()) ?? null },
          ...(reply.body ? { body } : {}),
          text: async () => {
            if (!reply.body) return '';
            const decoder = new TextDecoder();
            let text = '';
            for (let r = await read.read(); !r.done; r = await read.read()) text += decoder.decode(r.value!, { stream: true });
            return text + decoder.decode();
          },
        });
      });
      hold(id);
      worker.postMessage({ t: 'fetch', id, url, method: init.method, headers: init.headers, body: init.body });
    });
};

/**
 * A `fetch` for Node that sends each request and receives its whole body on a worker thread (one
 * for the process, started on the first request, holding the process open only while a request
 * waits on it) and hands the body over as one buffer, transferred, not copied. The thread that
 * reads a stream then only parses and decodes: against a server that answers at once, receiving
 * a page (the sockets, undici's web streams, gathering the chunks) is about half of a page's
 * client time, and it now overlaps the parse of the page before (`scan.updates` asks for the next
 * page before it parses this one). Pass it as `createClient({ fetch: workerFetch() })`; a body is
 * still bounded by `maxResponseBytes` (the thread reads a body without a declared length a
 * batch of about 1 MiB at a time, each only once asked for). Redirects, aborts, timeouts and
 * transport errors behave as with the platform `fetch`, which the thread uses. In a browser
 * build it is the platform `fetch`.
 * @example
 * ```ts
 * import { createClient, workerFetch } from 'canton-rx';
 * const client = createClient({ scan: { url: 'https://scan.example.com/api/scan' }, fetch: workerFetch() });
 * client.scan.updates({ page_size: 500 }).subscribe((r) => console.log(r));
 * ```
 * @category Client
 * @since 0.1.0
 */
export const workerFetch = (): Fetch => async (input, init) => {
  const send = await (receiver ??= startReceiver().catch((e: unknown) => {
    receiver = undefined;
    throw e;
  }));
  return send(input, init);
};
