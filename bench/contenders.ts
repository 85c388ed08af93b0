import { lastValueFrom, reduce } from 'rxjs';
import { ScanClient } from '@canton-network/core-splice-client';
import { createClient } from '../src/clientFactory/createClient';
import { formatError } from '../src/errors/formatError';
import { workerFetch } from '../src/http/workerFetch';
import { LEDGER_UPDATE_FORMAT, PAGE_SIZE } from './server';
import type { BenchServer } from './startServer';

/** What the consumer does with each item, the same in every contender. */
export type Consume = (item: unknown) => void;

/** One way of reading a whole history: resolves to the number of items handed to `consume`. */
export type Contender = (consume: Consume) => Promise<number>;

interface ScanPage {
  readonly transactions: ReadonlyArray<{ readonly migration_id: number; readonly record_time: string }>;
}
interface LedgerPage {
  readonly updates?: ReadonlyArray<unknown>;
  readonly nextPageToken?: string;
}

const post = async (url: string, body: unknown): Promise<string> => {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
  return text;
};

/**
 * The contenders of the end-to-end comparison, all over the platform `fetch`, all reading to the
 * end of the history (an empty page), so each makes the same requests.
 */
export const contenders = (server: BenchServer, slow: boolean) => {
  const scanUrl = server.scanUrl(slow);
  const ledgerUrl = server.ledgerUrl(slow);
  const client = createClient({ scan: { url: scanUrl }, ledger: { url: ledgerUrl } });
  // The same client receiving on a worker thread (`workerFetch`): this thread parses and decodes.
  const onWorker = createClient({ scan: { url: scanUrl }, ledger: { url: ledgerUrl }, fetch: workerFetch() });
  const official = new ScanClient(
    new URL(scanUrl),
    { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined },
    // No token: the benchmark server needs none.
    { getAccessToken: () => Promise.resolve(''), getAuthContext: () => Promise.reject(new Error('no auth in the benchmark')) },
  );

  /** A hand-written sequential loop: fetch a page, JSON.parse it, hand its items on, ask for the next. */
  const handScan: Contender = async (consume) => {
    let after: { after_migration_id: number; after_record_time: string } | undefined;
    let count = 0;
    for (;;) {
      const page = JSON.parse(await post(`${scanUrl}/v2/updates`, after ? { page_size: PAGE_SIZE, after } : { page_size: PAGE_SIZE })) as ScanPage;
      const last = page.transactions[page.transactions.length - 1];
      if (last === undefined) return count;
      for (const item of page.transactions) consume(item);
      count += page.transactions.length;
      after = { after_migration_id: last.migration_id, after_record_time: last.record_time };
    }
  };

  /** The same loop over the official ScanClient (openapi-fetch over the platform fetch; it validates nothing). */
  const officialScan: Contender = async (consume) => {
    let after: { after_migration_id: number; after_record_time: string } | undefined;
    let count = 0;
    for (;;) {
      const page = await official.post('/v2/updates', after ? { page_size: PAGE_SIZE, after } : { page_size: PAGE_SIZE });
      const last = page.transactions[page.transactions.length - 1];
      if (last === undefined) return count;
      for (const item of page.transactions) consume(item);
      count += page.transactions.length;
      // A reassignment carries its migration id in its event.
      after = { after_migration_id: 'migration_id' in last ? last.migration_id : last.event.migration_id, after_record_time: last.record_time };
    }
  };

  /** `scan.updates`: every item decoded and its order checked; a Left stops the benchmark. */
  const libraryScan =
    (prefetch?: number, worker = false): Contender =>
    (consume) =>
      lastValueFrom(
        (worker ? onWorker : client).scan.updates({ page_size: PAGE_SIZE }, prefetch === undefined ? {} : { prefetch }).pipe(
          reduce((n, r) => {
            if (r._tag === 'Left') throw new Error(formatError(r.left));
            consume(r.right);
            return n + 1;
          }, 0),
        ),
      );

  const handLedger: Contender = async (consume) => {
    let token: string | undefined;
    let count = 0;
    for (;;) {
      const body = { updateFormat: LEDGER_UPDATE_FORMAT, maxPageSize: PAGE_SIZE, ...(token === undefined ? {} : { pageToken: token }) };
      const page = JSON.parse(await post(`${ledgerUrl}/v2/updates/get-updates-page`, body)) as LedgerPage;
      const updates = page.updates ?? [];
      for (const item of updates) consume(item);
      count += updates.length;
      // Without an end offset the token always comes back: an empty page is the end.
      if (updates.length === 0 || page.nextPageToken === undefined) return count;
      token = page.nextPageToken;
    }
  };

  const libraryLedger =
    (worker = false): Contender =>
    (consume) =>
    lastValueFrom(
      (worker ? onWorker : client).ledger.updates({ updateFormat: LEDGER_UPDATE_FORMAT, maxPageSize: PAGE_SIZE }).pipe(
        reduce((n, r) => {
          if (r._tag === 'Left') throw new Error(formatError(r.left));
          consume(r.right);
          return n + 1;
        }, 0),
      ),
    );

  return { handScan, officialScan, libraryScan, handLedger, libraryLedger };
};
