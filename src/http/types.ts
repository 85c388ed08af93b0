import type { Observable } from 'rxjs';

/**
 * The subset of the WHATWG `fetch` that canton-rx uses, typed structurally so that cross-fetch,
 * Node's global fetch, undici or a test double all fit.
 * @category Client
 * @since 0.1.0
 */
export type Fetch = (input: string, init: FetchInit) => Promise<FetchResponse>;

/**
 * What canton-rx passes to `fetch`: always a method, headers and an abort signal.
 * @category Client
 * @since 0.1.0
 */
export interface FetchInit {
  method: string;
  headers: Record<string, string>;
  body?: string | Uint8Array<ArrayBuffer>;
  signal: AbortSignal;
  /**
   * Always `'manual'`: canton-rx follows same-origin redirects itself and no other (see
   * docs/errors.md, "Redirects"). A fetch of your own must honour it.
   */
  redirect?: 'manual';
}

/**
 * What canton-rx reads of a `fetch` response: the status, a few headers and the body.
 * @category Client
 * @since 0.1.0
 */
export interface FetchResponse {
  readonly status: number;
  readonly headers: {
    /** A header's value, or null when absent. */
    get(name: string): string | null;
  };
  /** The whole body as text. */
  text(): Promise<string>;
  /** The body as a stream, where the fetch has one: read chunk by chunk up to `maxResponseBytes`. */
  readonly body?: unknown;
}

/**
 * A bearer token, or a function that returns the current one. The function is called again for
 * every request, so a refreshed token is used as soon as the provider returns it. A provider that
 * fails is a retryable `InvalidRequest` with `reason: 'token-provider'` (docs/errors.md).
 * @category Client
 * @since 0.1.0
 */
export type TokenSource = string | (() => string | Promise<string> | Observable<string>);

/** What the HTTP core needs to send one request. @internal */
export interface RequestDescription {
  readonly method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  readonly baseUrl: string;
  /** A path template such as `/v2/idps/{idp-id}`. */
  readonly path: string;
  readonly params?: Readonly<Record<string, string | number>>;
  /** An array is sent as the key repeated (`?parties=a&parties=b`, OpenAPI's default form style). */
  readonly query?: Readonly<Record<string, string | number | boolean | ReadonlyArray<string | number> | undefined>>;
  /** Sent as JSON; a `Uint8Array` is sent as it is, as `application/octet-stream` (a DAR upload). */
  readonly body?: unknown;
  readonly token?: TokenSource;
  readonly timeoutMs: number;
  /** The largest body read, in bytes; default 256 MiB. */
  readonly maxResponseBytes?: number;
  readonly fetch: Fetch;
  /**
   * Handed the raw bytes of a 2xx body before anything reads them (no text decoding, no
   * `JSON.parse`), so that a paged reader can read its next cursor from the body's tail
   * (`tailFields`) and send the next request while this page is decoded, parsed and handed on.
   *
   * The contract:
   * - called at most once per request (a Scan pool that asks several Scans sends one request to
   *   each, and calls it once with the bytes it agreed on), and only for a 2xx answer: never for a
   *   non-2xx answer, a transport failure, a timeout, a body too large, nor after unsubscribe;
   * - called synchronously before the body is decoded and parsed, and those then wait one
   *   macrotask (`setImmediate` where there is one), so that a request the hook sends is on the
   *   wire before the parse, the decode and the consumer's synchronous work start;
   * - `bytes` are the very bytes the answer is read from and nothing in them has been checked
   *   (they may not even be JSON): the hook must not change them, must not throw (a throw is a
   *   defect and errors the Observable), and whatever it reads is a guess to compare with the
   *   decoded page.
   *
   * @example
   * ```ts
   * const onOkBytes = (bytes: Uint8Array) => {
   *   const token = tailFields(bytes, 'nextPageToken', [])?.['nextPageToken'];
   *   if (typeof token === 'string') sendNext({ ...body, pageToken: token }); // checked against the decoded page later
   * };
   * ```
   */
  readonly onOkBytes?: (bytes: Uint8Array) => void;
  /**
   * Hand a 2xx body on as its bytes, unread (`{ _tag: 'Bytes' }`), for a reader that parses and
   * decodes it elsewhere (a worker thread); `onOkBytes` is not called. Other answers are read
   * as always.
   */
  readonly okBytes?: boolean;
  /**
   * Told what the request does as it goes, for a telemetry span: never the bodies or the token.
   */
  readonly observer?: RequestObserver;
}

/**
 * What a request tells of itself as it goes (a telemetry span records it), each call a few field
 * writes: the URL and headers of each send, the answer's status as soon as its head is in, the
 * bytes of both bodies (never the bodies themselves).
 * @example
 * ```ts
 * const observer: RequestObserver = { sending: (url, headers, bytes) => inject(headers), status: (code) => span.setAttribute('http.response.status_code', code), received: () => undefined };
 * ```
 * @internal
 */
export interface RequestObserver {
  /**
   * Before each send: the URL as sent, the headers, to which it may add (the trace context), and
   * the size in bytes of the request body as sent (0 without one).
   */
  sending(url: string, headers: Record<string, string>, bodyBytes: number): void;
  /** The answer's status, as soon as its head is in: before its body, which may still be cut off. */
  status(code: number): void;
  /** The size in bytes of the answer's body as received, whatever its status. */
  received(bytes: number): void;
}

/** The body of an answer: parsed JSON, plain text, or nothing. @internal */
export type ResponseBody =
  | { readonly _tag: 'Json'; readonly json: unknown }
  | { readonly _tag: 'Text'; readonly text: string }
  | { readonly _tag: 'Empty' }
  /** A 2xx body asked for unread (`okBytes`), with the content type it came with. */
  | { readonly _tag: 'Bytes'; readonly bytes: Uint8Array; readonly contentType: string | null };

/** A 2xx answer. @internal */
export interface HttpResponse {
  readonly status: number;
  readonly method: string;
  readonly url: string;
  readonly body: ResponseBody;
}
