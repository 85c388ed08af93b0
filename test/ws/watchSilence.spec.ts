import assert from 'node:assert/strict';
import { asyncScheduler } from 'rxjs';
import type { WebSocketLike } from '../../src/client/types';
import { watchSilence } from '../../src/ws/watchSilence';
import { testScheduler } from '../helpers/marbles';

/** An open socket that can ping (as `ws`), answering each ping with a pong when `answers` is set. */
const pingingSocket = (answers: boolean) => {
  const listeners = new Set<() => void>();
  const pings: number[] = [];
  const socket = {
    readyState: 1,
    onopen: null,
    onmessage: null,
    onerror: null,
    onclose: null,
    send: () => undefined,
    close: () => undefined,
    ping: () => {
      pings.push(asyncScheduler.now());
      if (answers) asyncScheduler.schedule(() => listeners.forEach((l) => l()), 5);
    },
    on: (_event: 'pong', l: () => void) => listeners.add(l),
    off: (_event: 'pong', l: () => void) => listeners.delete(l),
  };
  return { socket: socket as unknown as WebSocketLike, pings, listeners };
};

describe('watchSilence', () => {
  it('declares silence once, between timeoutMs and 1.25 × timeoutMs after the last frame, having pinged on the way', () => {
    testScheduler().run(({ flush }) => {
      const { socket, pings, listeners } = pingingSocket(false);
      const silent: number[] = [];
      const watch = watchSilence(socket, 1000, () => silent.push(asyncScheduler.now()));
      asyncScheduler.schedule(() => watch.heard(), 600);
      flush();
      // Quiet looks (each with a ping) at 250 and 500; heard at 600, seen at the look of 750; quiet
      // looks at 1000, 1250, 1500, then silence at 1750.
      assert.deepEqual(silent, [1750]);
      assert.deepEqual(pings, [250, 500, 1000, 1250, 1500]);
      assert.equal(listeners.size, 0, 'the pong listener goes with the watch');
    });
  });

  it('a peer that answers the pings is never silent, and a stopped watch arms nothing', () => {
    testScheduler().run(({ flush }) => {
      const { socket, pings } = pingingSocket(true);
      const silent: number[] = [];
      const watch = watchSilence(socket, 1000, () => silent.push(asyncScheduler.now()));
      asyncScheduler.schedule(() => watch.stop(), 10_000);
      flush();
      assert.deepEqual(silent, []);
      assert.ok(pings.length > 10, `${pings.length} pings`);
      assert.ok(watch.responsive());
    });
  });

  it('a socket that cannot ping is watched on its messages alone', () => {
    testScheduler().run(({ flush }) => {
      const socket = { readyState: 1, onopen: null, onmessage: null, onerror: null, onclose: null, send: () => undefined, close: () => undefined } as WebSocketLike;
      const silent: number[] = [];
      const watch = watchSilence(socket, 400, () => silent.push(asyncScheduler.now()));
      assert.ok(watch.responsive());
      asyncScheduler.schedule(() => assert.equal(watch.responsive(), false, 'a quiet look makes it unresponsive'), 250);
      flush();
      assert.deepEqual(silent, [400]);
    });
  });
});
