import type { Fetch, FetchResponse } from '../../../src/http/types';
import { answerUpdates } from '../../helpers/scanHistory';

type Json = Record<string, unknown>;

/** How one in-memory Scan behaves. */
export interface MemoryScan {
  /** Answers after this many (virtual) milliseconds; default 50. */
  readonly latencyMs?: number;
  /** Answers 429 "Too Many Requests" (text, no Retry-After) to every `limitedEvery`-th request. */
  readonly limitedEvery?: number;
  /** The history it serves (default the shared one). */
  readonly history?: Json[];
}

/**
 * Scans as a `fetch` over `setTimeout` (or a fake clock's), for tests in virtual time: each
 * answers `POST /v2/updates` from its history after its latency, honours the abort signal, and
 * counts the requests it got and the statuses it answered.
 */
export const memoryScans = (history: Json[], scans: ReadonlyArray<MemoryScan>, timers: { setTimeout: (f: () => void, ms: number) => unknown; clearTimeout: (t: unknown) => void } = { setTimeout, clearTimeout: (t) => clearTimeout(t as NodeJS.Timeout) }) => {
  const urls = scans.map((_, i) => `http://scan-${i}.test/api/scan`);
  const requests = scans.map(() => 0);
  const statuses = scans.map(() => ({}) as Record<number, number>);
  const fetch: Fetch = (input, init) =>
    new Promise<FetchResponse>((resolve, reject) => {
      const i = urls.findIndex((u) => input.startsWith(u));
      const scan = scans[i]!;
      const n = ++requests[i]!;
      const answer = (status: number, body: string, type: string) => {
        statuses[i]![status] = (statuses[i]![status] ?? 0) + 1;
        resolve({ status, headers: { get: (h: string) => (h.toLowerCase() === 'content-type' ? type : null) }, text: () => Promise.resolve(body) });
      };
      const timer = timers.setTimeout(() => {
        if (scan.limitedEvery !== undefined && n % scan.limitedEvery === 0) return answer(429, 'Too Many Requests: Server is busy, please try again later.', 'text/plain');
        if (!input.endsWith('/v2/updates')) return answer(404, '{"error":"not found"}', 'application/json');
        answer(200, JSON.stringify(answerUpdates(scan.history ?? history, String(init.body))), 'application/json');
      }, scan.latencyMs ?? 50);
      init.signal.addEventListener('abort', () => {
        timers.clearTimeout(timer);
        reject(Object.assign(new Error('aborted'), { name: 'AbortError' }));
      });
    });
  return { urls, fetch, requests, statuses };
};
