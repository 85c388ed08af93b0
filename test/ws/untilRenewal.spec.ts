import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import { NEVER, type Observable } from 'rxjs';
import sinon from 'sinon';
import type { CantonError } from '../../src/errors/CantonError';
import type { Paging } from '../../src/paging/readPages';
import { isRenewal, untilRenewal } from '../../src/ws/untilRenewal';
import { readChannel } from '../../src/ws/readChannel';
import { testScheduler } from '../helpers/marbles';

type R = E.Either<CantonError, number>;
const v: Record<string, R> = { a: E.right(1), b: E.right(2), c: E.right(3), d: E.right(4) };
const url = 'ws://h/v2/updates';
/** A source that renews token `t` at virtual time `at`. */
const renewing = (at: number) => Object.assign(() => Promise.resolve('t'), { renewsAt: (token: string) => (token === 't' ? at : undefined) });

describe('untilRenewal (a WebSocket connection ends when its token is due for renewal)', () => {
  it('emits one renewal Left at the token\'s renewsAt and completes, closing the connection', () => {
    const renewal = { _tag: 'NetworkError', method: 'GET', url, message: 'the token is due for renewal: reconnecting with the new one', cause: undefined } as const;
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const socket = cold<R>('-a-b------', v);
      expectObservable(socket.pipe(untilRenewal<number>(renewing(5), 't', url))).toBe('-a-b-(r|)', { ...v, r: E.left(renewal) });
      expectSubscriptions(socket.subscriptions).toBe('^----!');
    });
    const seen: R[] = [];
    testScheduler().run(({ cold, flush }) => {
      cold<R>('-a---', v).pipe(untilRenewal<number>(renewing(3), 't', url)).subscribe((r) => seen.push(r));
      flush();
    });
    const last = seen[1]!;
    assert.ok(seen.length === 2 && E.isLeft(last) && isRenewal(last.left));
    // Only the renewal's own Left is one: an equal-looking error is a failure.
    assert.equal(isRenewal({ ...renewal }), false);
  });

  it('waits for the wall clock to reach renewsAt when its timer fires before (the source would still hand the old token)', () => {
    const clock = sinon.useFakeTimers({ now: 1000 });
    try {
      const seen: R[] = [];
      (NEVER as Observable<R>).pipe(untilRenewal<number>(renewing(1040), 't', url)).subscribe((r) => seen.push(r));
      clock.setSystemTime(990); // the wall clock 10 ms behind the timers' clock
      clock.tick(40);
      assert.equal(seen.slice().length, 0, 'not renewed at 1030 by the wall clock');
      clock.tick(10);
      const [renewal] = seen;
      assert.ok(seen.length === 1 && renewal !== undefined && E.isLeft(renewal) && isRenewal(renewal.left), 'renewed at 1040');
    } finally {
      clock.restore();
    }
  });

  it('leaves the connection as it is for a source that does not tell, a token it does not know, or a renewal already due', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      expectObservable(cold<R>('-a-b-|', v).pipe(untilRenewal<number>(() => 't', 't', url))).toBe('-a-b-|', v);
      expectObservable(cold<R>('-a-b-|', v).pipe(untilRenewal<number>('t', 't', url))).toBe('-a-b-|', v);
      expectObservable(cold<R>('-a-b-|', v).pipe(untilRenewal<number>(renewing(2), 'other', url))).toBe('-a-b-|', v);
      expectObservable(cold<R>('-a-b-|', v).pipe(untilRenewal<number>(renewing(0), 't', url))).toBe('-a-b-|', v);
      expectObservable(cold<R>('-a-b-|', v).pipe(untilRenewal<number>(undefined, undefined, url))).toBe('-a-b-|', v);
    });
  });

  it('a connection that ends first cancels the renewal', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      expectObservable(cold<R>('-a|', v).pipe(untilRenewal<number>(renewing(5), 't', url))).toBe('-a|', v);
    });
  });

  it('readChannel reopens at once from the last position, without a retry policy and in a bounded read too', () => {
    const asked: number[] = [];
    testScheduler().run(({ cold, expectObservable }) => {
      const connections: Array<(from: number) => Observable<R>> = [
        () => cold<R>('-a-b------', v).pipe(untilRenewal<number>(renewing(5), 't', url)),
        () => cold<R>('-c-d|', v),
      ];
      let n = 0;
      const paging: Paging<number, number, number, number> = {
        request: (from) => {
          asked.push(from);
          return connections[n++]!(from);
        },
        step: (offset) => E.right({ page: { records: [{ value: offset, checkpoint: offset }], checkpoint: offset, caughtUp: false }, next: offset < 4 ? offset : undefined }),
      };
      const page = (n: number) => E.right({ records: [{ value: n, checkpoint: n }], checkpoint: n, caughtUp: false });
      expectObservable(readChannel(paging, 0, { retry: undefined, reopenMs: undefined })).toBe('-a-b--c-(d|)', { a: page(1), b: page(2), c: page(3), d: page(4) });
    });
    assert.deepEqual(asked, [0, 2]);
  });
});
