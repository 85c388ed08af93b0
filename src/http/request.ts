import { asyncScheduler, defer, identity, map, Observable, of, switchAll, switchMap, timeout } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import type { CantonError } from '../errors/CantonError.js';
import { decodeError, networkError, timeoutError } from '../errors/constructors.js';
import { renderActual } from '../internal/renderActual.js';
import { buildUrl } from './buildUrl.js';
import { fetchSameOrigin } from './fetchSameOrigin.js';
import { inNextMacrotask } from './inNextMacrotask.js';
import { plainError } from './plainError.js';
import { readBody } from './readBody.js';
import { BodyTooLarge, decodeUtf8, readBytes } from './readText.js';
import { redact } from './redact.js';
import { resolveToken } from './resolveToken.js';
import { toHttpError } from './toHttpError.js';
import type { Fetch, FetchInit, HttpResponse, RequestDescription } from './types.js';

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
 * its cause's (Node's fetch reports `fetch failed` with the socket error, `ECONNREFUSED`, inside).
 */
const transportFailure = (error: unknown, display: { method: string; url: string }, token: string | undefined) => {
  const cause = plainError(error, (text) => redact(text, token));
  const code = cause.code ?? cause.cause?.code;
  return networkError(display.method, display.url, cause.message, code === undefined || cause.code !== undefined ? cause : { ...cause, code });
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
 * text (at most `maxBytes` of it), and aborts the request if unsubscribed before the body has
 * arrived.
 */
const fetchOnce = (fetchFn: Fetch, url: string, init: Omit<FetchInit, 'signal'>, display: { method: string; url: string }, token: string | undefined, maxBytes: number) =>
  new Observable<E.Either<CantonError, RawResponse>>((subscriber) => {
    const controller = new AbortController();
    let settled = false;
    Promise.resolve()
      .then(() => fetchSameOrigin(fetchFn, url, { ...init, signal: controller.signal }))
      .then(async (res) => ({
        status: res.status,
        contentType: res.headers.get('content-type'),
        retryAfter: res.headers.get('retry-after'),
        bytes: await readBytes(res, maxBytes),
      }))
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
          subscriber.next(E.left(error instanceof BodyTooLarge ? tooLarge(error, display) : transportFailure(error, display, token)));
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

const classify = (raw: RawResponse, text: string, display: { method: string; url: string }, token: string | undefined): E.Either<CantonError, HttpResponse> => {
  const ok = raw.status >= 200 && raw.status < 300;
  // A server may echo the token it was sent (an auth error quoting the header): whatever ends up
  // in an error is redacted. A 2xx body is data and is left as it is.
  text = ok ? text : redact(text, token);
  const body = readBody(raw.contentType, text);
  if (body === undefined && ok) {
    return E.left(decodeError('invalid-json', [{ path: '', expected: 'JSON', actual: renderActual(redact(text, token)), message: 'the body is not valid JSON (cut off or garbled in transit?)' }], display));
  }
  const parsed = body ?? { _tag: 'Text' as const, text };
  if (!ok) {
    return E.left(toHttpError({ status: raw.status, method: display.method, url: display.url, retryAfter: raw.retryAfter, body: parsed }, asyncScheduler.now()));
  }
  return E.right({ status: raw.status, method: display.method, url: display.url, body: parsed });
};

/**
 * A 2xx answer as it came off the wire, its body not parsed yet: what a Scan pool compares before
 * decodes and parses (equal bytes agree as they are, and only the answer chosen is decoded and parsed).
 * @internal
 */
export interface UnparsedAnswer {
  readonly status: number;
  readonly method: string;
  readonly url: string;
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
 * aborted on unsubscribe, bounded by `timeoutMs`, as `request` is.
 * @internal
 */
export const requestUnparsed = (desc: Omit<RequestDescription, 'onOkText' | 'onOkJson'>): Observable<E.Either<CantonError, UnparsedAnswer>> =>
  defer(() => {
    const built = buildUrl(desc.baseUrl, desc.path, desc.params, desc.query);
    if (E.isLeft(built)) return of(built);
    const display = { method: desc.method, url: built.right };
    return resolveToken(desc.token).pipe(
      switchMap((token) => {
        if (E.isLeft(token)) return of(token);
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
        return fetchOnce(desc.fetch, built.right, init, display, token.right, desc.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES).pipe(
          map((raw): E.Either<CantonError, UnparsedAnswer> => {
            if (E.isLeft(raw)) return raw;
            const r = raw.right;
            if (r.status < 200 || r.status >= 300) return classify(r, decodeUtf8(r.bytes), display, token.right) as E.Left<CantonError>;
            let text: string | undefined;
            const textOf = () => (text ??= decodeUtf8(r.bytes));
            return E.right({ status: r.status, method: display.method, url: display.url, bytes: r.bytes, text: textOf, parse: () => classify(r, textOf(), display, token.right) });
          }),
        );
      }),
      // `Infinity` means no timeout: no timer is armed at all, and none past what timers can hold.
      Number.isFinite(desc.timeoutMs)
        ? timeout({ first: Math.min(desc.timeoutMs, MAX_TIMEOUT_MS), with: () => of(E.left(timeoutError(display.method, display.url, desc.timeoutMs))) })
        : identity,
    );
  });

/**
 * Parses a 2xx answer and hands it over as {@link request} does: `onOkText` told the text, then
 * `onOkJson` the parsed JSON, and the answer one macrotask later, so that a request a hook sends
 * leaves first; without hooks, at once.
 * @internal
 */
export const handOver = (answer: UnparsedAnswer, hooks: Pick<RequestDescription, 'onOkText' | 'onOkJson'>): Observable<E.Either<CantonError, HttpResponse>> => {
  const { onOkText, onOkJson } = hooks;
  if (onOkText === undefined && onOkJson === undefined) return defer(() => of(answer.parse()));
  const parsed = () => {
    const r = answer.parse();
    if (onOkJson === undefined || E.isLeft(r) || r.right.body._tag !== 'Json') return of(r);
    onOkJson(r.right.body.json);
    return inNextMacrotask(() => r);
  };
  if (onOkText === undefined) return defer(parsed);
  return defer(() => {
    onOkText(answer.text());
    return inNextMacrotask(parsed).pipe(switchAll());
  });
};

/**
 * The HTTP core: turns a request description into a cold Observable of one `Either`.
 * Nothing is sent before subscribe; each subscription resolves the token again and sends its
 * own request; unsubscribing aborts a request in flight; a request that has not completed
 * within `timeoutMs` ends in a `TimeoutError` (`Infinity`: no timeout). Non-2xx answers are `HttpError`s, an unparseable
 * JSON body a `DecodeError` with reason `invalid-json`. Every expected failure is a `Left`.
 * @internal
 */
export const request = (desc: RequestDescription): Observable<E.Either<CantonError, HttpResponse>> => {
  const { onOkText, onOkJson, ...rest } = desc;
  return requestUnparsed(rest).pipe(switchMap((r) => (E.isLeft(r) ? of(r) : handOver(r.right, { onOkText, onOkJson }))));
};
