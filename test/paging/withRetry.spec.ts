import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import { defer, map } from 'rxjs';
import { withRetry as pageRequest } from '../../src/paging/withRetry';
import { httpError, invalidRequest } from '../../src/errors/constructors';
import type { CantonError } from '../../src/errors/CantonError';
import { testScheduler } from '../helpers/marbles';

type R = E.Either<CantonError, string>;
const internalError = httpError({ status: 500, method: 'POST', url: 'u', body: { _tag: 'SimpleError', error: 'An unexpected error occurred.' } });
const internal = E.left(internalError);

describe('withRetry (the one retry of a page request)', () => {
  it('waits waitMs before asking (a tail poll)', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const page = cold<R>('-(a|)', { a: E.right('page') });
      expectObservable(pageRequest(() => page, undefined, 100)).toBe('101ms (a|)', { a: E.right('page') });
      expectSubscriptions(page.subscriptions).toBe('100ms ^!');
    });
  });

  it('without a retry policy hands a failure on at once', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      expectObservable(pageRequest(() => cold<R>('-(a|)', { a: internal }), undefined, undefined)).toBe('-(a|)', { a: internal });
    });
  });

  it('with a retry policy retries reads, a 500 included, by default', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      const answers = [cold<R>('-(a|)', { a: internal }), cold<R>('-(b|)', { b: E.right('page') })];
      let i = 0;
      const request = () => defer(() => answers[i++]!);
      expectObservable(pageRequest(request, { initialDelayMs: 10, random: () => 0.5 }, undefined)).toBe('7ms (b|)', { b: E.right('page') });
    });
  });

  it('keeps isRetryableRead when the policy names no shouldRetry, even as an explicit undefined', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      const answers = [cold<R>('-(a|)', { a: internal }), cold<R>('-(b|)', { b: E.right('page') })];
      let i = 0;
      const request = () => defer(() => answers[i++]!);
      expectObservable(pageRequest(request, { initialDelayMs: 10, random: () => 0.5, shouldRetry: undefined }, undefined)).toBe('7ms (b|)', { b: E.right('page') });
    });
  });

  it('refuses an invalid retry policy, naming retry.<field>, before sending anything', () => {
    let sent = 0;
    const request = () => defer(() => (sent++, [E.right('page') as R]));
    testScheduler().run(({ expectObservable }) => {
      const out = pageRequest(request, { initialDelayMs: 2 ** 31, maxServerDelayMs: Infinity }, 100).pipe(map((r) => (E.isLeft(r) && r.left._tag === 'InvalidRequest' ? r.left.issues.map((i) => i.path) : r)));
      expectObservable(out).toBe('(a|)', { a: ['retry.initialDelayMs', 'retry.maxServerDelayMs'] });
    });
    assert.equal(sent, 0);
  });

  it('tells the policy\'s onRetry about each page retry: attempt, delay and the error', () => {
    const seen: unknown[] = [];
    testScheduler().run(({ cold, expectObservable }) => {
      const answers = [cold<R>('-(a|)', { a: internal }), cold<R>('-(a|)', { a: internal }), cold<R>('-(b|)', { b: E.right('page') })];
      let i = 0;
      const request = () => defer(() => answers[i++]!);
      expectObservable(pageRequest(request, { initialDelayMs: 10, random: () => 0.5, onRetry: (info) => seen.push(info) }, undefined)).toBe('18ms (b|)', { b: E.right('page') });
    });
    assert.deepEqual(seen, [
      { attempt: 1, delayMs: 5, error: internalError },
      { attempt: 2, delayMs: 10, error: internalError },
    ]);
  });

  it('a Left that is not retryable (an invalid request) is handed on at once', () => {
    const invalid = E.left(invalidRequest('bad'));
    testScheduler().run(({ cold, expectObservable }) => {
      expectObservable(pageRequest(() => cold<R>('-(a|)', { a: invalid }), { maxRetries: Infinity }, undefined)).toBe('-(a|)', { a: invalid });
    });
  });
});
