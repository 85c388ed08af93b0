import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import { defer, type Observable } from 'rxjs';
import { backoffDelay, retryBackoff, type RetryInfo } from '../../src/retry/retryBackoff';
import { httpError, invalidRequest, networkError } from '../../src/errors/constructors';
import type { CantonError } from '../../src/errors/CantonError';
import { testScheduler } from '../helpers/marbles';

type R = E.Either<CantonError, string>;
const unavailableError = httpError({ status: 503, method: 'GET', url: 'http://s/api/scan/v0/dso-party-id', body: { _tag: 'Empty' } });
const limitedError = httpError({ status: 429, method: 'GET', url: 'http://s', body: { _tag: 'Text', text: 'Too Many Requests' }, retryAfterMs: 3000 });
const resetError = networkError('GET', 'http://s', 'socket hang up', null);
const unavailable = E.left(unavailableError);
const limited = E.left(limitedError);
const reset = E.left(resetError);
const forbidden = E.left(httpError({ status: 403, method: 'GET', url: 'http://s', body: { _tag: 'Empty' } }));
const ok = E.right('ok');

/** One cold source per subscription, in order: what a request does on each retry. */
const attempts = (sources: Array<Observable<R>>) => {
  let i = 0;
  return defer(() => sources[Math.min(i++, sources.length - 1)]!);
};

describe('retryBackoff', () => {
  it('retries retryable Lefts after exponential backoff with full jitter, then emits the Right', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const a1 = cold<R>('-(a|)', { a: unavailable });
      const a2 = cold<R>('-(a|)', { a: reset });
      const a3 = cold<R>('-(b|)', { b: ok });
      // random 0.5: waits 0.5 × 100 = 50, then 0.5 × 200 = 100.
      const out = attempts([a1, a2, a3]).pipe(retryBackoff<string>({ initialDelayMs: 100, factor: 2, random: () => 0.5 }));
      expectObservable(out).toBe('153ms (b|)', { b: ok });
      expectSubscriptions(a1.subscriptions).toBe('^!');
      expectSubscriptions(a2.subscriptions).toBe('51ms ^!');
      expectSubscriptions(a3.subscriptions).toBe('152ms ^!');
    });
  });

  it('waits at least what Retry-After asked for', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      const out = attempts([cold<R>('-(a|)', { a: limited }), cold<R>('-(b|)', { b: ok })]).pipe(retryBackoff<string>({ initialDelayMs: 100, random: () => 0.99 }));
      expectObservable(out).toBe('3002ms (b|)', { b: ok });
    });
  });

  it('gives up after maxRetries retries in a row and emits the last Left', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      const failing = cold<R>('-(a|)', { a: unavailable });
      const out = attempts([failing]).pipe(retryBackoff<string>({ initialDelayMs: 10, factor: 1, maxRetries: 2, random: () => 1 - Number.EPSILON }));
      // 1 + wait 9 + 1 + wait 9 + 1: the third failure is handed on.
      expectObservable(out).toBe('21ms (a|)', { a: unavailable });
    });
  });

  it('passes non-retryable Lefts straight through, without resubscribing', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const source = cold<R>('-(a|)', { a: forbidden });
      expectObservable(attempts([source]).pipe(retryBackoff<string>())).toBe('-(a|)', { a: forbidden });
      expectSubscriptions(source.subscriptions).toBe('^!');
      const invalid = cold<R>('(a|)', { a: E.left(invalidRequest('bad')) });
      expectObservable(attempts([invalid]).pipe(retryBackoff<string>())).toBe('(a|)', { a: E.left(invalidRequest('bad')) });
    });
  });

  it('resets the count after each success', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      // Each subscription emits a Right and then fails: with maxRetries 1 and no reset it would
      // give up after the first retry; with the reset it goes on until the source succeeds.
      const flaky = cold<R>('a-(e|)', { a: ok, e: unavailable });
      const last = cold<R>('(a|)', { a: ok });
      const out = attempts([flaky, flaky, flaky, last]).pipe(retryBackoff<string>({ initialDelayMs: 10, maxRetries: 1, random: () => 0 }));
      expectObservable(out).toBe('a-a-a-(a|)', { a: ok });
    });
  });

  it('tells onRetry every attempt, its delay and its error', () => {
    const seen: RetryInfo[] = [];
    testScheduler().run(({ cold, expectObservable }) => {
      const out = attempts([cold<R>('-(a|)', { a: unavailable }), cold<R>('-(a|)', { a: limited }), cold<R>('-(b|)', { b: ok })]).pipe(
        retryBackoff<string>({ initialDelayMs: 100, random: () => 0.25, onRetry: (info) => seen.push(info) }),
      );
      expectObservable(out).toBe('3028ms (b|)', { b: ok });
    });
    assert.deepEqual(seen, [
      { attempt: 1, delayMs: 25, error: unavailableError },
      { attempt: 2, delayMs: 3000, error: limitedError },
    ]);
  });

  it('unsubscribing during a wait cancels the retry', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const a1 = cold<R>('-(a|)', { a: unavailable });
      const a2 = cold<R>('-(b|)', { b: ok });
      const out = attempts([a1, a2]).pipe(retryBackoff<string>({ initialDelayMs: 100, random: () => 0.5 }));
      expectObservable(out, '^--------!').toBe('');
      expectSubscriptions(a2.subscriptions).toBe([]);
    });
  });

  it('passes a defect of the source to the error channel without retrying', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const broken = cold<R>('-#', undefined, new Error('bug'));
      expectObservable(attempts([broken]).pipe(retryBackoff<string>())).toBe('-#', undefined, new Error('bug'));
      expectSubscriptions(broken.subscriptions).toBe('^!');
    });
  });

  it('uses Math.random by default, within the ceiling', () => {
    for (let i = 0; i < 50; i++) {
      const d = backoffDelay({ initialDelayMs: 100 }, 3, unavailableError);
      assert.ok(d >= 0 && d < 400, String(d));
    }
  });

  describe('backoffDelay', () => {
    it('grows the ceiling by the factor up to maxDelayMs, and jitters below it', () => {
      const top = () => 1 - Number.EPSILON;
      assert.deepEqual([1, 2, 3, 4, 5, 6].map((n) => backoffDelay({ initialDelayMs: 100, factor: 3, maxDelayMs: 5000, random: top }, n, resetError)), [99, 299, 899, 2699, 4999, 4999]);
      assert.equal(backoffDelay({ initialDelayMs: 100, random: () => 0 }, 4, resetError), 0);
    });
    it('never waits less than the server asked for', () => {
      assert.equal(backoffDelay({ initialDelayMs: 100, random: () => 0 }, 1, limitedError), 3000);
      assert.equal(backoffDelay({ initialDelayMs: 10_000, maxDelayMs: 60_000, random: () => 0.5 }, 1, limitedError), 5000);
    });
  });
});
