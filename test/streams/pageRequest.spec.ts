import * as E from 'fp-ts/lib/Either.js';
import { defer } from 'rxjs';
import { pageRequest } from '../../src/streams/pageRequest';
import { httpError } from '../../src/errors/constructors';
import type { CantonError } from '../../src/errors/CantonError';
import { testScheduler } from '../helpers/marbles';

type R = E.Either<CantonError, string>;
const internal = E.left(httpError({ status: 500, method: 'POST', url: 'u', body: { _tag: 'SimpleError', error: 'An unexpected error occurred.' } }));

describe('pageRequest', () => {
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
});
