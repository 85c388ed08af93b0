import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import sinon from 'sinon';
import WebSocket from 'ws';
import type { Subscription } from 'rxjs';
import { createClient } from '../../src/clientFactory/createClient';
import type { WebSocketConstructor } from '../../src/client/types';
import type { CantonError } from '../../src/errors/CantonError';
import type { Update } from '../../src/codecs/ledger/Update';
import { checkpointOf } from '../../src/streams/checkpointOf';
import { eventually, formatOf } from './helpers';
import { numberedUpdates, startSilentServer, type SilentServer } from './silentServer';

/** `ws`, keeping every socket it opens so that the test can see each one closed. */
const keptWebSocket = () => {
  const sockets: WebSocket[] = [];
  let pings = 0;
  class Kept extends WebSocket {
    constructor(url: string, protocols?: string | string[]) {
      super(url, protocols);
      sockets.push(this);
    }
    override ping(...args: Parameters<WebSocket['ping']>): void {
      pings++;
      super.ping(...args);
    }
  }
  return { ctor: Kept as unknown as WebSocketConstructor, sockets, pings: () => pings };
};

const timeouts = () => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;

describe('ledger.ws.updates over a connection that goes silent (issue 20)', function () {
  this.timeout(20_000);
  const updates = numberedUpdates();
  const request = { beginExclusive: 0, endInclusive: updates.length, updateFormat: formatOf('alice::1220') };
  let server: SilentServer;
  let clock: sinon.SinonFakeTimers | undefined;
  /** Subscriptions a failed test may leave: ended before the clock is given back. */
  let subs: Subscription[] = [];
  afterEach(async () => {
    for (const s of subs) s.unsubscribe();
    subs = [];
    clock?.restore();
    clock = undefined;
    await server.close();
  });

  it('gives the silent socket up after timeoutMs without a frame and resumes exactly from the checkpoint, under the retry policy', async () => {
    server = await startSilentServer(updates, { silentAfter: 10, silentConnections: 1 });
    const ws = keptWebSocket();
    // RxJS schedules with setInterval: faking it alone leaves the sockets' real I/O alone.
    clock = sinon.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const client = createClient({ ledger: { url: server.url, token: 'opaque-token-1' }, webSocket: ws.ctor });
    const got: Array<E.Either<CantonError, Update>> = [];
    const retries: string[] = [];
    let completed = false;
    const sub = client.ledger.ws
      .updates(request, { retry: { maxRetries: 2, initialDelayMs: 100, onRetry: (i) => retries.push(i.error._tag) } })
      .subscribe({ next: (r) => got.push(r), complete: () => (completed = true) });
    subs.push(sub);
    await eventually(() => got.length === 10 && server.silentAt() === 10, 'ten updates, then silence');
    // The default timeoutMs (30 s) of silence: pings go unanswered, then the socket is dropped.
    clock.tick(30_000);
    assert.equal(retries.length, 0, 'not before timeoutMs');
    clock.tick(7_500);
    assert.deepEqual(retries, ['TimeoutError']);
    clock.tick(200);
    await eventually(() => completed, 'the stream completes');
    assert.ok(got.every(E.isRight), JSON.stringify(got.find(E.isLeft)));
    const offsets = got.map((r) => (E.isRight(r) ? checkpointOf(r.right).offset : -1));
    assert.deepEqual(offsets, updates.map((_, i) => i + 1), 'every update once, in order');
    assert.deepEqual(server.begins, [0, 10], 'the second socket opens from the checkpoint');
    await eventually(() => ws.sockets.every((s) => s.readyState === WebSocket.CLOSED), 'every socket closed');
    assert.equal(clock.countTimers(), 0, 'no timer left');
    sub.unsubscribe();
  });

  it('without a retry policy the silence is one retryable TimeoutError and the end', async () => {
    server = await startSilentServer(updates, { silentAfter: 3, silentConnections: 1 });
    clock = sinon.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const client = createClient({ ledger: { url: server.url }, webSocket: keptWebSocket().ctor, timeoutMs: 1000 });
    const got: Array<E.Either<CantonError, Update>> = [];
    let completed = false;
    subs.push(client.ledger.ws.updates(request).subscribe({ next: (r) => got.push(r), complete: () => (completed = true) }));
    await eventually(() => server.silentAt() === 3 && got.length === 3, 'three updates, then silence');
    clock.tick(1250);
    assert.ok(completed);
    const last = got.at(-1)!;
    assert.ok(E.isLeft(last) && last.left._tag === 'TimeoutError' && last.left.timeoutMs === 1000, JSON.stringify(last));
    assert.equal(got.length, 4);
  });

  it('a live connection with nothing to say answers the pings and is kept', async () => {
    // Everything is sent, then the server says nothing more but keeps reading: its pongs keep the socket.
    server = await startSilentServer(updates, { silentAfter: Infinity, silentConnections: 0 });
    clock = sinon.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const ws = keptWebSocket();
    const client = createClient({ ledger: { url: server.url }, webSocket: ws.ctor, timeoutMs: 1000 });
    const got: Array<E.Either<CantonError, Update>> = [];
    // Open-ended: the server has nothing after offset 31 and keeps the socket open.
    const sub = client.ledger.ws.updates({ ...request, endInclusive: undefined, beginExclusive: 31 }).subscribe((r) => got.push(r));
    subs.push(sub);
    await eventually(() => server.begins.length === 1 && ws.sockets[0]?.readyState === WebSocket.OPEN, 'open');
    let pongs = 0;
    ws.sockets[0]!.on('pong', () => pongs++);
    for (let i = 0; i < 20; i++) {
      clock.tick(250);
      // Each ping gets its pong before the clock moves on: the round trip is real I/O.
      await eventually(() => pongs === ws.pings(), 'the pong');
    }
    assert.ok(ws.pings() >= 5, `${ws.pings()} pings`);
    assert.deepEqual(got, [], 'no TimeoutError: the pongs count as frames');
    assert.equal(ws.sockets.length, 1);
    sub.unsubscribe();
  });

  it('unsubscribing from a silent connection drops it at once: no socket and no timer left for the process to wait on', async () => {
    server = await startSilentServer(updates, { silentAfter: 5, silentConnections: 1 });
    const ws = keptWebSocket();
    const client = createClient({ ledger: { url: server.url }, webSocket: ws.ctor, timeoutMs: 150 });
    const before = timeouts();
    const got: unknown[] = [];
    const sub = client.ledger.ws.updates(request).subscribe((r) => got.push(r));
    subs.push(sub);
    await eventually(() => got.length === 5 && server.silentAt() === 5, 'five updates, then silence');
    // A ping says the watch has missed a frame (a look of a quarter of timeoutMs without one).
    await eventually(() => ws.pings() > 0, 'a keep-alive ping');
    sub.unsubscribe();
    await eventually(() => ws.sockets.every((s) => s.readyState === WebSocket.CLOSED), 'the socket closed, not left closing');
    await eventually(() => timeouts() <= before, 'no timer left');
  });
});
