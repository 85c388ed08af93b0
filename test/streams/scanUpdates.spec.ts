import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import { Subject, take } from 'rxjs';
import { fetch as crossFetch } from 'cross-fetch';
import { createClient } from '../../src/client/createClient';
import { checkpointOf } from '../../src/streams/checkpointOf';
import { previousMicrosecond } from '../../src/time/previousMicrosecond';
import type { ScanCheckpoint } from '../../src/streams/checkpoints';
import type { ScanGroup } from '../../src/scan/createScanGroup';
import type { Fetch } from '../../src/http/types';
import type { CantonError } from '../../src/errors/CantonError';
import { startServer, type TestServer, type Reply } from '../helpers/server';
import { answerUpdates, scanHistory } from '../helpers/scanHistory';
import { collect } from '../helpers/collect';

type Item = { update_id: string };
const ids = (rs: Array<E.Either<CantonError, Item>>) => rs.map((r) => (E.isRight(r) ? r.right.update_id : `Left:${r.left._tag}`));

describe('scan.updates (stream against a loopback Scan)', () => {
  let server: TestServer;
  let history = scanHistory(23);
  let answer: (body: string, url: string) => Reply = (body, url) => ({ body: answerUpdates(history, body, url.includes('/v1/')) });
  let scan: ScanGroup;
  let inFlight = 0;
  let maxInFlight = 0;

  before(async () => {
    server = await startServer((req) => {
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      void req.closedEarly.then(() => inFlight--);
      return answer(req.body, req.url);
    });
    scan = createClient({ scan: { url: `${server.url}/api/scan` }, fetch: crossFetch as unknown as Fetch }).scan;
  });
  after(() => server.close());
  beforeEach(() => {
    history = scanHistory(23);
    answer = (body, url) => ({ body: answerUpdates(history, body, url.includes('/v1/')) });
    maxInFlight = 0;
  });

  it('streams the whole history in server order, across pages and migration ids', async () => {
    const n = server.requests.length;
    const out = await collect(scan.updates({ page_size: 5 }));
    assert.deepEqual(ids(out), history.map((h) => h.update_id));
    // 23 items: a first page of 5, then pages of 6 from the microsecond before the last item (which
    // they repeat): 5 + 5 + 5 + 5 + 3 new items, an overlap page with nothing new, an empty probe.
    assert.equal(server.requests.length - n, 7);
    const bodies = server.requests.slice(n).map((r) => JSON.parse(r.body) as { page_size: number; after?: { after_migration_id: number; after_record_time: string } });
    assert.equal(bodies[0]!.after, undefined);
    assert.deepEqual(bodies[1], { page_size: 6, after: { after_migration_id: 0, after_record_time: previousMicrosecond(history[4]!.record_time as string) } });
    assert.deepEqual(bodies[6], { page_size: 5, after: { after_migration_id: 2, after_record_time: history[22]!.record_time } });
  });

  it('uses /v1/updates when asked, items with their hex offset', async () => {
    const out = await collect(scan.updates({ page_size: 10 }, { version: 'v1' }));
    assert.equal(server.requests.at(-1)!.url, '/api/scan/v1/updates');
    assert.equal(out.length, 23);
    assert.ok(out.every((r) => E.isRight(r) && typeof (r.right as { offset?: string }).offset === 'string'));
  });

  it('an empty history completes after one request', async () => {
    history = [];
    const n = server.requests.length;
    assert.deepEqual(await collect(scan.updates({ page_size: 5 })), []);
    assert.equal(server.requests.length - n, 1);
  });

  it('the exact end costs one request more than an empty page: an overlap page with nothing new, then an empty probe', async () => {
    history = scanHistory(10);
    const n = server.requests.length;
    assert.equal((await collect(scan.updates({ page_size: 5 }))).length, 10);
    assert.equal(server.requests.length - n, 4);
  });

  it('resuming from the checkpoint of any item gives exactly the remaining items', async () => {
    const all = history.map((h) => h.update_id);
    const first = await collect(scan.updates({ page_size: 4 }));
    for (let i = 0; i < first.length; i++) {
      const item = first[i]!;
      assert.ok(E.isRight(item));
      const checkpoint = JSON.parse(JSON.stringify(checkpointOf(item.right))) as ScanCheckpoint;
      const rest = await collect(scan.updates({ page_size: 4 }, { from: checkpoint }));
      assert.deepEqual(ids(rest), all.slice(i + 1), `resuming after item ${i}`);
    }
  });

  it('the checkpoint of a reassignment takes the migration id inside its event', async () => {
    const out = await collect(scan.updates({ page_size: 50 }));
    const reassignment = out.map((r) => (E.isRight(r) ? r.right : undefined)).find((i) => i && 'event' in i);
    assert.ok(reassignment && 'event' in reassignment);
    assert.deepEqual(checkpointOf(reassignment), { stream: 'scan.updates', migration_id: reassignment.event.migration_id, record_time: reassignment.record_time, update_id: reassignment.update_id });
  });

  it('early unsubscribe aborts the page in flight', async () => {
    let calls = 0;
    answer = (body) => (++calls === 2 ? { action: 'hang' } : { body: answerUpdates(history, body) });
    const n = server.requests.length;
    const seen: unknown[] = [];
    let firstPage!: () => void;
    const handedOn = new Promise<void>((resolve) => (firstPage = resolve));
    const sub = scan.updates({ page_size: 5 }).subscribe((r) => {
      seen.push(r);
      if (seen.length === 5) firstPage();
    });
    // The second page is asked for while the first is handed on.
    const [hanging] = await Promise.all([server.request(n + 1), handedOn]);
    sub.unsubscribe();
    assert.equal(await hanging.closedEarly, true);
    assert.equal(seen.length, 5);
  });

  it('take(n) stops the stream without asking for more than one page beyond the one it took', async () => {
    const n = server.requests.length;
    const out = await collect(scan.updates({ page_size: 5 }).pipe(take(7)));
    assert.equal(out.length, 7);
    // Page 3 was asked for while page 2 was handed on, and aborted when take(7) stopped on page 2:
    // it may or may not have reached the server; nothing after it was asked for.
    await new Promise((r) => setTimeout(r, 20));
    const sent = server.requests.length - n;
    assert.ok(sent === 2 || sent === 3, `${sent} requests`);
  });

  it('an item that goes back ends the stream with an invariant Left, keeping what came before', async () => {
    let calls = 0;
    answer = (body) => {
      const page = answerUpdates(history, body) as { transactions: unknown[] };
      // The second page starts before the last item of the first one.
      if (++calls === 2) page.transactions = [history[3], ...page.transactions.slice(1)];
      return { body: page };
    };
    const out = await collect(scan.updates({ page_size: 5 }));
    assert.deepEqual(ids(out).slice(0, 5), history.slice(0, 5).map((h) => h.update_id));
    assert.equal(out.length, 6);
    const last = out[5]!;
    assert.ok(E.isLeft(last) && last.left._tag === 'DecodeError' && last.left.reason === 'invariant');
    assert.equal(last.left._tag === 'DecodeError' && last.left.issues[0]!.path, 'transactions.0');
  });

  it('a failed page emits one Left and completes; the items before it stay delivered', async () => {
    let calls = 0;
    answer = (body) => (++calls === 3 ? { status: 500, body: { error: 'An unexpected error occurred.' } } : { body: answerUpdates(history, body) });
    const out = await collect(scan.updates({ page_size: 5 }));
    assert.equal(out.length, 11);
    assert.ok(out.slice(0, 10).every(E.isRight));
    const last = out[10]!;
    assert.ok(E.isLeft(last) && last.left._tag === 'HttpError' && last.left.status === 500);
  });

  it('a slow pull-mode consumer never has more than one request in flight nor runs ahead', async () => {
    const pull = new Subject<void>();
    const n = server.requests.length;
    const seen: unknown[] = [];
    const done = new Promise<void>((resolve) => scan.updates({ page_size: 5 }, { pull, prefetch: 1 }).subscribe({ next: (r) => seen.push(r), complete: resolve }));
    // Wait until the first page is handed and the second prefetched, then check it waits.
    while (server.requests.length - n < 2 || seen.length < 5) await new Promise((r) => setImmediate(r));
    await new Promise((r) => setTimeout(r, 5));
    assert.equal(server.requests.length - n, 2);
    assert.equal(seen.length, 5);
    for (let i = 0; i < 10 && seen.length < 23; i++) {
      pull.next();
      await new Promise((r) => setTimeout(r, 2));
    }
    await done;
    assert.equal(seen.length, 23);
    assert.equal(maxInFlight, 1);
  });

  it('refuses an invalid request or a checkpoint of another stream without sending', async () => {
    const n = server.requests.length;
    const [bad] = await collect(scan.updates({ page_size: 0 }));
    const [wrong] = await collect(scan.updates({ page_size: 5 }, { from: { stream: 'ledger.updates', offset: 3 } as never }));
    assert.ok(bad && E.isLeft(bad) && bad.left._tag === 'InvalidRequest');
    assert.ok(wrong && E.isLeft(wrong) && wrong.left._tag === 'InvalidRequest');
    assert.equal(server.requests.length, n);
  });
});
