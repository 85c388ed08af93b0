import assert from 'node:assert/strict';
import type { UpdateHistoryItemV2 } from '../../src/codecs/scan/UpdateHistoryItemV2';
import { EMPTY } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import { initialScanRead, MAX_STALLS, scanCursorPaging, scanPageRequest, scanPageStep, SCAN_PAGE_LIMIT, type ScanReadState } from '../../src/paging/byScanCursor';
import { previousMicrosecond } from '../../src/time/previousMicrosecond';

const T = (us: number) => `2025-06-01T00:00:00.${String(us).padStart(6, '0')}Z`;
const item = (id: string, us: number, migration = 1) => ({ update_id: id, migration_id: migration, record_time: T(us) }) as unknown as UpdateHistoryItemV2;
const ids = (items: ReadonlyArray<{ update_id: string }>) => items.map((i) => i.update_id);

/** Scan's answer to a request: the items strictly after `after`, at most `page_size` of them. */
const serve = (history: UpdateHistoryItemV2[], state: ScanReadState, pageSize: number) => {
  const req = scanPageRequest(state, pageSize);
  const after = req.after;
  const start = after === undefined ? 0 : history.findIndex((h) => {
    const m = (h as unknown as { migration_id: number }).migration_id;
    // Six-digit record times of one length compare correctly as text.
    return m > after.after_migration_id || (m === after.after_migration_id && h.record_time > after.after_record_time);
  });
  return history.slice(start < 0 ? history.length : start, (start < 0 ? history.length : start) + req.page_size);
};

/** Reads a whole history, page by page, with an optional page shortener; returns the ids and the request count. */
const readAll = (history: UpdateHistoryItemV2[], pageSize: number, from: ScanReadState = initialScanRead(undefined, undefined), shorten = (p: UpdateHistoryItemV2[]) => p) => {
  let state = from;
  const out: string[] = [];
  for (let requests = 1; requests < 10_000; requests++) {
    const step = scanPageStep(state, pageSize, shorten(serve(history, state, pageSize)));
    assert.equal(step.failure, undefined);
    out.push(...ids(step.items));
    if (step.caughtUp) return { out, requests, state: step.next };
    state = step.next;
  }
  throw new Error('no end');
};

describe('scanPaging', () => {
  const ties = [item('a', 1), item('b', 2), item('c', 3), item('d', 3), item('e', 4), item('f', 5), item('g', 5), item('h', 5), item('i', 6)];

  it('asks from the microsecond before the last item, for page_size plus the items it will repeat', () => {
    const state: ScanReadState = { cursor: { migration_id: 1, record_time: T(3) }, tied: ['c', 'd'], mode: 'overlap', extra: 2, stalls: 0 };
    assert.deepEqual(scanPageRequest(state, 5), { page_size: 7, after: { after_migration_id: 1, after_record_time: previousMicrosecond(T(3)) } });
    assert.deepEqual(scanPageRequest({ ...state, mode: 'probe' }, 5), { page_size: 5, after: { after_migration_id: 1, after_record_time: T(3) } });
    // Never above the server's limit, unless page_size itself is.
    assert.equal(scanPageRequest(state, SCAN_PAGE_LIMIT).page_size, SCAN_PAGE_LIMIT);
  });

  it('delivers items sharing a record time across every page boundary, each once, in order', () => {
    for (let size = 1; size <= ties.length + 1; size++) assert.deepEqual(readAll(ties, size).out, ids(ties), `page_size ${size}`);
  });

  it('resumes exactly after any item, tied or not, from its id', () => {
    for (let i = 0; i < ties.length; i++) {
      const from = initialScanRead({ migration_id: 1, record_time: ties[i]!.record_time }, ties[i]!.update_id);
      for (const size of [1, 2, 4]) assert.deepEqual(readAll(ties, size, from).out, ids(ties.slice(i + 1)), `after ${i}, page_size ${size}`);
    }
  });

  it('a checkpoint without an update id resumes strictly after its record time', () => {
    const from = initialScanRead({ migration_id: 1, record_time: T(3) }, undefined);
    assert.deepEqual(readAll(ties, 2, from).out, ['e', 'f', 'g', 'h', 'i']);
  });

  it('is exact under pages cut short at random, and ends only on an empty probe', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    const long = Array.from({ length: 300 }, (_, i) => item(`u${i}`, 10 + Math.floor(i / 3) * 2 + (i % 3 === 2 ? 1 : 0), 1 + Math.floor(i / 120)));
    for (const size of [1, 2, 3, 5, 17]) {
      // Short only while more than the page remain, never empty: Splice's PageLimit as the testkit serves it.
      const shorten = (p: UpdateHistoryItemV2[]) => (p.length > 1 && random() < 0.4 ? p.slice(0, 1 + Math.floor(random() * (p.length - 1))) : p);
      assert.deepEqual(readAll(long, size, undefined, shorten).out, ids(long), `page_size ${size}`);
    }
  });

  it('costs one request beyond an empty page at the end', () => {
    const plain = Array.from({ length: 10 }, (_, i) => item(`p${i}`, i + 1));
    // 10 items in pages of 5 new ones: two data pages, an overlap page with nothing new, an empty probe.
    assert.equal(readAll(plain, 5).requests, 4);
  });

  it('a probe that finds more asks the overlap page again instead of stepping past the cursor', () => {
    const state: ScanReadState = { cursor: { migration_id: 1, record_time: T(3) }, tied: ['c'], mode: 'probe', extra: 1, stalls: 0 };
    const step = scanPageStep(state, 5, [item('e', 4)]);
    assert.deepEqual(step.items, []);
    assert.equal(step.next.mode, 'overlap');
    assert.equal(step.next.stalls, 1);
  });

  it('gives up with an invariant Left after MAX_STALLS pages that show nothing new, instead of looping', () => {
    let state: ScanReadState = { cursor: { migration_id: 1, record_time: T(3) }, tied: ['c'], mode: 'overlap', extra: 1, stalls: 0 };
    for (let i = 0; i <= 2 * MAX_STALLS + 2; i++) {
      // An overlap page that only repeats 'c', then a probe that finds more: the server keeps hiding what follows.
      const step = scanPageStep(state, 5, state.mode === 'overlap' ? [item('c', 3)] : [item('e', 4)]);
      if (step.failure !== undefined) {
        assert.equal(step.failure._tag === 'DecodeError' && step.failure.reason, 'invariant');
        assert.equal(step.next.stalls, MAX_STALLS);
        return;
      }
      state = step.next;
    }
    assert.fail('no Left');
  });

  it('asks for more when a full overlap page holds only items at the cursor before the last delivered one', () => {
    const crowd = [item('x1', 3), item('x2', 3), item('x3', 3), item('x4', 3), item('y', 4)];
    const state = initialScanRead({ migration_id: 1, record_time: T(3) }, 'x4');
    const step = scanPageStep(state, 1, crowd.slice(0, 2));
    assert.equal(step.next.extra, 2);
    assert.deepEqual(readAll(crowd, 1, state).out, ['y']);
  });

  it('items going backwards, or an update twice at one cursor, end the page with a Left after the valid items', () => {
    const state: ScanReadState = { cursor: { migration_id: 1, record_time: T(3) }, tied: ['c'], mode: 'overlap', extra: 1, stalls: 0 };
    const back = scanPageStep(state, 5, [item('c', 3), item('e', 4), item('b', 2)]);
    assert.deepEqual(ids(back.items), ['e']);
    assert.equal(back.failure?._tag === 'DecodeError' && back.failure.issues[0]!.path, 'transactions.2');
    const twice = scanPageStep(state, 5, [item('c', 3), item('d', 3), item('d', 3)]);
    assert.deepEqual(ids(twice.items), ['d']);
    assert.equal(twice.failure?._tag === 'DecodeError' && twice.failure.issues[0]!.path, 'transactions.2');
    const before = scanPageStep(state, 5, [item('b', 2)]);
    assert.equal(before.failure?._tag === 'DecodeError' && before.failure.issues[0]!.path, 'transactions.0');
  });

  it('a checkpoint whose update is not among the items at its record time is a Left, not a guess', () => {
    const state = initialScanRead({ migration_id: 1, record_time: T(3) }, 'zz');
    const step = scanPageStep(state, 5, [item('c', 3), item('d', 3), item('e', 4)]);
    assert.equal(step.failure?._tag === 'DecodeError' && step.failure.reason, 'invariant');
    assert.deepEqual(step.items, []);
  });

  it('an empty page is caught up; a later migration always comes after', () => {
    const state: ScanReadState = { cursor: { migration_id: 1, record_time: T(9) }, tied: ['q'], mode: 'overlap', extra: 1, stalls: 0 };
    assert.equal(scanPageStep(state, 5, []).caughtUp, true);
    const next = scanPageStep(state, 5, [item('q', 9), item('r', 1, 2)]);
    assert.deepEqual(ids(next.items), ['r']);
    assert.deepEqual(next.next.cursor, { migration_id: 2, record_time: T(1) });
  });
});

describe('scanCursorPaging ahead (the next request guessed from the raw bytes)', () => {
  const paging = scanCursorPaging<{ transactions: UpdateHistoryItemV2[] }, UpdateHistoryItemV2, 'scan.updates'>({
    stream: 'scan.updates',
    pageSize: 3,
    tailMs: undefined,
    itemsPath: 'transactions',
    ahead: true,
    request: () => EMPTY,
    records: (r) => ({ values: r.transactions }),
  });
  const ahead = paging.ahead!;
  const encode = (items: UpdateHistoryItemV2[]) => new TextEncoder().encode(JSON.stringify({ transactions: items }));
  const stepped = (items: UpdateHistoryItemV2[], read: ScanReadState) => {
    const r = paging.step({ transactions: items }, read);
    assert.ok(E.isRight(r));
    return r.right.next!;
  };

  it('guesses the request that the checked page asks next, from the last item', () => {
    const start = initialScanRead(undefined, undefined);
    const page = [item('a', 1), item('b', 2), item('c', 3)];
    const guess = ahead.guess(encode(page), start)!;
    assert.equal(ahead.same(guess, stepped(page, start)), true);
    assert.deepEqual(scanPageRequest(guess, 3), { page_size: 4, after: { after_migration_id: 1, after_record_time: previousMicrosecond(T(3)) } });
  });

  it('a page that ends in a tie asks for a larger page than guessed: the guess is not kept', () => {
    const start = initialScanRead(undefined, undefined);
    const page = [item('a', 1), item('b', 3), item('c', 3)];
    const guess = ahead.guess(encode(page), start)!;
    assert.equal(ahead.same(guess, stepped(page, start)), false);
  });

  it('no guess for a probe, an empty page, a page that does not move the cursor, or bytes without a valid cursor', () => {
    const at3: ScanReadState = { cursor: { migration_id: 1, record_time: T(3) }, tied: ['c'], mode: 'overlap', extra: 1, stalls: 0 };
    assert.equal(ahead.guess(encode([item('d', 4)]), { ...at3, mode: 'probe' }), undefined);
    assert.equal(ahead.guess(encode([]), at3), undefined);
    assert.equal(ahead.guess(encode([item('c', 3)]), at3), undefined);
    assert.equal(ahead.guess(new TextEncoder().encode('{"transactions":[{"update_id":"x","migration_id":1,"record_time":"yesterday"}]}'), at3), undefined);
    assert.equal(ahead.guess(new TextEncoder().encode('<html>'), at3), undefined);
  });
});
