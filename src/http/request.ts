import { asyncScheduler, defer, identity, map, Observable, of, switchMap, timeout } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import type { CantonError } from '../errors/CantonError.js';
import { decodeError, networkError, timeoutError } from '../errors/constructors.js';
import { redactSecrets } from '../errors/redactSecrets.js';
import { renderActual } from '../internal/renderActual.js';
import { buildUrl } from './buildUrl.js';
import { describeTransportFailure, type BodyProgress } from './describeTransportFailure.js';
import { fetchSameOrigin } from './fetchSameOrigin.js';
import { inNextMacrotask } from './inNextMacrotask.js';
import { plainError } from './plainError.js';
import { readBody } from './readBody.js';
import { BodyTooLarge, decodeUtf8, readBytes } from './readText.js';
import { redact } from './redact.js';
import { keepRedaction } from './redactionOf.js';
import { resolveToken, secretsOf } from './resolveToken.js';
import { toHttpError } from './toHttpError.js';
import { refuseToken } from './refuseToken.js';
import type { Fetch, FetchInit, HttpResponse, RequestDescription, RequestObserver } from './types.js';
import { utf8Length } from './utf8Length.js';

/**
 * The longest timeout a timer can hold: Node, browsers and RxJS treat any delay of 2^31 ms or
 * more (about 24.8 days) as 1 ms, which would fail every request at once. @internal
 */
export const MAX_TIMEOUT_MS = 2 ** 31 - 1;

/** The body bound where none is given: far above any page, well below what exhausts a process. @internal */
export const DEFAULT_MAX_RESPONSE_BYTES = 256 * 1024 * 1024;

interface RawResponse {
  readonly status: number;
  readonly contentType: string | null;
  readonly retryAfter: string | null;
  readonly bytes: Uint8Array;
}

/**
 * The error of a request that got no answer. Its code is the transport's own or, failing that,
 * its cause's (Node's fetch reports `fetch failed` with the socket error, `ECONNREFUSED`, inside);
 * its message is the reason found in that chain (`describeTransportFailure`).
 */
const transportFailure = (error: unknown, display: { method: string; url: string }, token: string | undefined, body: BodyProgress | undefined) => {
  const cause = plainError(error, (text) => redact(text, token));
  const code = cause.code ?? cause.cause?.code;
  return networkError(display.method, display.url, describeTransportFailure(cause, body), code === undefined || cause.code !== undefined ? cause : { ...cause, code });
};

const tooLarge = (error: BodyTooLarge, display: { method: string; url: string }) =>
  decodeError(
    'too-large',
    [
      {
        path: '',
        expected: `at most ${error.maxBytes} bytes`,
        actual: error.declared !== undefined ? `${error.declared} bytes (Content-Length)` : `more than ${error.maxBytes} bytes`,
        message: 'the body is larger than maxResponseBytes; the read was aborted',
      },
    ],
    display,
  );

/**
 * One fetch, as a cold Observable: sends on subscribe, emits the status and the whole body as
 * bytes (at most `maxBytes` of them), and aborts the request if unsubscribed before the body has
 * arrived.
 */
const fetchOnce = (fetchFn: Fetch, url: string, init: Omit<FetchInit, 'signal'>, display: { method: string; url: string }, token: string | undefined, maxBytes: number, observer: RequestObserver | undefined) =>
  new Observable<E.Either<CantonError, RawResponse>>((subscriber) => {
    const controller = new AbortController();
    let settled = false;
    // Set once the headers are in: a failure after that cut the body off.
    let body: { received: number; expected?: number } | undefined;
    Promise.resolve()
      .then(() => fetchSameOrigin(fetchFn, url, { ...init, signal: controller.signal }))
      .then(async (res) => {
        const head = { status: res.status, contentType: res.headers.get('content-type'), retryAfter: res.headers.get('retry-after') };
        body = { received: 0 };
        // Told before the body is read: a body cut off later still leaves the status on record.
        observer?.status(res.status);
        return { ...head, bytes: await readBytes(res, maxBytes, body) };
      })
      .then(
        (raw) => {
          settled = true;
          subscriber.next(E.right(raw));
          subscriber.complete();
        },
        (error: unknown) => {
          settled = true;
          // After an abort nobody is listening any more.
          if (controller.signal.aborted) return;
          subscriber.next(E.left(error instanceof BodyTooLarge ? tooLarge(error, display) : transportFailure(error, display, token, body)));
          subscriber.complete();
          // The rest of an oversized body is not wanted: let the connection go.
          if (error instanceof BodyTooLarge) controller.abort();
        },
      );
    return () => {
      // Only a request still in flight is aborted: once the body is read there is nothing to cancel.
      if (!settled) controller.abort();
    };
  });

/**
 * An answer as the caller sees it. Whatever may end up in an error is redacted of `clean`'s
 * secrets: a non-2xx body, the excerpt of a body that is not JSON; a 2xx body is data and is
 * left as it is, and `clean` is kept beside it for the excerpts its decoder may quote (redactionOf).
 */
const classify = (raw: RawResponse, text: string, display: { method: string; url: string }, clean: (text: string) => string): E.Either<CantonError, HttpResponse> => {
  const ok = raw.status >= 200 && raw.status < 300;
  text = ok ? text : clean(text);
  const body = readBody(raw.contentType, text);
  if (body === undefined && ok) {
    return E.left(decodeError('invalid-json', [{ path: '', expected: 'JSON', actual: renderActual(clean(text)), message: 'the body is not valid JSON (cut off or garbled in transit?)' }], display));
  }
  const parsed = body ?? { _tag: 'Text' as const, text };
  if (!ok) {
    return E.left(toHttpError({ status: raw.status, method: display.method, url: display.url, retryAfter: raw.retryAfter, body: parsed }, asyncScheduler.now()));
  }
  return E.right(keepRedaction({ status: raw.status, method: display.method, url: display.url, body: parsed }, clean));
};

/**
 * A 2xx answer as it came off the wire, its body not parsed yet: what a Scan pool compares before
 * it decodes and parses (equal bytes agree as they are, and only the answer chosen is parsed).
 * @internal
 */
export interface UnparsedAnswer {
  readonly status: number;
  readonly method: string;
  readonly url: string;
  readonly contentType: string | null;
  /** The body as it came. */
  readonly bytes: Uint8Array;
  /** The body decoded from UTF-8 (once, on the first call). */
  text(): string;
  /** The answer as {@link request} gives it: the body read as JSON, text or nothing, or an `invalid-json` DecodeError. */
  parse(): E.Either<CantonError, HttpResponse>;
}

/**
 * The HTTP core without the parse: a non-2xx answer and every failure are the same Lefts as
 * {@link request}'s, a 2xx answer is an {@link UnparsedAnswer} (the hooks are not called). Cold,
 * aborted on unsubscribe, bounded by `timeoutMs` (each try), as `request` is.
 * @internal
 */
export const requestUnparsed = (desc: Omit<RequestDescription, 'onOkBytes'>): Observable<E.Either<CantonError, UnparsedAnswer>> =>
  defer(() => {
    const built = buildUrl(desc.baseUrl, desc.path, desc.params, desc.query);
    if (E.isLeft(built)) return of(built);
    const display = { method: desc.method, url: built.right };
    const observer = desc.observer;
    // The token the last try was sent with: the one to name as refused on a 401.
    let sentWith: string | undefined;
    const once = () =>
      resolveToken(desc.token).pipe(
        switchMap((token) => {
          if (E.isLeft(token)) return of(token);
          sentWith = token.right;
          // Every token the source has given, not only this one: a server may quote an older one.
          const secrets = secretsOf(desc.token);
          const clean = (text: string) => redactSecrets(text, secrets);
          const headers: Record<string, string> = { accept: 'application/json, text/plain;q=0.9, */*;q=0.1' };
          if (token.right !== undefined) headers['authorization'] = `Bearer ${token.right}`;
          const init: Omit<FetchInit, 'signal'> = { method: desc.method, headers };
          if (desc.body instanceof Uint8Array) {
            headers['content-type'] = 'application/octet-stream';
            // A copy on its own ArrayBuffer: what fetch's BodyInit takes, and safe from later writes.
            init.body = new Uint8Array(desc.body);
          } else if (desc.body !== undefined) {
            headers['content-type'] = 'application/json';
            init.body = JSON.stringify(desc.body);
          }
          observer?.sending(built.right, headers, init.body === undefined ? 0 : typeof init.body === 'string' ? utf8Length(init.body) : init.body.byteLength);
          return fetchOnce(desc.fetch, built.right, init, display, token.right, desc.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES, observer).pipe(
            map((raw): E.Either<CantonError, UnparsedAnswer> => {
              if (E.isLeft(raw)) return raw;
              const r = raw.right;
              observer?.received(r.bytes.byteLength);
              if (r.status < 200 || r.status >= 300) return classify(r, decodeUtf8(r.bytes), display, clean) as E.Left<CantonError>;
              let text: string | undefined;
              const textOf = () => (text ??= decodeUtf8(r.bytes));
              return E.right({ status: r.status, method: display.method, url: display.url, contentType: r.contentType, bytes: r.bytes, text: textOf, parse: () => classify(r, textOf(), display, clean) });
            }),
          );
        }),
        // `Infinity` means no timeout: no timer is armed at all, and none past what timers can hold.
        Number.isFinite(desc.timeoutMs)
          ? timeout({ first: Math.min(desc.timeoutMs, MAX_TIMEOUT_MS), with: () => of(E.left(timeoutError(display.method, display.url, desc.timeoutMs))) })
          : identity,
      );
    // A 401 from a token provider's token (expired or revoked under a read): the provider is told
    // and asked again, and the request sent once more; a second 401 is the answer.
    if (typeof desc.token !== 'function') return once();
    return once().pipe(switchMap((r) => (E.isLeft(r) && r.left._tag === 'HttpError' && r.left.status === 401 && refuseToken(desc.token, sentWith) ? once() : of(r))));
  });

/**
 * Parses a 2xx answer and hands it over as {@link request} does: `onOkBytes` told the raw bytes,
 * then the body decoded, parsed and handed on one macrotask later, so that a request the hook
 * sends leaves first (the parse, the decode and the consumer wait for the next macrotask);
 * without the hook, at once. With `okBytes`, the body is handed on as its bytes, unparsed
 * (a Scan pool's agreed answer too).
 * @internal
 */
export const handOver = (answer: UnparsedAnswer, hooks: Pick<RequestDescription, 'onOkBytes' | 'okBytes'>): Observable<E.Either<CantonError, HttpResponse>> => {
  const { onOkBytes } = hooks;
  // Asked for unread (a worker's decode, a binary download): the bytes as they came, no text decoding.
  if (hooks.okBytes === true) return of(E.right<CantonError, HttpResponse>({ status: answer.status, method: answer.method, url: answer.url, body: { _tag: 'Bytes' as const, bytes: answer.bytes, contentType: answer.contentType } }));
  if (onOkBytes === undefined) return defer(() => of(answer.parse()));
  return defer(() => {
    onOkBytes(answer.bytes);
    return inNextMacrotask(() => answer.parse());
  });
};

/**
 * The HTTP core: turns a request description into a cold Observable of one `Either`.
 * Nothing is sent before subscribe; each subscription resolves the token again and sends its
 * own request; unsubscribing aborts a request in flight; a request that has not completed
 * within `timeoutMs` ends in a `TimeoutError` (`Infinity`: no timeout). A 401 answered to a token
 * provider's token is tried once more with a new one (the provider is told it was refused,
 * `refuseToken`); a second 401 is the answer. Non-2xx answers are `HttpError`s, an unparseable
 * JSON body a `DecodeError` with reason `invalid-json`. Every expected failure is a `Left`. With
 * `okBytes`, a 2xx body is handed on as its bytes, unread (a reader that decodes it elsewhere).
 * @internal
 */
export const request = (desc: RequestDescription): Observable<E.Either<CantonError, HttpResponse>> => {
  const { onOkBytes, ...rest } = desc;
  return requestUnparsed(rest).pipe(
    switchMap((r) => {
      if (E.isLeft(r)) return of(r);
      return handOver(r.right, { onOkBytes, ...(desc.okBytes === true ? { okBytes: true } : {}) });
    }),
  );
};
