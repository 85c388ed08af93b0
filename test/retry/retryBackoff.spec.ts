import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import { defer, map, type Observable } from 'rxjs';
import { backoffDelay, retryBackoff, type RetryInfo } from '../../src/retry/retryBackoff';
import { httpError, invalidRequest, networkError } from '../../src/errors/constructors';
import type { CantonError } from '../../src/errors/CantonError';
import sinon from 'sinon';
import { testScheduler } from '../helpers/marbles';
import { createClient } from '../../src/clientFactory/createClient';
import { startServer } from '../helpers/server';
import { one } from '../helpers/results';

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

  it('waits what Retry-After asked for, stretched by a random share of up to a fifth', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      // 3000 + 0.99 × 0.2 × 3000 = 3594.
      const out = attempts([cold<R>('-(a|)', { a: limited }), cold<R>('-(b|)', { b: ok })]).pipe(retryBackoff<string>({ initialDelayMs: 100, random: () => 0.99 }));
      expectObservable(out).toBe('3596ms (b|)', { b: ok });
    });
  });

  it('hands on at once a Left whose server asks for longer than maxServerDelayMs (default 5 minutes)', () => {
    // Retry-After: 2592000 (30 days). Node's timers would fire such a wait after 1 ms.
    const monthLater = E.left(httpError({ status: 503, method: 'GET', url: 'http://s', body: { _tag: 'Empty' }, retryAfterMs: 2_592_000_000 }));
    const sixMinutes = E.left(httpError({ status: 429, method: 'GET', url: 'http://s', body: { _tag: 'Empty' }, retryAfterMs: 360_000 }));
    const seen: RetryInfo[] = [];
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const month = cold<R>('-(a|)', { a: monthLater });
      expectObservable(attempts([month, cold<R>('(b|)', { b: ok })]).pipe(retryBackoff<string>({ maxRetries: Infinity, onRetry: (i) => seen.push(i) }))).toBe('-(a|)', { a: monthLater });
      expectSubscriptions(month.subscriptions).toBe('^!');
      const six = cold<R>('-(a|)', { a: sixMinutes });
      expectObservable(attempts([six, cold<R>('(b|)', { b: ok })]).pipe(retryBackoff<string>())).toBe('-(a|)', { a: sixMinutes });
      // A cap of 10 minutes lets the same answer be waited for: 360 000 + 0.5 × 0.2 × 360 000.
      expectObservable(attempts([cold<R>('-(a|)', { a: sixMinutes }), cold<R>('(b|)', { b: ok })]).pipe(retryBackoff<string>({ maxServerDelayMs: 600_000, random: () => 0.5 }))).toBe('396001ms (b|)', { b: ok });
    });
    assert.deepEqual(seen, []);
  });

  it('gives up once the next wait would end past maxElapsedMs since the failures began', () => {
    const seen: number[] = [];
    testScheduler().run(({ cold, expectObservable }) => {
      const failing = cold<R>('-(a|)', { a: unavailable });
      // Failures at 1, 12, 33, 74: waits of 10, 20, 40 end at 11, 32, 73 (within 100 of 1); the
      // next, 80, would end at 154: the Left is handed on instead.
      const out = attempts([failing]).pipe(retryBackoff<string>({ initialDelayMs: 20, maxRetries: Infinity, maxElapsedMs: 100, random: () => 0.5, onRetry: (i) => seen.push(i.delayMs) }));
      expectObservable(out).toBe('74ms (a|)', { a: unavailable });
    });
    assert.deepEqual(seen, [10, 20, 40]);
  });

  it('measures maxElapsedMs from the first failure after the last Right', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      // Each subscription succeeds, then fails after 50: every run of failures is one failure long.
      const flaky = cold<R>('a 49ms (e|)', { a: ok, e: unavailable });
      const out = attempts([flaky, flaky, flaky, cold<R>('(a|)', { a: ok })]).pipe(retryBackoff<string>({ initialDelayMs: 20, maxElapsedMs: 30, random: () => 0.5 }));
      expectObservable(out).toBe('a 59ms a 59ms a 59ms (a|)', { a: ok });
    });
  });

  it('refuses an invalid config with an InvalidRequest naming each field, without subscribing', () => {
    const range = 'must be an integer number of milliseconds from 0 to 2147483647';
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const source = cold<R>('(b|)', { b: ok });
      const config = { initialDelayMs: Infinity, maxDelayMs: 2 ** 31, maxServerDelayMs: -1, maxElapsedMs: 1.5, factor: 0, maxRetries: -1, random: 0.5 as unknown as () => number };
      const out = attempts([source]).pipe(retryBackoff<string>(config), map((r) => (E.isLeft(r) && r.left._tag === 'InvalidRequest' ? [r.left.message, ...r.left.issues.map((i) => `${i.path}: ${i.message}`)] : r)));
      expectObservable(out).toBe('(a|)', {
        a: [
          'invalid retryBackoff config',
          `initialDelayMs: ${range}`,
          `maxDelayMs: ${range}`,
          `maxServerDelayMs: ${range}`,
          `maxElapsedMs: ${range}, or Infinity`,
          'factor: must be a finite number of at least 1',
          'maxRetries: must be a non-negative integer or Infinity',
          'random: must be a function',
        ],
      });
      expectSubscriptions(source.subscriptions).toBe([]);
      const fine = cold<R>('(b|)', { b: ok });
      expectObservable(attempts([fine]).pipe(retryBackoff<string>({ initialDelayMs: 0, maxDelayMs: 2 ** 31 - 1, maxElapsedMs: Infinity, maxRetries: Infinity, factor: 1 }))).toBe('(b|)', { b: ok });
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
      // 1 + 25 + 1 + (3000 + 0.25 × 0.2 × 3000) + 1.
      expectObservable(out).toBe('3178ms (b|)', { b: ok });
    });
    assert.deepEqual(seen, [
      { attempt: 1, delayMs: 25, error: unavailableError },
      { attempt: 2, delayMs: 3150, error: limitedError },
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
      assert.ok(d !== undefined && d >= 0 && d < 400, String(d));
    }
  });

  describe('backoffDelay', () => {
    it('grows the ceiling by the factor up to maxDelayMs, and jitters below it', () => {
      const top = () => 1 - Number.EPSILON;
      assert.deepEqual([1, 2, 3, 4, 5, 6].map((n) => backoffDelay({ initialDelayMs: 100, factor: 3, maxDelayMs: 5000, random: top }, n, resetError)), [99, 299, 899, 2699, 4999, 4999]);
      assert.equal(backoffDelay({ initialDelayMs: 100, random: () => 0 }, 4, resetError), 0);
    });
    it('never waits less than the server asked for, and spreads clients over up to a fifth more', () => {
      assert.equal(backoffDelay({ initialDelayMs: 100, random: () => 0 }, 1, limitedError), 3000);
      assert.equal(backoffDelay({ initialDelayMs: 100, random: () => 0.5 }, 1, limitedError), 3300);
      assert.equal(backoffDelay({ initialDelayMs: 100, random: () => 1 - Number.EPSILON }, 1, limitedError), 3600);
      assert.equal(backoffDelay({ initialDelayMs: 10_000, maxDelayMs: 60_000, random: () => 0.5 }, 1, limitedError), 5000);
    });
    it('caps what the server asks for: above maxServerDelayMs there is no wait but a hand-over', () => {
      const asking = (retryAfterMs: number) => httpError({ status: 503, method: 'GET', url: 'http://s', body: { _tag: 'Empty' }, retryAfterMs });
      assert.equal(backoffDelay({ random: () => 0 }, 1, asking(300_000)), 300_000);
      assert.equal(backoffDelay({ random: () => 0 }, 1, asking(300_001)), undefined);
      assert.equal(backoffDelay({ random: () => 0 }, 1, asking(Infinity)), undefined);
      assert.equal(backoffDelay({ random: () => 0, maxServerDelayMs: 1000 }, 1, asking(1001)), undefined);
      // A NaN or negative delay (nothing asked) leaves the backoff alone.
      assert.equal(backoffDelay({ initialDelayMs: 100, random: () => 0.5 }, 1, asking(NaN)), 50);
      assert.equal(backoffDelay({ initialDelayMs: 100, random: () => 0.5 }, 1, asking(-5)), 50);
    });
    it('never returns a wait a timer cannot take (2^31 ms or more), nor NaN', () => {
      const longest = 2 ** 31 - 1;
      const asking = httpError({ status: 503, method: 'GET', url: 'http://s', body: { _tag: 'Empty' }, retryAfterMs: longest });
      assert.equal(backoffDelay({ maxServerDelayMs: longest, random: () => 0.99 }, 1, asking), longest);
      // initial × factor^n overflows to Infinity; with initial 0 that would be NaN.
      assert.equal(backoffDelay({ initialDelayMs: 0, random: () => 0.5 }, 5000, resetError), 0);
      assert.equal(backoffDelay({ initialDelayMs: 1, maxDelayMs: longest, random: () => 1 - Number.EPSILON }, 5000, resetError), longest - 1);
      // A random outside [0, 1) stays within the ceiling.
      assert.equal(backoffDelay({ initialDelayMs: 100, random: () => 7 }, 1, resetError), 100);
      assert.equal(backoffDelay({ initialDelayMs: 100, random: () => NaN }, 1, resetError), 0);
    });
  });

  it("with Node's timers (faked), the longest wait a server may be granted is waited in full, not 1 ms", () => {
    // Node turns a delay of 2^31 ms or more into 1 ms; sinon's fake timers do the same.
    const longest = 2 ** 31 - 1;
    const clock = sinon.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'Date'] });
    try {
      let subscriptions = 0;
      const asking = E.left(httpError({ status: 503, method: 'GET', url: 'http://s', body: { _tag: 'Empty' }, retryAfterMs: longest }));
      const source = defer(() => (subscriptions++, [subscriptions === 1 ? asking : ok] as R[]));
      const seen: R[] = [];
      // Jittered upwards, the wait would be 1.198 × (2^31 − 1) ms: clamped to 2^31 − 1.
      const sub = source.pipe(retryBackoff<string>({ maxServerDelayMs: longest, random: () => 0.99 })).subscribe((r) => seen.push(r));
      clock.tick(60_000);
      assert.equal(subscriptions, 1);
      clock.tick(longest - 60_000);
      assert.equal(subscriptions, 2);
      assert.deepEqual(seen, [ok]);
      sub.unsubscribe();
    } finally {
      clock.restore();
    }
  });

  describe('against a real server (127.0.0.1)', () => {
    // Node's timers wait 1 ms for 2^31 ms or more: these answers were retried every millisecond.
    const answers = {
      'Retry-After in seconds (30 days)': { status: 503, headers: { 'retry-after': '2592000' }, body: 'Service Unavailable' },
      'Retry-After as a far-future HTTP date': { status: 503, headers: { 'retry-after': 'Fri, 31 Dec 2100 23:59:59 GMT' }, body: 'Service Unavailable' },
      "the ledger's retryInfo (30 days)": {
        status: 503,
        headers: { 'content-type': 'application/json' },
        body: { code: 'SERVICE_NOT_RUNNING', cause: 'shutting down', context: {}, errorCategory: 1, retryInfo: '30 days' },
      },
    };
    for (const [name, reply] of Object.entries(answers)) {
      it(`${name}: the Left is handed on after one request, with what the server asked for`, async () => {
        const server = await startServer(() => reply);
        try {
          const client = createClient({ scan: { url: `${server.url}/api/scan` }, ledger: { url: server.url } });
          const request: Observable<E.Either<CantonError, unknown>> = name.includes('ledger') ? client.ledger.getIdentityProviderConfig('idp') : client.scan.getDsoPartyId();
          const seen: RetryInfo[] = [];
          const r = await one(request.pipe(retryBackoff({ maxRetries: 3, onRetry: (i) => seen.push(i) })));
          assert.ok(E.isLeft(r) && r.left._tag === 'HttpError' && r.left.status === 503, JSON.stringify(r));
          assert.ok((r.left.retryAfterMs ?? 0) > 300_000, String(r.left.retryAfterMs));
          assert.equal(server.requests.length, 1);
          assert.deepEqual(seen, []);
        } finally {
          await server.close();
        }
      });
    }
  });
});
