import { asyncScheduler, defer, Observable, of, switchMap, type Subscription } from 'rxjs';
import type * as t from 'io-ts';
import * as E from 'fp-ts/lib/Either.js';
import type { CantonError } from '../errors/CantonError.js';
import { decodeError, networkError, timeoutError } from '../errors/constructors.js';
import { toIssues } from '../codecs/decodeWith.js';
import { strictDecoding } from '../codecs/common/openMembers.js';
import { JsCantonError } from '../codecs/ledger/JsCantonError.js';
import { buildUrl } from '../http/buildUrl.js';
import { plainError } from '../http/plainError.js';
import { MAX_TIMEOUT_MS } from '../http/request.js';
import { redactSecrets } from '../errors/redactSecrets.js';
import { resolveToken, secretsOf } from '../http/resolveToken.js';
import { toHttpError } from '../http/toHttpError.js';
import { renderActual } from '../internal/renderActual.js';
import type { WebSocketConstructor, WebSocketLike } from '../client/types.js';
import { httpStatusOfGrpc } from './grpcStatus.js';
import { loadWebSocket } from './loadWebSocket.js';
import { untilRenewal } from './untilRenewal.js';
import type { WebSocketEndpoint } from './webSocketEndpoint.js';
import { watchSilence, type SilenceWatch } from './watchSilence.js';
import { utf8Length } from '../http/utf8Length.js';
import { retryAttempt } from '../retry/retryAttempt.js';
import type { ConnectionObserver } from '../telemetry/createTelemetry.js';

/** The sub-protocol the JSON API authenticates WebSockets with; the token rides in a second one. */
export const DAML_WS_AUTH = 'daml.ws.auth';

const CONNECTING = 0;
const OPEN = 1;
const NORMAL_CLOSURE = 1000;

const noop = (): void => undefined;

/** A text frame as a string, whatever the platform hands over (ws: string; others may give bytes). */
const textOf = (data: unknown): string | undefined => {
  if (typeof data === 'string') return data;
  if (data instanceof ArrayBuffer) return new TextDecoder().decode(data);
  if (ArrayBuffer.isView(data)) return new TextDecoder().decode(data);
  return undefined;
};

/** `ws` reports a refused upgrade as "Unexpected server response: 503": the status is worth keeping. */
const refusedStatus = (message: string | undefined): number | undefined => {
  const m = message === undefined ? null : /Unexpected server response: (\d{3})/.exec(message);
  return m === null ? undefined : Number(m[1]);
};

const messageOf = (event: unknown): string | undefined => {
  const e = event as { message?: unknown; error?: { message?: unknown } } | null | undefined;
  if (typeof e?.message === 'string' && e.message !== '') return e.message;
  return typeof e?.error?.message === 'string' ? e.error.message : undefined;
};

/**
 * One connection to one channel as a cold Observable: on subscribe it resolves the token (the
 * provider is asked again for every connection), opens the socket with the sub-protocols
 * `jwt.token.<token>` and `daml.ws.auth`, sends `message` once it is open, and emits each message
 * decoded with `codec`. It completes when the server closes the socket normally (code 1000).
 *
 * Every failure is one Left and the end, the socket closed: a `JsCantonError` message is the
 * `HttpError` its HTTP twin would be (status from its gRPC code, conditions and `retryInfo` read
 * the same way); a message that is not JSON a `DecodeError` `invalid-json`, one of the wrong shape
 * a `DecodeError` `schema` with its JSON path; any other close a `NetworkError` (an upgrade the
 * server refused an `HttpError` with its status, where the platform tells it); no open within
 * `timeoutMs`, or, once open, `timeoutMs` without a frame (a message, or the pong to a keep-alive
 * ping: see `watchSilence`), a `TimeoutError`. The token never appears in any of them.
 * Unsubscribing closes the socket (drops it, where the peer has gone quiet), and no timer is left.
 * @internal
 */
export const openChannel = <A>(endpoint: E.Either<CantonError, WebSocketEndpoint>, path: string, message: unknown, codec: t.Decoder<unknown, A>, strictCall?: boolean): Observable<E.Either<CantonError, A>> =>
  defer(() => {
    if (E.isLeft(endpoint)) return of(endpoint);
    const { baseUrl, token, webSocket, timeoutMs, telemetry } = endpoint.right;
    // The stream's `strict` option, else the client's: each message decoded strictly (docs/codecs.md, "Open unions").
    const strict = strictCall ?? endpoint.right.strict;
    const decoder: t.Decoder<unknown, A> = strict === true ? { name: codec.name, validate: codec.validate, decode: (u) => strictDecoding(() => codec.decode(u)) } : codec;
    const built = buildUrl(baseUrl, path);
    if (E.isLeft(built)) return of(built);
    // The channel lives at the HTTP route's path, over ws: where the base is http:, wss: where https:.
    const url = built.right.replace(/^http/, 'ws');
    // Read now, at subscribe: the span starts after the token and the `ws` package are in, when
    // the retry around this subscribe has already told its number.
    const info = telemetry === undefined ? undefined : { method: 'GET', path, group: 'ledger', server: baseUrl, attempt: retryAttempt() };
    return resolveToken(token).pipe(
      switchMap((resolved) => {
        if (E.isLeft(resolved)) return of(resolved);
        return loadWebSocket(webSocket).pipe(
          switchMap((ctor): Observable<E.Either<CantonError, A>> =>
            E.isLeft(ctor)
              ? of(ctor)
              : (telemetry !== undefined
                  ? telemetry.connection(info!, (observer) => connect(ctor.right, url, resolved.right, secretsOf(token), message, decoder, timeoutMs, observer))
                  : connect(ctor.right, url, resolved.right, secretsOf(token), message, decoder, timeoutMs)
                ).pipe(untilRenewal<A>(token, resolved.right, url)),
          ),
        );
      }),
    );
  });

const connect = <A>(
  Ctor: WebSocketConstructor,
  url: string,
  token: string | undefined,
  secrets: ReadonlyArray<string>,
  message: unknown,
  codec: t.Decoder<unknown, A>,
  timeoutMs: number,
  observer?: ConnectionObserver,
) =>
  new Observable<E.Either<CantonError, A>>((subscriber) => {
    const where = { method: 'GET', url };
    const clean = (text: string) => redactSecrets(text, secrets);
    const protocols = token === undefined ? [DAML_WS_AUTH] : [`jwt.token.${token}`, DAML_WS_AUTH];
    // The upgrade's headers: the trace context, where telemetry sends it. Only a constructor that
    // takes options (`ws`: `{ headers }`) sends them; a browser's ignores the third argument.
    const headers: Record<string, string> = {};
    observer?.sending(url, headers, 0);
    let socket: WebSocketLike;
    try {
      socket = Object.keys(headers).length === 0 ? new Ctor(url, protocols) : new (Ctor as new (url: string, protocols: string[], options: { headers: Record<string, string> }) => WebSocketLike)(url, protocols, { headers });
    } catch (e) {
      // A constructor that refuses the URL or the protocols (a token with characters a header cannot hold).
      subscriber.next(E.left(networkError('GET', url, 'the WebSocket could not be created', plainError(e, clean))));
      subscriber.complete();
      return;
    }
    let done = false;
    let lastError: unknown;
    let handshake: Subscription | undefined;
    let silence: SilenceWatch | undefined;

    /**
     * `abrupt`: the peer has gone quiet, so a close frame would wait for an answer that does not
     * come (`ws` then keeps the socket and a timer for 30 s): where the socket can, it is
     * dropped at once instead.
     */
    const release = (abrupt: boolean) => {
      handshake?.unsubscribe();
      silence?.stop();
      // Handlers become no-ops rather than null: `ws` throws an 'error' event that has no listener,
      // and closing while connecting emits one.
      socket.onopen = noop;
      socket.onmessage = noop;
      socket.onerror = noop;
      socket.onclose = noop;
      try {
        const terminate = (socket as { terminate?: () => void }).terminate;
        if (abrupt && socket.readyState === OPEN && typeof terminate === 'function') terminate.call(socket);
        else if (socket.readyState === CONNECTING || socket.readyState === OPEN) socket.close(NORMAL_CLOSURE);
      } catch {
        // Closing what is already closing: nothing left to release.
      }
    };
    const finish = (last?: E.Either<CantonError, A>, abrupt = false) => {
      if (done) return;
      done = true;
      release(abrupt);
      if (last !== undefined) subscriber.next(last);
      subscriber.complete();
    };

    if (Number.isFinite(timeoutMs)) {
      handshake = asyncScheduler.schedule(() => finish(E.left(timeoutError('GET', url, timeoutMs))), Math.min(timeoutMs, MAX_TIMEOUT_MS));
    }
    socket.onopen = () => {
      handshake?.unsubscribe();
      // From here on `timeoutMs` bounds the time without a frame: a silent connection (no close,
      // no reset) is given up as a TimeoutError, which a retry policy reopens from the checkpoint.
      if (Number.isFinite(timeoutMs)) silence = watchSilence(socket, timeoutMs, () => finish(E.left(timeoutError('GET', url, timeoutMs)), true));
      try {
        const text = JSON.stringify(message);
        socket.send(text);
        observer?.bytes('sent', utf8Length(text));
      } catch (e) {
        finish(E.left(networkError('GET', url, 'the request message could not be sent', plainError(e, clean))));
      }
    };
    socket.onmessage = (event: { data?: unknown }) => {
      if (done) return;
      silence?.heard();
      const text = textOf(event.data);
      if (observer !== undefined) observer.bytes('received', typeof event.data === 'string' ? utf8Length(event.data) : text === undefined ? 0 : (event.data as ArrayBuffer | ArrayBufferView).byteLength);
      let json: unknown;
      try {
        json = text === undefined ? undefined : JSON.parse(text);
      } catch {
        json = undefined;
      }
      if (json === undefined) {
        const actual = text === undefined ? 'a binary message' : renderActual(clean(text));
        finish(E.left(decodeError('invalid-json', [{ path: '', expected: 'JSON', actual, message: 'a WebSocket message that is not JSON text' }], where)));
        return;
      }
      if (JsCantonError.is(json)) {
        // The server's error message, as its HTTP route would have answered it; whatever it
        // quotes of the token is redacted first.
        const body = JSON.parse(clean(text!)) as JsCantonError;
        finish(E.left(toHttpError({ status: httpStatusOfGrpc(body.grpcCodeValue), method: 'GET', url, retryAfter: null, body: { _tag: 'Json', json: body } }, asyncScheduler.now())));
        return;
      }
      const decoded = codec.decode(json);
      if (E.isLeft(decoded)) finish(E.left(decodeError('schema', toIssues(decoded.left), where)));
      else subscriber.next(decoded);
    };
    socket.onerror = (event: unknown) => {
      // The close event follows and ends the connection; keep what the error said for it.
      lastError = event;
    };
    socket.onclose = (event: { code?: number; reason?: string }) => {
      if (done) return;
      if (event.code === NORMAL_CLOSURE) {
        finish();
        return;
      }
      const said = messageOf(lastError);
      const status = refusedStatus(said);
      if (status !== undefined) {
        finish(E.left(toHttpError({ status, method: 'GET', url, retryAfter: null, body: { _tag: 'Empty' } }, asyncScheduler.now())));
        return;
      }
      const reason = typeof event.reason === 'string' && event.reason !== '' ? `: ${clean(event.reason)}` : '';
      const cause = lastError === undefined ? { name: 'CloseEvent', message: `code ${String(event.code)}${reason}` } : plainError((lastError as { error?: unknown }).error ?? lastError, clean);
      finish(E.left(networkError('GET', url, `the WebSocket closed with code ${String(event.code)}${reason}`, cause)));
    };
    return () => {
      if (done) return;
      done = true;
      release(silence !== undefined && !silence.responsive());
    };
  });
