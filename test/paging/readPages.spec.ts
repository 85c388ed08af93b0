import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import fc from 'fast-check';
import * as t from 'io-ts';
import { EMPTY, Observable, Subject, asapScheduler, defer, from, map, of, take } from 'rxjs';
import { readPages, type Paging } from '../../src/paging/readPages';
import { flattenPages, valuesOf } from '../../src/paging/flattenPages';
import type { CantonError } from '../../src/errors/CantonError';
import { httpError, networkError } from '../../src/errors/constructors';
import { toAsyncIterable } from '../../src/streams/toAsyncIterable';
import { createTransport } from '../../src/client/createTransport';
import { decodeResponse } from '../../src/client/decodeResponse';
import type { Fetch } from '../../src/http/types';
import { startServer } from '../helpers/server';
import { testScheduler } from '../helpers/marbles';

/** The shape the engine's item-level behaviour is specified in: a page source answering items and the next state. */
interface Step<S, I> {
  readonly items: ReadonlyArray<I>;
  readonly next: S | undefined;
  readonly failure?: CantonError;
}

/**
 * The engine read through its item form (flattenPages), each item its own checkpoint. A page
 * waits for the request sent ahead of it on `asapScheduler`, which virtual time controls; the
 * default macrotask is checked against a loopback server below.
 */
const pager = <S, I>(spec: { page: (s: S) => Observable<E.Either<CantonError, Step<S, I>>> }, initial: S, options: Parameters<typeof readPages>[2] = {}) => {
  const paging: Paging<S, Step<S, I>, I, I> = {
    request: spec.page,
    step: (s) =>
      E.right({
        page: { records: s.items.map((value) => ({ value, checkpoint: value })), checkpoint: s.items[s.items.length - 1], caughtUp: false },
        next: s.next,
        ...(s.failure !== undefined ? { failure: s.failure } : {}),
      }),
  };
  return flattenPages(readPages(paging, initial, { handOnScheduler: asapScheduler, ...options }), valuesOf);
};

// A history of pages: page n holds items [n*10, n*10+1]; the state is the page number.
const stepOf = (n: number, last: number): E.Either<CantonError, Step<number, number>> =>
  E.right({ items: [n * 10, n * 10 + 1], next: n < last ? n + 1 : undefined });

/**
 * Page requests the test answers one at a time, in order, recording each request's fate: a
 * request is `open` until answered, or `cancelled` if unsubscribed first.
 */
const manualPages = (last: number) => {
  const requests: Array<{ n: number; state: 'open' | 'answered' | 'cancelled'; answer: () => void }> = [];
  const page = (n: number) =>
    new Observable<E.Either<CantonError, Step<number, number>>>((subscriber) => {
      const request = {
        n,
        state: 'open' as 'open' | 'answered' | 'cancelled',
        answer: () => {
          request.state = 'answered';
          subscriber.next(stepOf(n, last));
          subscriber.complete();
        },
      };
      requests.push(request);
      return () => {
        if (request.state === 'open') request.state = 'cancelled';
      };
    });
  const answer = (i: number) => {
    const request = requests[i];
    assert.ok(request && request.state === 'open', `request ${i} is not open`);
    request.answer();
  };
  return { page, requests, answer };
};

const failure = networkError('POST', 'http://scan/api/scan/v2/updates', 'socket hang up', null);

describe('readPages (the paging engine)', () => {
  describe('push mode', () => {
    it('hands each page on when it arrives, having asked for the next one', () => {
      testScheduler().run(({ cold, expectObservable }) => {
        // A group occupies as many frames as it has characters: pages arrive at 5, 10 and 15.
        const page = (n: number) => cold('-----(a|)', { a: stepOf(n, 2) });
        expectObservable(pager({ page }, 0)).toBe('-----(ab)-(cd)-(ef|)', {
          a: E.right(0), b: E.right(1), c: E.right(10), d: E.right(11), e: E.right(20), f: E.right(21),
        });
      });
    });

    it('completes after an empty last page', () => {
      testScheduler().run(({ cold, expectObservable }) => {
        const page = () => cold('-(a|)', { a: E.right({ items: [], next: undefined }) });
        expectObservable(pager({ page }, 0)).toBe('-|');
      });
    });

    it('hands a Left on in place of the page and ends the stream', () => {
      testScheduler().run(({ cold, expectObservable }) => {
        const page = (n: number) => (n < 1 ? cold('----(a|)', { a: stepOf(n, 5) }) : cold('----(a|)', { a: E.left(failure) }));
        expectObservable(pager({ page }, 0)).toBe('----(ab)(c|)', { a: E.right(0), b: E.right(1), c: E.left(failure) });
      });
    });

    it('hands on the valid items of a page before the failure found in it', () => {
      testScheduler().run(({ cold, expectObservable }) => {
        const page = () => cold('----(a|)', { a: E.right({ items: [1, 2], next: 5, failure }) });
        expectObservable(pager({ page }, 0)).toBe('----(abc|)', { a: E.right(1), b: E.right(2), c: E.left(failure) });
      });
    });

    it('never has more than one request in flight, and unsubscribing cancels it', () => {
      testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
        const requests = [cold('---(a|)', { a: stepOf(0, 9) }), cold('---(a|)', { a: stepOf(1, 9) }), cold('---(a|)', { a: stepOf(2, 9) })];
        const page = (n: number) => requests[n]!;
        expectObservable(pager({ page }, 0), '^-----!').toBe('---(ab)', { a: E.right(0), b: E.right(1) });
        expectSubscriptions(requests[0]!.subscriptions).toBe('^--!');
        expectSubscriptions(requests[1]!.subscriptions).toBe('---^--!');
        expectSubscriptions(requests[2]!.subscriptions).toBe([]);
      });
    });

    it('sends nothing before subscribe', () => {
      let calls = 0;
      pager({ page: (n: number) => (calls++, of(stepOf(n, 0))) }, 0);
      assert.equal(calls, 0);
    });

    it('works with synchronous page sources', () => {
      const seen: Array<E.Either<CantonError, number>> = [];
      pager({ page: (n: number) => of(stepOf(n, 2)) }, 0).subscribe((v) => seen.push(v));
      assert.deepEqual(seen, [0, 1, 10, 11, 20, 21].map((n) => E.right(n)));
    });

    it('stops handing items and fetching pages when the consumer unsubscribes mid-page', () => {
      const seen: Array<E.Either<CantonError, number>> = [];
      let requested = 0;
      pager({ page: (n: number) => (requested++, of(stepOf(n, 5))) }, 0)
        .pipe(take(3))
        .subscribe((v) => seen.push(v));
      assert.deepEqual(seen, [E.right(0), E.right(1), E.right(10)]);
      // Page 2 was asked for when page 1 began (one page ahead), and nothing after it.
      assert.equal(requested, 3);
    });

    it('asks for the next page before handing on the current one, so a synchronous consumer works while the server does', () => {
      testScheduler().run(({ flush }) => {
        const net = manualPages(2);
        const seen: Array<[item: number, requested: number]> = [];
        pager({ page: net.page }, 0).subscribe((v) => {
          if (E.isRight(v)) seen.push([v.right, net.requests.length]);
        });
        net.answer(0);
        // Page 0 waits one microtask (the transport calls fetch a microtask after subscribe), page 1 is asked for.
        assert.deepEqual(seen, []);
        assert.deepEqual(net.requests.map((r) => r.state), ['answered', 'open']);
        flush();
        net.answer(1);
        flush();
        net.answer(2);
        flush();
        assert.deepEqual(seen, [[0, 2], [1, 2], [10, 3], [11, 3], [20, 3], [21, 3]]);
        assert.deepEqual(net.requests.map((r) => r.state), ['answered', 'answered', 'answered']);
      });
    });

    it('with prefetch 0 asks for the next page only after the current one is handed on', () => {
      const net = manualPages(1);
      const seen: Array<[item: number, requested: number]> = [];
      pager({ page: net.page }, 0, { prefetch: 0 }).subscribe((v) => {
        if (E.isRight(v)) seen.push([v.right, net.requests.length]);
      });
      for (let i = 0; i < 2; i++) net.answer(i);
      assert.deepEqual(seen, [[0, 1], [1, 1], [10, 2], [11, 2]]);
    });

    it('with the real HTTP transport, the next page is being fetched before a synchronous consumer starts on a page', async () => {
      // The transport calls fetch a microtask after subscribe, and fetch sends a few ticks later:
      // a page handed on in the same tick as its successor is asked for would still take turns.
      const server = await startServer(() => ({ body: {} }));
      try {
        let fetchCalls = 0;
        const counting: Fetch = (url, init) => {
          fetchCalls++;
          return globalThis.fetch(url, init);
        };
        const transport = createTransport('scan', { url: server.url }, { fetch: counting, timeoutMs: 5000 });
        const page = (n: number) => transport({ method: 'POST', path: '/page', body: { n } }).pipe(map(decodeResponse(t.unknown)), map((r) => (E.isLeft(r) ? r : stepOf(n, 3))));
        const seen: Array<[item: number, fetchCalls: number]> = [];
        await new Promise<void>((resolve) =>
          pager({ page }, 0).subscribe({
            next: (v) => {
              if (E.isRight(v)) seen.push([v.right, fetchCalls]);
            },
            complete: resolve,
          }),
        );
        assert.deepEqual(seen, [[0, 2], [1, 2], [10, 3], [11, 3], [20, 4], [21, 4], [30, 4], [31, 4]]);
      } finally {
        await server.close();
      }
    });

    it('by default a page waits a macrotask after the next request reaches fetch, so it is on the wire before a synchronous consumer starts', async () => {
      const server = await startServer(() => ({ body: {} }));
      try {
        // For each fetch call: whether many rounds of microtasks and process.nextTick have run
        // since, the ticks fetch takes to put the request on the wire (a microtask yield: none).
        const settled: boolean[] = [];
        const marking: Fetch = (url, init) => {
          const i = settled.push(false) - 1;
          const round = (k: number): void => (k === 0 ? void (settled[i] = true) : queueMicrotask(() => process.nextTick(() => round(k - 1))));
          round(20);
          return globalThis.fetch(url, init);
        };
        const transport = createTransport('scan', { url: server.url }, { fetch: marking, timeoutMs: 5000 });
        const page = (n: number) => transport({ method: 'POST', path: '/page', body: { n } }).pipe(map(decodeResponse(t.unknown)), map((r) => (E.isLeft(r) ? r : stepOf(n, 3))));
        const seen: Array<[item: number, fetchCalls: number, nextOnTheWire: boolean]> = [];
        await new Promise<void>((resolve) =>
          pager({ page }, 0, { handOnScheduler: undefined }).subscribe({
            next: (v) => {
              if (E.isRight(v) && v.right % 10 === 0) seen.push([v.right, settled.length, settled[settled.length - 1]!]);
            },
            complete: resolve,
          }),
        );
        assert.deepEqual(seen, [[0, 2, true], [10, 3, true], [20, 4, true], [30, 4, true]]);
      } finally {
        await server.close();
      }
    });

    it('ahead: the request guessed from the raw bytes is sent before the page is parsed and decoded and kept when step names it; a wrong guess is cancelled and the checked state asked for', async () => {
      // Page n answers { items, next }; `lie` pages put a wrong `next` in what the guess reads.
      const lie = new Set([1]);
      const server = await startServer((req) => {
        const n = (JSON.parse(req.body) as { n: number }).n;
        return { body: { items: [n * 10, n * 10 + 1], next: n < 3 ? n + 1 : null, guess: n < 3 ? (lie.has(n) ? 7 : n + 1) : null } };
      });
      try {
        const transport = createTransport('scan', { url: server.url }, { fetch: globalThis.fetch, timeoutMs: 5000 });
        const asked: number[] = [];
        const decoded: number[] = [];
        const paging: Paging<number, { items: number[]; next: number | null }, number, number> = {
          request: (n, onOkBytes) => {
            asked.push(n);
            return transport({ method: 'POST', path: '/page', body: { n }, ...(onOkBytes ? { onOkBytes } : {}) }).pipe(map(decodeResponse(t.type({ items: t.array(t.number), next: t.union([t.number, t.null]) }))));
          },
          step: (answer, n) => {
            decoded.push(n);
            return E.right({ page: { records: answer.items.map((value) => ({ value, checkpoint: value })), checkpoint: answer.items[1], caughtUp: false }, next: answer.next ?? undefined });
          },
          ahead: { guess: (bytes) => (JSON.parse(new TextDecoder().decode(bytes)) as { guess: number | null }).guess ?? undefined, same: (a, b) => a === b },
        };
        const items: number[] = [];
        // Whether the next request had reached fetch when the page's first item was handed on.
        const askedAtHandOn: number[] = [];
        await new Promise<void>((resolve) =>
          flattenPages(readPages(paging, 0), valuesOf).subscribe({
            next: (v) => {
              if (E.isRight(v)) {
                items.push(v.right);
                if (v.right % 10 === 0) askedAtHandOn.push(asked.length);
              }
            },
            complete: resolve,
          }),
        );
        assert.deepEqual(items, [0, 1, 10, 11, 20, 21, 30, 31]);
        // 1 guessed from page 0 and kept; 7 guessed from page 1, cancelled, 2 asked instead; 3 guessed and kept.
        assert.deepEqual(asked, [0, 1, 7, 2, 3]);
        // Every page is stepped with the state step named, never with the guess.
        assert.deepEqual(decoded, [0, 1, 2, 3]);
        assert.deepEqual(askedAtHandOn, [2, 4, 5, 5]);
      } finally {
        await server.close();
      }
    });

    it('unsubscribing while a page is handed on cancels the request for the next one', () => {
      testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
        const requests = [0, 1, 2].map((n) => cold('----(a|)', { a: stepOf(n, 9) }));
        const out = pager({ page: (n: number) => requests[n]! }, 0).pipe(take(3));
        expectObservable(out).toBe('----(ab)(c|)', { a: E.right(0), b: E.right(1), c: E.right(10) });
        expectSubscriptions(requests[1]!.subscriptions).toBe('----^---!');
        expectSubscriptions(requests[2]!.subscriptions).toBe('--------(^!)');
      });
    });

    it('passes a defect of the page source to the error channel', () => {
      testScheduler().run(({ cold, expectObservable }) => {
        const page = () => cold<E.Either<CantonError, Step<number, number>>>('-#', undefined, new Error('bug'));
        expectObservable(pager({ page }, 0)).toBe('-#', undefined, new Error('bug'));
      });
    });
  });

  describe('pull mode', () => {
    it('hands the first page on arrival, then one page per pull, prefetching one page ahead', () => {
      testScheduler().run(({ cold, hot, expectObservable, expectSubscriptions }) => {
        const requests = [0, 1, 2].map((n) => cold('--(a|)', { a: stepOf(n, 2) }));
        const pull = hot('----------x---------x');
        const out = pager({ page: (n: number) => requests[n]! }, 0, { pull, prefetch: 1 });
        expectObservable(out).toBe('--(ab)----(cd)------(ef|)', {
          a: E.right(0), b: E.right(1), c: E.right(10), d: E.right(11), e: E.right(20), f: E.right(21),
        });
        // Page 1 loads right after page 0 is handed on; page 2 only once page 1 has been pulled.
        expectSubscriptions(requests[1]!.subscriptions).toBe('--^-!');
        expectSubscriptions(requests[2]!.subscriptions).toBe('----------^-!');
      });
    });

    it('with prefetch 0 fetches only on demand', () => {
      testScheduler().run(({ cold, hot, expectObservable, expectSubscriptions }) => {
        const requests = [0, 1].map((n) => cold('--(a|)', { a: stepOf(n, 1) }));
        const pull = hot('-----x');
        const out = pager({ page: (n: number) => requests[n]! }, 0, { pull, prefetch: 0 });
        expectObservable(out).toBe('--(ab)-(cd|)', { a: E.right(0), b: E.right(1), c: E.right(10), d: E.right(11) });
        expectSubscriptions(requests[1]!.subscriptions).toBe('-----^-!');
      });
    });

    it('a slow consumer never makes the stream run ahead by more than prefetch pages', () => {
      let requested = 0;
      const pull = new Subject<void>();
      const handed: number[] = [];
      pager({ page: (n: number) => (requested++, of(stepOf(n, 100))) }, 0, { pull, prefetch: 2 }).subscribe((v) => {
        if (E.isRight(v)) handed.push(v.right);
      });
      // Nothing pulled yet: page 0 handed on, pages 1 and 2 fetched ahead, then it waits.
      assert.equal(requested, 3);
      assert.deepEqual(handed, [0, 1]);
      pull.next();
      assert.equal(requested, 4);
      assert.deepEqual(handed, [0, 1, 10, 11]);
    });

    it('with an asynchronous consumer (toAsyncIterable) the next page is on its way before the last item of a page is taken', async () => {
      const seen: Array<[item: number, requested: number]> = [];
      let requested = 0;
      const page = (n: number) => (requested++, from(Promise.resolve(stepOf(n, 2))));
      for await (const v of toAsyncIterable((pull) => pager({ page }, 0, { pull }))) {
        if (E.isRight(v)) seen.push([v.right, requested]);
        // The consumer's own asynchronous work: a macrotask per item.
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
      assert.deepEqual(seen, [[0, 2], [1, 2], [10, 3], [11, 3], [20, 3], [21, 3]]);
    });

    it('a consumer that pulls from inside next is served in order, without recursion', () => {
      const pull = new Subject<void>();
      const handed: number[] = [];
      pager({ page: (n: number) => of(stepOf(n, 3)) }, 0, { pull }).subscribe((v) => {
        if (E.isRight(v)) {
          handed.push(v.right);
          if (v.right % 10 === 1) pull.next();
        }
      });
      assert.deepEqual(handed, [0, 1, 10, 11, 20, 21, 30, 31]);
    });
  });
  describe('in any mode, with any page sizes, answer order and prefetch', () => {
    // Page k holds items k*100 + i; pages may be empty. The driver answers the open request or
    // pulls, in an order fast-check chooses; the consumer may pull from inside next, or stop early.
    it('hands every item on once, in order; one request in flight; the next page asked for while a page is handed on, never more than prefetch ahead', () => {
      fc.assert(
        fc.property(
          fc.array(fc.nat({ max: 3 }), { minLength: 1, maxLength: 6 }),
          fc.nat({ max: 3 }),
          fc.constantFrom('push', 'pull', 'pull from inside next'),
          fc.boolean(),
          fc.array(fc.boolean(), { maxLength: 24 }),
          fc.option(fc.integer({ min: 1, max: 12 }), { nil: undefined }),
          (sizes, prefetch, mode, synchronous, plan, stopAfter) => testScheduler().run(({ flush }) => {
            const history = sizes.flatMap((size, k) => Array.from({ length: size }, (_, i) => k * 100 + i));
            const violations: string[] = [];
            const open: Array<() => void> = [];
            let requested = 0;
            let inFlight = 0;
            const page = (k: number) =>
              new Observable<E.Either<CantonError, Step<number, number>>>((subscriber) => {
                if (inFlight > 0) violations.push(`page ${k} asked for with another request in flight`);
                requested++;
                inFlight++;
                let done = false;
                const answer = () => {
                  if (done) return;
                  done = true;
                  inFlight--;
                  const items = Array.from({ length: sizes[k]! }, (_, i) => k * 100 + i);
                  subscriber.next(E.right({ items, next: k + 1 < sizes.length ? k + 1 : undefined }));
                  subscriber.complete();
                };
                if (synchronous) answer();
                else open.push(answer);
                return () => {
                  if (!done) {
                    done = true;
                    inFlight--;
                  }
                };
              });

            const pull = new Subject<void>();
            const handed: number[] = [];
            let completed = false;
            const stream = pager({ page }, 0, { prefetch, ...(mode === 'push' ? {} : { pull }) });
            const subscription = (stopAfter === undefined ? stream : stream.pipe(take(stopAfter))).subscribe({
              next: (v) => {
                if (E.isLeft(v)) return void violations.push('a Left');
                const k = Math.floor(v.right / 100);
                handed.push(v.right);
                // Pages 0..k have begun: anything requested past them is fetched ahead.
                if (requested - (k + 1) > prefetch) violations.push(`${requested - (k + 1)} pages ahead at item ${v.right}, prefetch ${prefetch}`);
                if (prefetch > 0 && k + 1 < sizes.length && requested < k + 2) violations.push(`page ${k + 1} not asked for while page ${k} is handed on`);
                if (mode === 'pull from inside next') pull.next();
              },
              error: (e: unknown) => void violations.push(`defect ${String(e)}`),
              complete: () => {
                completed = true;
              },
            });
            // Each step ends with the macrotasks it scheduled (virtual time).
            const drive = (answer: boolean) => {
              if (answer && open.length > 0) open.shift()!();
              else if (mode !== 'push') pull.next();
              else if (open.length > 0) open.shift()!();
              flush();
            };
            flush();
            for (const answer of plan) drive(answer);
            for (let i = 0; i < 4 * sizes.length + 4 && !completed; i++) drive(true);

            const expected = stopAfter === undefined ? history : history.slice(0, stopAfter);
            assert.deepEqual(violations, []);
            assert.deepEqual(handed, expected);
            assert.ok(completed, 'the stream completed');
            // Stopping early cancelled the request the overlap had started.
            assert.equal(inFlight, 0);
            subscription.unsubscribe();
          }),
        ),
        { numRuns: 300 },
      );
    });
  });
});

describe('readPages: a pull that completes', () => {
  const counting = () => ({
    page: (n: number) => defer(() => of<E.Either<CantonError, Step<number, number>>>(E.right({ items: [n], next: n + 1 }))),
  });
  const label = map((r: E.Either<CantonError, number>) => (E.isRight(r) ? String(r.right) : 'L'));

  it('ends the stream once the pages asked for are handed on', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      expectObservable(pager(counting(), 0, { pull: cold('--a--a--|') }).pipe(label)).toBe('0-1--2--|', { 0: '0', 1: '1', 2: '2' } as never);
    });
  });

  it('EMPTY as pull: the first page, then the end', () => {
    testScheduler().run(({ expectObservable }) => {
      expectObservable(pager(counting(), 0, { pull: EMPTY }).pipe(label)).toBe('(0|)', { 0: '0' } as never);
    });
  });

  it('toAsyncIterable over a stream whose pull ends after two: three pages, then the loop ends', async () => {
    const got: number[] = [];
    for await (const r of toAsyncIterable((pull) => pager(counting(), 0, { pull: pull.pipe(take(2)) }))) if (E.isRight(r)) got.push(r.right);
    assert.deepEqual(got, [0, 1, 2]);
  });
});

describe('readPages: pages, tail, retry and recovery', () => {
  // A history the test grows: the state is the next index to read; a page holds up to 2 records,
  // and an empty one shows the read caught up (the next poll waits 1000 ms).
  const growing = (history: number[]): Paging<number, number[], number, number> => ({
    request: (at) => defer(() => of(E.right(history.slice(at, at + 2)))),
    step: (got, at) => {
      const caughtUp = got.length === 0;
      return E.right({
        page: { records: got.map((value, i) => ({ value, checkpoint: at + i + 1 })), checkpoint: at + got.length, caughtUp },
        next: at + got.length,
        ...(caughtUp ? { waitMs: 1000 } : {}),
      });
    },
  });
  const label = (r: E.Either<CantonError, { records: ReadonlyArray<{ value: number }>; caughtUp: boolean }>): string =>
    E.isRight(r) ? (r.right.caughtUp ? 'c' : r.right.records.map((x) => x.value).join('')) : 'L';

  it('hands on whole pages with their checkpoint; a caught-up page shows where the read stands', () => {
    const seen: unknown[] = [];
    readPages(growing([1, 2, 3]), 0)
      .pipe(take(3))
      .subscribe((r) => seen.push(E.isRight(r) ? [r.right.records.map((x) => x.value), r.right.checkpoint, r.right.caughtUp] : 'L'));
    assert.deepEqual(seen, [[[1, 2], 2, false], [[3], 3, false], [[], 3, true]]);
  });

  it('tails in virtual time: once caught up the next request waits waitMs, and new records come', () => {
    const ts = testScheduler();
    ts.run(({ expectObservable }) => {
      const history = [1, 2];
      ts.schedule(() => history.push(3, 4, 5), 1500);
      expectObservable(readPages(growing(history), 0).pipe(map(label)), '^ 2500ms !').toBe('(ab) 996ms c 999ms (def)', { a: '12', b: 'c', c: 'c', d: '34', e: '5', f: 'c' });
    });
  });

  it('retries a failed page under options.retry, asking again for the same state', () => {
    const asked: number[] = [];
    testScheduler().run(({ cold, expectObservable }) => {
      const internal = E.left(httpError({ status: 500, method: 'POST', url: 'u', body: { _tag: 'SimpleError', error: 'boom' } }));
      const answers = [cold<E.Either<CantonError, number[]>>('-(a|)', { a: internal }), cold<E.Either<CantonError, number[]>>('-(b|)', { b: E.right([7]) })];
      let i = 0;
      const paging: Paging<number, number[], number, number> = {
        request: (s) => defer(() => (asked.push(s), answers[i++]!)),
        step: (got) => E.right({ page: { records: got.map((value) => ({ value, checkpoint: value })), checkpoint: got[0], caughtUp: false }, next: undefined }),
      };
      const out = flattenPages(readPages(paging, 5, { retry: { initialDelayMs: 10, random: () => 0.5 } }), valuesOf).pipe(map((r) => (E.isRight(r) ? r.right : -1)));
      expectObservable(out).toBe('- 5ms - (a|)', { a: 7 });
    });
    // Both requests asked for the same state: a retry never skips ahead.
    assert.deepEqual(asked, [5, 5]);
  });

  it('recover turns a failed request into a fresh state, asked once; a second failure stands', () => {
    const refused = httpError({ status: 400, method: 'POST', url: 'u', body: { _tag: 'SimpleError', error: 'bad token' } });
    const asked: string[] = [];
    const paging: Paging<string, string[], string, string> = {
      request: (s) => defer(() => (asked.push(s), of(s === 'fresh' ? E.right(['x']) : E.left(refused)))),
      step: (got) => E.right({ page: { records: got.map((value) => ({ value, checkpoint: value })), checkpoint: 'x', caughtUp: false }, next: undefined }),
      recover: (_e, s) => (s === 'stale' ? 'fresh' : s === 'again' ? 'stale' : undefined),
    };
    const seen: unknown[] = [];
    flattenPages(readPages(paging, 'stale'), valuesOf).subscribe((r) => seen.push(r));
    assert.deepEqual(seen, [E.right('x')]);
    const seen2: unknown[] = [];
    flattenPages(readPages(paging, 'again'), valuesOf).subscribe((r) => seen2.push(r));
    assert.deepEqual(seen2, [E.left(refused)]);
    assert.deepEqual(asked, ['stale', 'fresh', 'again', 'stale']);
  });

  it('in pull mode a caught-up page without records takes no pull, and nothing runs past the window', () => {
    const history = [1, 2, 3, 4, 5, 6];
    let requested = 0;
    const paging = growing(history);
    const counted: Paging<number, number[], number, number> = { ...paging, request: (at) => (requested++, paging.request(at)) };
    const pull = new Subject<void>();
    const seen: string[] = [];
    const subscription = readPages(counted, 0, { pull, prefetch: 1 }).subscribe((r) => seen.push(label(r)));
    // The first page unasked, the next one fetched ahead, then it waits for a pull.
    assert.deepEqual(seen, ['12']);
    assert.equal(requested, 2);
    pull.next();
    pull.next();
    // Two pulls: [3,4] and [5,6]; the caught-up page after them goes out without one.
    assert.deepEqual(seen, ['12', '34', '56', 'c']);
    // The caught-up page armed the next poll (a real timer): the test ends the read.
    subscription.unsubscribe();
  });
});
