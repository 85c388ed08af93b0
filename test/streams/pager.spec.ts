import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import { Subject, of, take } from 'rxjs';
import { pager, type Step } from '../../src/streams/pager';
import type { CantonError } from '../../src/errors/CantonError';
import { networkError } from '../../src/errors/constructors';
import { testScheduler } from '../helpers/marbles';

// A history of pages: page n holds items [n*10, n*10+1]; the state is the page number.
const stepOf = (n: number, last: number): E.Either<CantonError, Step<number, number>> =>
  E.right({ items: [n * 10, n * 10 + 1], next: n < last ? n + 1 : undefined });

const failure = networkError('POST', 'http://scan/api/scan/v2/updates', 'socket hang up', null);

describe('pager', () => {
  describe('push mode', () => {
    it('hands each page on when it arrives and then fetches the next one', () => {
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
      assert.equal(requested, 2);
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
});
