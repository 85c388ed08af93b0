import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import { of, Subject } from 'rxjs';
import { pager, type Step } from '../../src/streams/pager';
import type { CantonError } from '../../src/errors/CantonError';
import { networkError } from '../../src/errors/constructors';

// pager is the paging engine (test/paging/readPages.spec.ts) with each answer's step applied.
const stepOf = (n: number, last: number): E.Either<CantonError, Step<number, number>> => E.right({ items: [n * 10, n * 10 + 1], next: n < last ? n + 1 : undefined });

describe('pager (the engine, for streams whose items carry their checkpoints)', () => {
  it('hands on every item of every page in order, then completes', () => {
    const seen: unknown[] = [];
    let done = false;
    pager({ page: (n: number) => of(stepOf(n, 2)) }, 0).subscribe({ next: (r) => seen.push(r), complete: () => (done = true) });
    assert.deepEqual(seen, [0, 1, 10, 11, 20, 21].map((n) => E.right(n)));
    assert.ok(done);
  });

  it('hands on the valid items before a failure, then the failure, and ends', () => {
    const failure = networkError('POST', 'http://x/p', 'socket hang up', null);
    const seen: unknown[] = [];
    pager({ page: () => of(E.right({ items: [1, 2], next: 5, failure })) }, 0).subscribe((r) => seen.push(r));
    assert.deepEqual(seen, [E.right(1), E.right(2), E.left(failure)]);
  });

  it('in pull mode an empty page takes no pull, and the next page waits for one', () => {
    const pull = new Subject<void>();
    const seen: unknown[] = [];
    const pages: Array<Step<number, number>> = [{ items: [1], next: 1 }, { items: [], next: 2 }, { items: [3], next: undefined }];
    pager({ page: (n: number) => of(E.right(pages[n]!)) }, 0, { pull, prefetch: 0 }).subscribe((r) => seen.push(r));
    assert.deepEqual(seen, [E.right(1)]);
    pull.next();
    assert.deepEqual(seen, [E.right(1), E.right(3)]);
  });
});
