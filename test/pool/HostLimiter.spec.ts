import assert from 'node:assert/strict';
import { asyncScheduler, defer, map, merge, of, timer } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import { httpError } from '../../src/errors/constructors.js';
import { HostLimiter } from '../../src/pool/HostLimiter.js';
import type { ScanPoolEvent } from '../../src/pool/types.js';
import { testScheduler } from '../helpers/marbles.js';

const job = (label: string, ms: number) => timer(ms).pipe(map(() => E.right(label)));

describe('HostLimiter (virtual time)', () => {
  it('runs at most `concurrency` requests per host at once; other hosts do not wait', () => {
    testScheduler().run(({ expectObservable }) => {
      const limiter = new HostLimiter({ concurrency: 2 }, () => undefined);
      const out = merge(limiter.run('a', job('a1', 10)), limiter.run('a', job('a2', 10)), limiter.run('a', job('a3', 10)), limiter.run('b', job('b1', 10)));
      expectObservable(out).toBe('10ms (abd) 5ms (c|)', { a: E.right('a1'), b: E.right('a2'), c: E.right('a3'), d: E.right('b1') });
    });
  });

  it('spaces requests by the token bucket', () => {
    testScheduler().run(({ expectObservable }) => {
      const limiter = new HostLimiter({ ratePerSecond: 2, burst: 1 }, () => undefined);
      const now = () => defer(() => of(E.right(asyncScheduler.now())));
      const out = merge(limiter.run('a', now()), limiter.run('a', now()), limiter.run('a', now()));
      expectObservable(out).toBe('a 499ms b 499ms (c|)', { a: E.right(0), b: E.right(500), c: E.right(1000) });
    });
  });

  it('halves the rate on 429 and brings it back linearly over recoverMs', () => {
    testScheduler().run(({ flush }) => {
      const events: ScanPoolEvent[] = [];
      const limiter = new HostLimiter({ ratePerSecond: 4, burst: 1, recoverMs: 10_000 }, (e) => events.push(e));
      limiter.run('a', of(E.left(httpError({ status: 429, method: 'POST', url: 'u', body: { _tag: 'Text', text: 'Too Many Requests' } })))).subscribe();
      flush();
      assert.deepEqual(events, [{ type: 'rate', host: 'a', ratePerSecond: 2 }]);
      assert.equal(limiter.rate('a', 5_000), 3);
      assert.equal(limiter.rate('a', 10_000), 4);
    });
  });

  it('a host without a configured rate is cut to half the rate it was read at, then unlimited again', () => {
    testScheduler().run(({ flush }) => {
      const events: ScanPoolEvent[] = [];
      const limiter = new HostLimiter({ recoverMs: 1000 }, (e) => events.push(e));
      for (let i = 0; i < 9; i++) limiter.run('a', of(E.right(i))).subscribe();
      limiter.run('a', of(E.left(httpError({ status: 429, method: 'GET', url: 'u', body: { _tag: 'Empty' } })))).subscribe();
      flush();
      assert.deepEqual(events, [{ type: 'rate', host: 'a', ratePerSecond: 5 }]);
      assert.equal(limiter.rate('a', 1000), Infinity);
    });
  });

  it('a request given up while it waits leaves the queue and starts nothing', () => {
    testScheduler().run(({ expectObservable }) => {
      const limiter = new HostLimiter({ concurrency: 1 }, () => undefined);
      let started = 0;
      const counted = (ms: number) => defer(() => (started++, job('x', ms)));
      limiter.run('a', counted(10)).subscribe();
      const sub = limiter.run('a', counted(10)).subscribe();
      sub.unsubscribe();
      expectObservable(limiter.run('a', counted(5))).toBe('15ms (a|)', { a: E.right('x') });
      assert.equal(started, 1);
    });
  });

  it('ready: a request would start at once (a free slot, a token, nobody waiting); onStart tells when one does', () => {
    testScheduler().run(({ flush }) => {
      const limiter = new HostLimiter({ ratePerSecond: 1, burst: 1, concurrency: 1 }, () => undefined);
      assert.equal(limiter.ready('a'), true);
      const started: number[] = [];
      limiter.run('a', job('x', 10), () => started.push(asyncScheduler.now())).subscribe();
      limiter.run('a', job('y', 10), () => started.push(asyncScheduler.now())).subscribe();
      assert.equal(limiter.ready('a'), false);
      assert.equal(limiter.ready('b'), true);
      flush();
      assert.deepEqual(started, [0, 1000]);
      assert.equal(limiter.ready('a', 1500), false);
      assert.equal(limiter.ready('a', 2010), true);
    });
  });
});

