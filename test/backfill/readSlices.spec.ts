import assert from 'node:assert/strict';
import { defer, delay, of, tap } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import { readSlices } from '../../src/backfill/readSlices.js';
import { initialScanRead, type scanPageRequest } from '../../src/paging/byScanCursor.js';
import type { UpdateHistoryItemV2 } from '../../src/codecs/scan/UpdateHistoryItemV2.js';
import type { CantonError } from '../../src/errors/CantonError.js';
import { testScheduler } from '../helpers/marbles.js';

/** What a page request asks for: `page_size` and `after`. */
type Cursor = ReturnType<typeof scanPageRequest>;

describe('readSlices (virtual time)', () => {
  const item = (m: number, s: number): UpdateHistoryItemV2 =>
    ({ update_id: `u${m}-${s}`, migration_id: m, record_time: `2025-01-01T00:00:${String(s).padStart(2, '0')}.000000Z` }) as unknown as UpdateHistoryItemV2;
  /** A Scan over `all`: strictly after `after`, at most page_size items, in order, answering `ms` later; `onRequest` sees where each request asks from. */
  const scanOver =
    (all: ReadonlyArray<UpdateHistoryItemV2>, ms: number, onRequest: (after: string | undefined) => void = () => undefined) =>
    (req: Cursor) =>
      defer(() => {
        const after = req.after?.after_record_time;
        onRequest(after);
        return of(E.right(all.filter((i) => after === undefined || i.record_time > after).slice(0, req.page_size))).pipe(delay(ms));
      });

  it('reads at most `concurrency` pages at once and delivers in slice order', () => {
    testScheduler().run(({ flush }) => {
      // Four slices of two items each in migration 0, seconds 0-1, 2-3, 4-5, 6-7; the later slices answer sooner.
      const slices = [0, 1, 2, 3].map((k) => ({ start: initialScanRead({ migration_id: 0, record_time: `2025-01-01T00:00:${String(2 * k - 1 < 0 ? 0 : 2 * k - 1).padStart(2, '0')}.000000Z` }, undefined), end: { migration_id: 0, record_time: `2025-01-01T00:00:0${2 * k + 1}.000000Z` } }));
      slices[0] = { start: initialScanRead(undefined, undefined), end: slices[0]!.end };
      const all = [0, 1, 2, 3, 4, 5, 6, 7].map((s) => item(0, s));
      let inFlight = 0;
      let maxInFlight = 0;
      const page = (req: Cursor) =>
        defer(() => {
          inFlight++;
          maxInFlight = Math.max(maxInFlight, inFlight);
          const after = req.after?.after_record_time;
          const rest = all.filter((i) => after === undefined || i.record_time > after);
          const late = 40 - 10 * Number(rest[0]?.record_time.slice(18, 19) ?? 0) / 2;
          return of(E.right(rest.slice(0, 3))).pipe(delay(late), tap({ complete: () => inFlight-- }));
        });
      const out: string[] = [];
      readSlices(slices, 2, page, 3, undefined).subscribe((r) => out.push(E.isRight(r) ? r.right.update_id : 'LEFT'));
      flush();
      assert.deepEqual(out, all.map((i) => i.update_id));
      assert.equal(maxInFlight, 2);
    });
  });

  it('cuts one wide slice into slices of about a page once a page has shown the density, reading `concurrency` at once', () => {
    testScheduler().run(({ flush }) => {
      const all = Array.from({ length: 40 }, (_, s) => item(0, s));
      const slices = [{ start: initialScanRead(undefined, undefined), end: { migration_id: 0, record_time: '2025-01-01T00:00:39.000000Z' } }];
      let inFlight = 0;
      let maxInFlight = 0;
      let requests = 0;
      const page = (req: Cursor) =>
        defer(() => {
          inFlight++;
          requests++;
          maxInFlight = Math.max(maxInFlight, inFlight);
          const after = req.after?.after_record_time;
          const rest = all.filter((i) => after === undefined || i.record_time > after);
          return of(E.right(rest.slice(0, 4))).pipe(delay(10), tap({ complete: () => inFlight-- }));
        });
      const out: string[] = [];
      readSlices(slices, 4, page, 4, undefined).subscribe((r) => out.push(E.isRight(r) ? r.right.update_id : 'LEFT'));
      flush();
      assert.deepEqual(out, all.map((i) => i.update_id));
      assert.equal(maxInFlight, 4);
      assert.ok(requests < 40, `${requests} requests`);
    });
  });

  it('keeps items that share a record time across the cuts of a slice (three updates per record time, pages of four)', () => {
    testScheduler().run(({ flush }) => {
      const all = Array.from({ length: 45 }, (_, i) => ({ ...item(0, Math.floor(i / 3)), update_id: `u${i}` }) as UpdateHistoryItemV2);
      const slices = [{ start: initialScanRead(undefined, undefined), end: { migration_id: 0, record_time: '2025-01-01T00:00:14.000000Z' } }];
      const out: string[] = [];
      readSlices(slices, 3, scanOver(all, 5), 4, undefined, all.slice(0, 4)).subscribe((r) => out.push(E.isRight(r) ? r.right.update_id : 'LEFT'));
      flush();
      assert.deepEqual(out, all.map((i) => i.update_id));
    });
  });

  it('reads slices as they are planned, and a Left of the plan ends the stream after the slices before it', () => {
    const scheduler = testScheduler();
    scheduler.run(({ cold, flush }) => {
      const all = Array.from({ length: 8 }, (_, s) => item(0, s));
      const slice = (from: number | undefined, to: number) => ({
        start: initialScanRead(from === undefined ? undefined : { migration_id: 0, record_time: all[from]!.record_time }, undefined),
        end: { migration_id: 0, record_time: all[to]!.record_time },
      });
      const sent: Array<{ at: number; after: string | undefined }> = [];
      const page = scanOver(all, 10, (after) => sent.push({ at: scheduler.now(), after }));
      // The plan: two slices at once, two more 100 ms later, then a failure 100 ms after that.
      const failure = { _tag: 'InvalidRequest', message: 'no plan', issues: [] } as unknown as CantonError;
      const plan = cold('a 99ms b 99ms (c|)', {
        a: E.right([slice(undefined, 1), slice(1, 3)]),
        b: E.right([slice(3, 5), slice(5, 7)]),
        c: E.left(failure),
      });
      const out: Array<{ at: number; what: string }> = [];
      readSlices(plan, 4, page, 2, undefined, all.slice(0, 2)).subscribe((r) => out.push({ at: scheduler.now(), what: E.isRight(r) ? r.right.update_id : 'LEFT' }));
      flush();
      assert.deepEqual(out.map((o) => o.what), [...all.map((i) => i.update_id), 'LEFT']);
      // The first slices were read and delivered before the rest was planned.
      assert.ok(sent.filter((s) => s.at < 100).length >= 2, JSON.stringify(sent));
      assert.ok(out.filter((o) => o.what !== 'LEFT' && o.at < 100).length >= 4, JSON.stringify(out));
      assert.equal(out.at(-1)!.at, 200);
    });
  });

  it('uses a page already read for the first slice instead of asking for it again', () => {
    testScheduler().run(({ flush }) => {
      const all = Array.from({ length: 6 }, (_, s) => item(0, s));
      const start = initialScanRead(undefined, undefined);
      const slices = [{ start, end: { migration_id: 0, record_time: all[2]!.record_time } }, { start: initialScanRead({ migration_id: 0, record_time: all[2]!.record_time }, undefined), end: undefined }];
      const asked: Array<string | undefined> = [];
      const out: string[] = [];
      readSlices(slices, 2, scanOver(all, 10, (after) => asked.push(after)), 3, undefined, [], { state: start, page: all.slice(0, 3) }).subscribe((r) => out.push(E.isRight(r) ? r.right.update_id : 'LEFT'));
      flush();
      assert.deepEqual(out, all.map((i) => i.update_id));
      assert.ok(!asked.includes(undefined), `asked from the beginning again: ${JSON.stringify(asked)}`);
    });
  });

  it('a slice whose page ends exactly at its end asks once more, for the items that may share it (two requests, not three)', () => {
    testScheduler().run(({ flush }) => {
      // The end of the history: nothing after the slice's end.
      const all = Array.from({ length: 4 }, (_, s) => item(0, s));
      const slices = [{ start: initialScanRead(undefined, undefined), end: { migration_id: 0, record_time: all[3]!.record_time } }];
      let requests = 0;
      const out: string[] = [];
      readSlices(slices, 2, scanOver(all, 10, () => requests++), 4, undefined, all.slice(0, 4)).subscribe((r) => out.push(E.isRight(r) ? r.right.update_id : 'LEFT'));
      flush();
      assert.deepEqual(out, all.map((i) => i.update_id));
      assert.equal(requests, 2);
    });
  });

  it('retries a failed page through the engine from the same state, and hands the Left on after the items before it when retries run out', () => {
    testScheduler().run(({ flush }) => {
      const all = Array.from({ length: 6 }, (_, s) => item(0, s));
      const slices = [{ start: initialScanRead(undefined, undefined), end: undefined }];
      const blip = { _tag: 'HttpError', status: 503, method: 'POST', url: 'http://scan/v2/updates', retryAfterMs: null, body: { _tag: 'Empty' } } as unknown as CantonError;
      const over = scanOver(all, 10);
      // Every request fails the first time it is sent: the retry asks again from the same state.
      const failedOnce = new Set<string>();
      const flaky = (req: Cursor) => defer(() => (failedOnce.has(JSON.stringify(req)) ? over(req) : (failedOnce.add(JSON.stringify(req)), of(E.left(blip)).pipe(delay(5)))));
      const out: string[] = [];
      readSlices(slices, 2, flaky, 2, { initialDelayMs: 1, maxRetries: 1 }).subscribe((r) => out.push(E.isRight(r) ? r.right.update_id : 'LEFT'));
      flush();
      assert.deepEqual(out, all.map((i) => i.update_id));
      const failing: string[] = [];
      readSlices(slices, 2, (req) => (req.after === undefined ? over(req) : of(E.left(blip))), 2, { initialDelayMs: 1, maxRetries: 2 }).subscribe((r) => failing.push(E.isRight(r) ? r.right.update_id : 'LEFT'));
      flush();
      // The first page's last record time goes on in new slices (which fail): what came before it, then the Left.
      assert.deepEqual(failing, ['u0-0', 'LEFT']);
    });
  });

  it('holds at most `concurrency` pages: while the head slice waits, the slices after it read one page each and ask for no more', () => {
    const scheduler = testScheduler();
    scheduler.run(({ flush }) => {
      const all = Array.from({ length: 12 }, (_, s) => item(0, s));
      // Six slices of two items each; pages of four, so each slice's first page reaches its end.
      const slices = [0, 1, 2, 3, 4, 5].map((k) => ({
        start: initialScanRead(k === 0 ? undefined : { migration_id: 0, record_time: all[2 * k - 1]!.record_time }, undefined),
        end: { migration_id: 0, record_time: all[2 * k + 1]!.record_time },
      }));
      const asked: Array<{ at: number; after: string | undefined }> = [];
      const page = (req: Cursor) =>
        defer(() => {
          const after = req.after?.after_record_time;
          asked.push({ at: scheduler.now(), after });
          // The head slice answers at 1000 ms, the others at once.
          return of(E.right(all.filter((i) => after === undefined || i.record_time > after).slice(0, req.page_size))).pipe(delay(after === undefined ? 1000 : 10));
        });
      const out: Array<{ at: number; id: string }> = [];
      readSlices(slices, 3, page, 4, undefined, all.slice(0, 4)).subscribe((r) => out.push({ at: scheduler.now(), id: E.isRight(r) ? r.right.update_id : 'LEFT' }));
      flush();
      assert.deepEqual(out.map((o) => o.id), all.map((i) => i.update_id));
      // Before the head's page came, three slices had asked once each, and nothing was delivered.
      assert.equal(asked.filter((a) => a.at < 1000).length, 3, JSON.stringify(asked));
      assert.ok(out.every((o) => o.at >= 1000));
    });
  });
});
