import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import { defer, of, Observable } from 'rxjs';
import { asAttempt, retryAttempt } from '../../src/retry/retryAttempt';
import { retryBackoff } from '../../src/retry/retryBackoff';
import { httpError } from '../../src/errors/constructors';
import type { CantonError } from '../../src/errors/CantonError';
import { testScheduler } from '../helpers/marbles';

type R = E.Either<CantonError, string>;
const unavailable: R = E.left(httpError({ status: 503, method: 'GET', url: 'http://s/x', body: { _tag: 'Empty' } }));
const ok: R = E.right('ok');

/** A source that notes the retry number it is subscribed with, and answers from `answers` in turn. */
const noting = (seen: number[], answers: ReadonlyArray<R>) =>
  defer(() => {
    seen.push(retryAttempt());
    return of(answers[Math.min(seen.length - 1, answers.length - 1)]!);
  });

describe('retryAttempt', () => {
  it('is 0 outside a subscribe, the given number during one, and restored after it (nested too)', () => {
    const seen: number[] = [];
    const inner = new Observable<number>((s) => {
      seen.push(retryAttempt());
      s.complete();
    });
    assert.equal(retryAttempt(), 0);
    asAttempt(new Observable<number>((s) => {
      seen.push(retryAttempt());
      asAttempt(inner, () => 7).subscribe();
      seen.push(retryAttempt());
      s.complete();
    }), () => 3).subscribe();
    assert.deepEqual(seen, [3, 7, 3]);
    assert.equal(retryAttempt(), 0);
  });

  it('is restored when the subscribe throws', () => {
    const boom = new Observable<number>(() => {
      throw new Error('boom');
    });
    const errors: unknown[] = [];
    asAttempt(boom, () => 2).subscribe({ error: (e: unknown) => errors.push(e) });
    assert.equal(errors.length, 1);
    assert.equal(retryAttempt(), 0);
  });

  it('retryBackoff tells each resubscription its number: 0, 1, 2, ... in a run of failures, up to maxRetries (virtual time)', () => {
    testScheduler().run(({ expectObservable, flush }) => {
      const seen: number[] = [];
      const out = noting(seen, [unavailable, unavailable, ok]).pipe(retryBackoff<string>({ initialDelayMs: 10, random: () => 0.5 }));
      expectObservable(out).toBe('15ms (a|)', { a: ok });
      flush();
      assert.deepEqual(seen, [0, 1, 2]);
    });
    testScheduler().run(({ expectObservable, flush }) => {
      const again: number[] = [];
      const stops = noting(again, [unavailable, unavailable]).pipe(retryBackoff<string>({ initialDelayMs: 0, maxRetries: 1 }));
      expectObservable(stops).toBe('(a|)', { a: unavailable });
      flush();
      assert.deepEqual(again, [0, 1], 'maxRetries 1: the first try and one retry');
    });
  });
});
