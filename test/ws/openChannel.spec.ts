import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import * as t from 'io-ts';
import type { Subscription } from 'rxjs';
import type { CantonError } from '../../src/errors/CantonError';
import type { WebSocketConstructor } from '../../src/client/types';
import { openChannel } from '../../src/ws/openChannel';
import type { WebSocketEndpoint } from '../../src/ws/webSocketEndpoint';
import { testScheduler } from '../helpers/marbles';

/** A socket driven by the test: it records what the client does and plays the server's part. */
class FakeSocket {
  static sockets: FakeSocket[] = [];
  readyState = 0;
  onopen: ((e: unknown) => void) | null = null;
  onmessage: ((e: unknown) => void) | null = null;
  onerror: ((e: unknown) => void) | null = null;
  onclose: ((e: unknown) => void) | null = null;
  readonly sent: string[] = [];
  readonly closes: number[] = [];
  constructor(
    readonly url: string,
    readonly protocols: string[],
  ) {
    FakeSocket.sockets.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close(code: number) {
    this.closes.push(code);
    this.readyState = 2;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  message(data: unknown) {
    this.onmessage?.({ data });
  }
  serverClose(code: number, reason = '') {
    this.readyState = 3;
    this.onclose?.({ code, reason });
  }
}
const Fake = FakeSocket as unknown as WebSocketConstructor;

const TOKEN = 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJhbGljZSJ9.c2ln';
const endpoint = (timeoutMs = 30_000): E.Either<CantonError, WebSocketEndpoint> => E.right({ baseUrl: 'https://participant.example.com/ledger', token: TOKEN, webSocket: Fake, timeoutMs });
const Message = t.type({ n: t.number });

const open = (timeoutMs?: number) => {
  const got: Array<E.Either<CantonError, { n: number }>> = [];
  let completed = false;
  const sub: Subscription = openChannel(endpoint(timeoutMs), '/v2/updates', { beginExclusive: 0 }, Message).subscribe({ next: (r) => got.push(r), complete: () => (completed = true) });
  return { got, sub, socket: FakeSocket.sockets.at(-1)!, completed: () => completed };
};

describe('openChannel (one socket of a channel)', () => {
  beforeEach(() => (FakeSocket.sockets = []));

  it('opens wss: at the channel path with the token sub-protocols, sends the request once open, decodes each message and completes on a normal close', () => {
    const { got, socket, completed } = open();
    assert.equal(socket.url, 'wss://participant.example.com/ledger/v2/updates');
    assert.deepEqual(socket.protocols, [`jwt.token.${TOKEN}`, 'daml.ws.auth']);
    assert.deepEqual(socket.sent, [], 'nothing is sent before the socket is open');
    socket.open();
    assert.deepEqual(socket.sent, ['{"beginExclusive":0}']);
    socket.message('{"n":1}');
    socket.message(new TextEncoder().encode('{"n":2}'));
    assert.deepEqual(got, [E.right({ n: 1 }), E.right({ n: 2 })]);
    socket.serverClose(1000);
    assert.ok(completed());
  });

  it('a JsCantonError message is the HttpError of its gRPC code, with retryInfo as retryAfterMs and the token redacted', () => {
    const { got, socket, completed } = open();
    socket.open();
    socket.message(JSON.stringify({ code: 'SERVICE_NOT_RUNNING', cause: `not running; token was ${TOKEN}`, context: {}, errorCategory: 1, grpcCodeValue: 14, retryInfo: '2 seconds' }));
    assert.equal(got.length, 1);
    const left = got[0]!;
    assert.ok(E.isLeft(left) && left.left._tag === 'HttpError');
    assert.equal(left.left.status, 503);
    assert.equal(left.left.retryAfterMs, 2000);
    assert.equal(left.left.url, 'wss://participant.example.com/ledger/v2/updates');
    assert.ok(!JSON.stringify(left).includes(TOKEN));
    assert.ok(completed());
    assert.deepEqual(socket.closes, [1000], 'the client closes the socket after an error');
  });

  it('a message that is not JSON is an invalid-json DecodeError; one of the wrong shape a schema DecodeError with its path', () => {
    const a = open();
    a.socket.open();
    a.socket.message(`oops ${TOKEN}`);
    const l = a.got[0]!;
    assert.ok(E.isLeft(l) && l.left._tag === 'DecodeError' && l.left.reason === 'invalid-json');
    assert.ok(!JSON.stringify(l).includes(TOKEN));
    const b = open();
    b.socket.open();
    b.socket.message('{"n":"one"}');
    const s = b.got[0]!;
    assert.ok(E.isLeft(s) && s.left._tag === 'DecodeError' && s.left.reason === 'schema');
    assert.equal(s.left.issues[0]!.path, 'n');
  });

  it('an abnormal close is a NetworkError; an upgrade refused with a status is that HttpError', () => {
    const a = open();
    a.socket.open();
    a.socket.serverClose(1011, 'internal error');
    const l = a.got[0]!;
    assert.ok(E.isLeft(l) && l.left._tag === 'NetworkError');
    assert.match(l.left.message, /code 1011: internal error/);
    const b = open();
    b.socket.onerror?.({ message: 'Unexpected server response: 429' });
    b.socket.serverClose(1006);
    const h = b.got[0]!;
    assert.ok(E.isLeft(h) && h.left._tag === 'HttpError' && h.left.status === 429);
  });

  it('unsubscribing closes the socket, even while it connects, and nothing is emitted after', () => {
    const { got, sub, socket } = open();
    sub.unsubscribe();
    assert.deepEqual(socket.closes, [1000]);
    // Late events of a closed socket (ws emits an error when a connecting socket is closed) are ignored.
    socket.onerror?.({ message: 'WebSocket was closed before the connection was established' });
    socket.serverClose(1006);
    socket.message('{"n":1}');
    assert.deepEqual(got, []);
  });

  it('a socket not open within timeoutMs is a TimeoutError, and it is closed', () => {
    testScheduler().run(({ expectObservable }) => {
      const stream = openChannel(endpoint(1000), '/v2/updates', {}, Message);
      expectObservable(stream).toBe('1000ms (t|)', { t: E.left({ _tag: 'TimeoutError', method: 'GET', url: 'wss://participant.example.com/ledger/v2/updates', timeoutMs: 1000 }) });
    });
    assert.deepEqual(FakeSocket.sockets[0]!.closes, [1000]);
  });

  it('a constructor that throws is a NetworkError, without the token', () => {
    const Throwing = function (url: string) {
      throw new Error(`cannot open ${url} with ${TOKEN}`);
    } as unknown as WebSocketConstructor;
    const got: unknown[] = [];
    openChannel(E.right({ baseUrl: 'http://127.0.0.1:1', token: TOKEN, webSocket: Throwing, timeoutMs: 1000 }), '/v2/updates', {}, Message).subscribe((r) => got.push(r));
    assert.equal(got.length, 1);
    assert.ok(JSON.stringify(got[0]).includes('NetworkError'));
    assert.ok(!JSON.stringify(got[0]).includes(TOKEN));
  });
});
