import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import { of, type Observable } from 'rxjs';
import type { CantonError } from '../../src/errors/CantonError';
import { networkError } from '../../src/errors/constructors';
import type { Page } from '../../src/paging/Page';
import type { Paging } from '../../src/paging/readPages';
import { readChannel } from '../../src/ws/readChannel';
import { testScheduler } from '../helpers/marbles';

const drop = networkError('GET', 'ws://h/v2/updates', 'the WebSocket closed with code 1006', {});
const broken: CantonError = { _tag: 'DecodeError', reason: 'invariant', issues: [] };
type R = E.Either<CantonError, number>;
const v = { a: E.right(1), b: E.right(2), c: E.right(3), d: E.right(4), z: E.right(0), x: E.left(drop) } as Record<string, R>;
/** The page one message makes: its offset as the record, the offset as its checkpoint. */
const one = (n: number): E.Either<CantonError, Page<number, number>> => E.right({ records: [{ value: n, checkpoint: n }], checkpoint: n, caughtUp: false });
const pages = { a: one(1), b: one(2), c: one(3), d: one(4), x: E.left(drop), i: E.left(broken) };

/**
 * A channel whose messages are offsets: each connection is told where to start; offsets must rise;
 * offset 0 is an offset checkpoint at the position (a caught-up page without records); offset 4
 * is the end of the range.
 */
const run = (connections: Array<(from: number) => Observable<R>>, options: { retry?: { initialDelayMs: number; maxRetries?: number }; reopenMs?: number }, asked: number[]) => {
  let n = 0;
  const paging: Paging<number, number, number, number> = {
    request: (from) => {
      asked.push(from);
      return connections[n++]!(from);
    },
    step: (offset, at) => {
      if (offset === 0) return E.right({ page: { records: [], checkpoint: at, caughtUp: true }, next: at });
      if (offset <= at) return E.left(broken);
      return E.right({ page: { records: [{ value: offset, checkpoint: offset }], checkpoint: offset, caughtUp: false }, next: offset < 4 ? offset : undefined });
    },
  };
  return readChannel(paging, 0, { retry: options.retry, reopenMs: options.reopenMs });
};

describe('readChannel (a WebSocket channel read with the paging engine: a channel that survives its sockets)', () => {
  it('hands on a page per message, with the checkpoint of its record; a dropped connection is retried from the last position: nothing lost, nothing repeated', () => {
    const asked: number[] = [];
    testScheduler().run(({ cold, expectObservable }) => {
      const stream = run([() => cold('-a-b-x', v), () => cold('-c-|', v)], { retry: { initialDelayMs: 0 } }, asked);
      expectObservable(stream).toBe('-a-b--c-|', pages);
    });
    assert.deepEqual(asked, [0, 2]);
  });

  it('without a retry policy the drop is the last value; a Left the step finds ends the stream too', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      expectObservable(run([() => cold('-a-x', v), () => cold('-c|', v)], {}, [])).toBe('-a-(x|)', pages);
      expectObservable(run([() => cold('-b-a-c|', v)], {}, [])).toBe('-b-(i|)', pages);
    });
  });

  it('an offset checkpoint at the position is a caught-up page without records, at the checkpoint of the position', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      expectObservable(run([() => cold('-a-z-b|', v)], {}, [])).toBe('-a-y-b|', { ...pages, y: E.right({ records: [], checkpoint: 1, caughtUp: true }) });
    });
  });

  it('a state of undefined (the range read to its end) ends the read and closes the socket, though the server would send more', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const socket = cold('-c-d-a-b|', v);
      expectObservable(run([() => socket], {}, [])).toBe('-c-(d|)', pages);
      expectSubscriptions(socket.subscriptions).toBe('^--!');
    });
  });

  it('tail: a normal close opens again from the position after reopenMs; no reopen once the range is read', () => {
    const asked: number[] = [];
    testScheduler().run(({ cold, expectObservable }) => {
      const stream = run([() => cold('-a|', v), () => cold('-b|', v), () => cold('-c-', v)], { reopenMs: 10 }, asked);
      expectObservable(stream, '^ 40ms !').toBe('-a 10ms -b 10ms -c', pages);
    });
    assert.deepEqual(asked, [0, 1, 2]);
    const bounded: number[] = [];
    testScheduler().run(({ cold, expectObservable }) => {
      expectObservable(run([() => cold('-c|', v), () => cold('-d|', v)], { reopenMs: 10 }, bounded)).toBe('-c 10ms -(d|)', pages);
    });
    assert.deepEqual(bounded, [0, 3]);
  });

  it('an invalid retry policy is an InvalidRequest naming the field, before any socket is opened', () => {
    const asked: number[] = [];
    const out: Array<E.Either<CantonError, Page<number, number>>> = [];
    run([() => of(E.right(1))], { retry: { initialDelayMs: -1 } }, asked).subscribe((r) => out.push(r));
    assert.equal(out.length, 1);
    const only = out[0]!;
    assert.ok(E.isLeft(only) && only.left._tag === 'InvalidRequest' && only.left.issues[0]!.path === 'retry.initialDelayMs', JSON.stringify(only));
    assert.deepEqual(asked, []);
  });
});
