import assert from 'node:assert/strict';
import { defer, delay, of, tap } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import { planBackfill } from '../../src/pool/planBackfill.js';
import { readSlices } from '../../src/pool/scanBackfill.js';
import { initialScanRead, scanPageRequest, type ScanReadState } from '../../src/streams/scanPaging.js';
import type { UpdateHistoryItemV2 } from '../../src/codecs/scan/UpdateHistoryItemV2.js';
import { testScheduler } from '../helpers/marbles.js';

const ranges = [
  { migration_id: 0, min: '2025-01-01T00:00:00.000000Z', max: '2025-01-01T00:00:06.000000Z' },
  { migration_id: 1, min: '2025-01-01T00:00:03.000000Z', max: '2025-01-01T00:00:05.000000Z' },
];

describe('planBackfill', () => {
  it('shares the slices by record-time span, each within one migration, contiguous, then one open slice for what was appended', () => {
    const plan = planBackfill(ranges, { cursor: undefined, updateId: undefined }, 8, undefined);
    assert.equal(plan.length, 9);
    assert.deepEqual(plan.map((s) => s.start.cursor?.migration_id), [0, 0, 0, 0, 0, 0, 1, 1, 1]);
    assert.equal(plan[0]!.start.cursor?.record_time, '2024-12-31T23:59:59.999999Z');
    for (let i = 0; i + 1 < plan.length; i++) {
      const end = plan[i]!.end!;
      if (end.migration_id === plan[i + 1]!.start.cursor!.migration_id) assert.deepEqual(plan[i + 1]!.start.cursor, end);
    }
    assert.deepEqual(plan[5]!.end, { migration_id: 0, record_time: '2025-01-01T00:00:06.000000Z' });
    assert.deepEqual(plan[7]!.end, { migration_id: 1, record_time: '2025-01-01T00:00:05.000000Z' });
    assert.deepEqual(plan[8]!.start.cursor, plan[7]!.end);
    assert.equal(plan[8]!.end, undefined);
  });

  it('starts exactly after a checkpoint, skips earlier migrations, and ends at `to`', () => {
    const from = { migration_id: 0, record_time: '2025-01-01T00:00:05.000000Z' };
    const to = { migration_id: 1, record_time: '2025-01-01T00:00:04.000000Z' };
    const plan = planBackfill(ranges.slice(0), { cursor: from, updateId: 'u1' }, 4, to);
    assert.deepEqual(plan[0]!.start, initialScanRead(from, 'u1'));
    assert.deepEqual(plan.at(-1)!.end, to);
  });

  it('an unknown range makes the rest one open slice after the known ones', () => {
    const plan = planBackfill([ranges[0]!, { migration_id: 1 }], { cursor: undefined, updateId: undefined }, 4, undefined);
    assert.deepEqual(plan.at(-1)!.start.cursor, { migration_id: 0, record_time: '2025-01-01T00:00:06.000000Z' });
    assert.equal(plan.at(-1)!.end, undefined);
  });
});

describe('readSlices (virtual time)', () => {
  const item = (m: number, s: number): UpdateHistoryItemV2 =>
    ({ update_id: `u${m}-${s}`, migration_id: m, record_time: `2025-01-01T00:00:${String(s).padStart(2, '0')}.000000Z` }) as unknown as UpdateHistoryItemV2;

  it('reads at most `concurrency` pages at once and delivers in slice order', () => {
    testScheduler().run(({ flush }) => {
      // Four slices of two items each in migration 0, seconds 0-1, 2-3, 4-5, 6-7; the later slices answer sooner.
      const slices = [0, 1, 2, 3].map((k) => ({ start: initialScanRead({ migration_id: 0, record_time: `2025-01-01T00:00:${String(2 * k - 1 < 0 ? 0 : 2 * k - 1).padStart(2, '0')}.000000Z` }, undefined), end: { migration_id: 0, record_time: `2025-01-01T00:00:0${2 * k + 1}.000000Z` } }));
      slices[0] = { start: initialScanRead(undefined, undefined), end: slices[0]!.end };
      const all = [0, 1, 2, 3, 4, 5, 6, 7].map((s) => item(0, s));
      let inFlight = 0;
      let maxInFlight = 0;
      const page = (state: ScanReadState) =>
        defer(() => {
          inFlight++;
          maxInFlight = Math.max(maxInFlight, inFlight);
          const after = state.cursor?.record_time;
          const rest = all.filter((i) => after === undefined || i.record_time > after);
          const late = 40 - 10 * Number(rest[0]?.record_time.slice(18, 19) ?? 0) / 2;
          return of(E.right(rest.slice(0, 3))).pipe(delay(late), tap({ complete: () => inFlight-- }));
        });
      const out: string[] = [];
      readSlices(slices, 2, page, 3).subscribe((r) => out.push(E.isRight(r) ? r.right.update_id : 'LEFT'));
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
      const page = (state: ScanReadState) =>
        defer(() => {
          inFlight++;
          requests++;
          maxInFlight = Math.max(maxInFlight, inFlight);
          const after = state.cursor?.record_time;
          const rest = all.filter((i) => after === undefined || i.record_time > after);
          return of(E.right(rest.slice(0, 4))).pipe(delay(10), tap({ complete: () => inFlight-- }));
        });
      const out: string[] = [];
      readSlices(slices, 4, page, 4).subscribe((r) => out.push(E.isRight(r) ? r.right.update_id : 'LEFT'));
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
      // A Scan: strictly after `after`, at most page_size items, in order.
      const page = (state: ScanReadState) =>
        defer(() => {
          const req = scanPageRequest(state, 4);
          const after = req.after?.after_record_time;
          return of(E.right(all.filter((i) => after === undefined || i.record_time > after).slice(0, req.page_size))).pipe(delay(5));
        });
      const out: string[] = [];
      readSlices(slices, 3, page, 4, all.slice(0, 4)).subscribe((r) => out.push(E.isRight(r) ? r.right.update_id : 'LEFT'));
      flush();
      assert.deepEqual(out, all.map((i) => i.update_id));
    });
  });
});
