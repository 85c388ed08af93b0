import { availableParallelism, cpus } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { defer, Observable, of } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import type { CantonError } from '../errors/CantonError.js';
import type { Decoder } from 'io-ts';
import type { DecodeBytes } from '../client/invokeOperation.js';
import { decodeResponse } from '../client/decodeResponse.js';
import { UpdateHistoryResponse } from '../codecs/scan/UpdateHistoryResponse.js';
import { UpdateHistoryResponseV2 } from '../codecs/scan/UpdateHistoryResponseV2.js';
import type { PageJob, PageResult } from './pageJob.js';

/**
 * Pages smaller than this are decoded on the calling thread by the reads' shared workers: a
 * worker saves the calling thread only the codec's part (it parses the text the worker answers
 * once more), a tenth of a page's parse, while the transfer, the message and the second parse
 * cost each page the same; measured on pages of 100 small transactions (15 KB), the workers
 * doubled the client's CPU. @internal
 */
export const SMALL_PAGE_BYTES = 64 * 1024;

const codecs = { v1: UpdateHistoryResponse, v2: UpdateHistoryResponseV2 } as const;

/**
 * Where this module is, in the ES module build: scripts/build.mjs writes `import.meta.url` here
 * (CommonJS, as which the same source is compiled too, has no `import.meta`; it has `__dirname`).
 */
const moduleUrl: string | undefined = undefined;

/** The worker entry beside this module, in either build. */
const entry = (): string | URL => (moduleUrl !== undefined ? new URL('./decodeWorker.js', moduleUrl) : join(__dirname, 'decodeWorker.js'));

/** The cores this process may use: the default number of decoding workers. @internal */
export const coresAvailable = (): number => (typeof availableParallelism === 'function' ? availableParallelism() : cpus().length);

/** Decoding workers of one read: `decode` for each history version, `close` when the read ends. @internal */
export interface PageWorkers {
  readonly decode: <A>(version: 'v1' | 'v2') => DecodeBytes<A>;
  readonly close: () => void;
}

/**
 * Starts `n` worker threads that parse and decode history pages (see decodeWorker.ts), each page
 * sent to the worker with the fewest pages in hand, its bytes transferred, not copied. The
 * threads do not keep the process alive, and `close` ends them. A worker that dies is a defect:
 * the pages it held error their Observables.
 * @example
 * ```ts
 * const workers = startPageWorkers(coresAvailable());
 * invokeOperation(transport, scanOperations.getUpdateHistoryV2, [request], undefined, workers.decode('v2'));
 * workers.close();
 * ```
 * @internal
 */
export const startPageWorkers = (
  n: number,
  onDeath: () => void = () => undefined,
  /** Pages of fewer bytes are decoded on the calling thread, as without workers (default 0: none). */
  localBelow = 0,
): PageWorkers => {
  interface Held {
    readonly worker: Worker;
    readonly pending: Map<number, (r: PageResult | Error) => void>;
  }
  let nextId = 0;
  // Started with the first page they take: a read of small pages starts no thread (a thread
  // loading the codecs costs about as much CPU as decoding a hundred small pages).
  let started: Held[] | undefined;
  const start = (): Held[] => Array.from({ length: n }, () => {
    const worker = new Worker(entry());
    worker.unref();
    const h: Held = { worker, pending: new Map() };
    const failAll = (e: Error) => {
      onDeath();
      for (const settle of h.pending.values()) settle(e);
      h.pending.clear();
    };
    worker.on('message', (r: PageResult) => {
      const settle = h.pending.get(r.id);
      h.pending.delete(r.id);
      settle?.(r);
    });
    worker.on('error', failAll);
    worker.on('exit', (code) => failAll(new Error(`a page decoding worker exited (code ${code})`)));
    return h;
  });

  // A platform whose worker threads cannot start (a bundle for a browser) decodes every page here.
  let cannot = false;
  const threads = (): Held[] | undefined => {
    if (started === undefined && !cannot) {
      try {
        started = start();
      } catch {
        cannot = true;
      }
    }
    return started;
  };

  const decode =
    <A>(version: 'v1' | 'v2'): DecodeBytes<A> =>
    (response) =>
      response.body.bytes.byteLength < localBelow || threads() === undefined
        ? defer(() => of(decodeResponse<A>(codecs[version] as unknown as Decoder<unknown, A>)(E.right(response))))
        : new Observable<E.Either<CantonError, A>>((subscriber) => {
            const h = threads()!.reduce((a, b) => (b.pending.size < a.pending.size ? b : a));
            const id = nextId++;
            let bytes = response.body.bytes;
            // Only a buffer of its own can be transferred: a view into a larger one is copied once.
            if (bytes.byteOffset !== 0 || bytes.byteLength !== bytes.buffer.byteLength || !(bytes.buffer instanceof ArrayBuffer)) bytes = bytes.slice();
            h.pending.set(id, (r) => {
              if (r instanceof Error) return subscriber.error(r);
              subscriber.next('error' in r ? E.left(r.error) : 'text' in r ? E.right(JSON.parse(r.text) as A) : E.right(r.value as A));
              subscriber.complete();
            });
            const job: PageJob = { id, version, bytes, contentType: response.body.contentType, status: response.status, method: response.method, url: response.url };
            h.worker.postMessage(job, [bytes.buffer as ArrayBuffer]);
            // An answer no longer wanted is dropped when it comes.
            return () => {
              if (h.pending.has(id)) h.pending.set(id, () => undefined);
            };
          });

  return {
    decode,
    close: () => {
      for (const h of started ?? []) {
        h.worker.removeAllListeners('exit');
        void h.worker.terminate();
      }
    },
  };
};

/** How long idle workers are kept for the next read, so that reads in a row do not each start threads. */
const LINGER_MS = 2000;

const shared = new Map<number, { readonly workers: PageWorkers; users: number; idle: ReturnType<typeof setTimeout> | undefined }>();

/**
 * Takes `n` page decoding workers shared with the other reads of this process that asked for `n`;
 * `close` gives them back, and the last one to give them back ends them once they have been idle
 * for a moment (the timer does not keep the process alive).
 * @example
 * ```ts
 * const workers = acquirePageWorkers(2);
 * workers.close(); // ended after two idle seconds unless taken again
 * ```
 * @internal
 */
export const acquirePageWorkers = (n: number): PageWorkers => {
  let entry = shared.get(n);
  if (entry === undefined) {
    const workers: PageWorkers = startPageWorkers(
      n,
      () => {
        if (shared.get(n)?.workers === workers) shared.delete(n);
      },
      SMALL_PAGE_BYTES,
    );
    entry = { workers, users: 0, idle: undefined };
    shared.set(n, entry);
  }
  const e = entry;
  if (e.idle !== undefined) clearTimeout(e.idle);
  e.idle = undefined;
  e.users++;
  let released = false;
  return {
    decode: e.workers.decode,
    close: () => {
      if (released) return;
      released = true;
      if (--e.users > 0) return;
      e.idle = setTimeout(() => {
        if (shared.get(n) === e) shared.delete(n);
        e.workers.close();
      }, LINGER_MS);
      e.idle.unref?.();
    },
  };
};
