import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import { defer, NEVER, Observable, of, throwError, timer, map } from 'rxjs';
import { toAsyncIterable } from '../../src/streams/toAsyncIterable';
import { pager, type Step } from '../../src/streams/pager';
import type { CantonError } from '../../src/errors/CantonError';

describe('toAsyncIterable', () => {
  // Pages of two items, the third one empty; each page arrives on a later macrotask.
  const makeStream = (log: string[], lastPage = 4) => (pull: import('rxjs').Observable<void>) =>
    pager(
      {
        page: (n: number) =>
          defer(() => {
            log.push(`fetch ${n}`);
            return timer(0).pipe(map((): E.Either<CantonError, Step<number, number>> => E.right({ items: n === 2 ? [] : [n * 10, n * 10 + 1], next: n < lastPage ? n + 1 : undefined })));
          }),
      },
      0,
      { pull, prefetch: 1 },
    );

  it('asks for the next page only as the loop takes items, and skips empty pages', async () => {
    const log: string[] = [];
    for await (const item of toAsyncIterable(makeStream(log))) {
      assert.ok(E.isRight(item));
      log.push(`item ${item.right}`);
      // A slow consumer: yield to the event loop between items.
      await new Promise((r) => setImmediate(r));
    }
    assert.deepEqual(log.filter((l) => l.startsWith('item')), ['item 0', 'item 1', 'item 10', 'item 11', 'item 30', 'item 31', 'item 40', 'item 41']);
    // At any moment: the pages the loop has started, plus the page handed to the iterator and
    // not yet taken, plus one prefetched page, plus the empty page (it hands nothing on).
    let fetched = 0;
    let taken = 0;
    let empty = 0;
    for (const l of log) {
      if (l.startsWith('fetch')) fetched++;
      else taken++;
      if (l === 'fetch 2') empty++;
      const pagesStarted = Math.ceil(taken / 2);
      assert.ok(fetched <= pagesStarted + 2 + empty, `ran ahead at "${l}": ${fetched} fetched, ${taken} taken`);
    }
  });

  it('breaking out of the loop unsubscribes the stream', async () => {
    const log: string[] = [];
    for await (const item of toAsyncIterable(makeStream(log, 1000))) {
      if (E.isRight(item) && item.right === 10) break;
    }
    const fetchedAtBreak = log.length;
    await new Promise((r) => setTimeout(r, 5));
    assert.equal(log.length, fetchedAtBreak);
    assert.ok(fetchedAtBreak <= 3);
  });

  it('rejects with a defect of the stream and ends on completion', async () => {
    await assert.rejects(async () => {
      for await (const _ of toAsyncIterable(() => throwError(() => new Error('defect')))) void _;
    }, /defect/);
    const all: number[] = [];
    for await (const v of toAsyncIterable(() => of(1, 2))) all.push(v);
    assert.deepEqual(all, [1, 2]);
  });

  /** Whether a promise has settled once the event loop has turned: a bounded check, not a wait. */
  const settled = async (p: Promise<unknown>): Promise<boolean> => {
    let done = false;
    void p.then(
      () => (done = true),
      () => (done = true),
    );
    await new Promise((r) => setImmediate(r));
    return done;
  };

  it('return() while a next() waits settles that next() as done, and unsubscribes', async () => {
    let unsubscribed = false;
    const it = toAsyncIterable(() => new Observable<number>(() => () => (unsubscribed = true)))[Symbol.asyncIterator]();
    const pending = it.next();
    assert.equal(await settled(pending), false);
    assert.deepEqual(await it.return!(), { value: undefined, done: true });
    assert.equal(await settled(pending), true);
    assert.deepEqual(await pending, { value: undefined, done: true });
    assert.ok(unsubscribed);
    assert.deepEqual(await it.next(), { value: undefined, done: true });
  });

  it('return() before the first next() opens nothing, ever', async () => {
    let opened = 0;
    const it = toAsyncIterable(() => defer(() => (opened++, NEVER)))[Symbol.asyncIterator]();
    await it.return!();
    assert.deepEqual(await it.next(), { value: undefined, done: true });
    assert.equal(opened, 0);
  });

  it('next() called again before the last one settled: each gets the next item, in order, without running ahead', async () => {
    const log: string[] = [];
    const it = toAsyncIterable(makeStream(log, 1000))[Symbol.asyncIterator]();
    const firstFive = await Promise.all([it.next(), it.next(), it.next(), it.next(), it.next()]);
    assert.deepEqual(firstFive.map((r) => (r.done ? 'done' : E.isRight(r.value) ? r.value.right : 'L')), [0, 1, 10, 11, 30]);
    // Pages 0, 1, 2 (empty) and 3 were needed, and one more may be prefetched: no further.
    assert.deepEqual(log.slice(0, 4), ['fetch 0', 'fetch 1', 'fetch 2', 'fetch 3']);
    assert.ok(log.length <= 5, log.join());
    const rest = [await it.next(), await it.next()];
    assert.deepEqual(rest.map((r) => (r.done ? 'done' : E.isRight(r.value) ? r.value.right : 'L')), [31, 40]);
    await it.return!();
  });

  it('a defect rejects every next() that waits', async () => {
    let fail: (e: Error) => void = () => undefined;
    const it = toAsyncIterable(() => new Observable<number>((s) => void (fail = (e) => s.error(e))))[Symbol.asyncIterator]();
    const a = it.next();
    const b = it.next();
    fail(new Error('defect'));
    await assert.rejects(a, /defect/);
    await assert.rejects(b, /defect/);
  });
});
