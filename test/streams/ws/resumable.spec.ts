import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import type { Observable } from 'rxjs';
import type { CantonError } from '../../../src/errors/CantonError';
import { networkError } from '../../../src/errors/constructors';
import { resumable } from '../../../src/ws/resumable';
import { testScheduler } from '../../helpers/marbles';

const drop = networkError('GET', 'ws://h/v2/updates', 'the WebSocket closed with code 1006', {});
type R = E.Either<CantonError, number>;
const v = { a: E.right(1), b: E.right(2), c: E.right(3), d: E.right(4), x: E.left(drop) } as Record<string, R>;

/** A channel whose messages are offsets: each connection is told where to start; offsets must rise. */
const run = (connections: Array<(from: number) => Observable<R>>, options: { retry?: { initialDelayMs: number; maxRetries?: number }; reopenMs?: number }, asked: number[]) => {
  let n = 0;
  return resumable<number, number, number>({
    initial: 0,
    retry: options.retry,
    reopenMs: options.reopenMs,
    connect: (from) => {
      asked.push(from);
      return n < connections.length ? connections[n++]!(from) : undefined;
    },
    step: (offset, at) => (offset > at ? E.right({ items: [offset], next: offset }) : E.left({ _tag: 'DecodeError', reason: 'invariant', issues: [] })),
  });
};

describe('resumable (a channel that survives its sockets)', () => {
  it('a dropped connection is retried from the last position: nothing lost, nothing repeated', () => {
    const asked: number[] = [];
    testScheduler().run(({ cold, expectObservable }) => {
      const stream = run([() => cold('-a-b-x', v), () => cold('-c-d|', v)], { retry: { initialDelayMs: 0 } }, asked);
      expectObservable(stream).toBe('-a-b--c-d|', v);
    });
    assert.deepEqual(asked, [0, 2]);
  });

  it('without a retry policy the drop is the last value; a Left the step finds ends the stream too', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      expectObservable(run([() => cold('-a-x', v), () => cold('-c|', v)], {}, [])).toBe('-a-(x|)', v);
      const repeated = run([() => cold('-b-a-c|', v)], {}, []);
      expectObservable(repeated).toBe('-b-(i|)', { ...v, i: E.left({ _tag: 'DecodeError', reason: 'invariant', issues: [] }) });
    });
  });

  it('tail: a normal close opens again from the position after reopenMs; a bounded run ends when connect has nothing left', () => {
    const asked: number[] = [];
    testScheduler().run(({ cold, expectObservable }) => {
      const stream = run([() => cold('-a|', v), () => cold('-b|', v), () => cold('-c-', v)], { reopenMs: 10 }, asked);
      expectObservable(stream, '^ 40ms !').toBe('-a 10ms -b 10ms -c', v);
    });
    assert.deepEqual(asked, [0, 1, 2]);
  });
});
