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
   * Told the raw text of a 2xx body before it is parsed, so that a paged reader can ask for its
   * next page while this one is parsed (it must check the guess against the decoded page). The
   * body is parsed one macrotask later, so that a request sent from here leaves first.
   * Superseded by `onOkJson`, which needs no second reading of the text; kept while the paged
   * readers still use it.
   */
  readonly onOkText?: (text: string) => void;
  /**
   * Handed the parsed JSON of a 2xx answer before anything decodes it, so that a paged reader can
   * read its next cursor with a property read (`json.nextPageToken`) and send the next request
   * while this page is decoded and handed on.
   *
   * The contract:
   * - called at most once per request (a Scan pool that asks several Scans sends one request to
   *   each), and only for a 2xx answer whose body parsed as JSON: never for a non-2xx answer, a
   *   transport failure, a timeout, a body too large, a body that is not valid JSON, a text or an
   *   empty body, nor after unsubscribe;
   * - called synchronously right after `JSON.parse`, before the answer is emitted, so before the
   *   operation's codec decodes it;
   * - `json` is the very value the codec will decode next and nothing in it has been checked:
   *   the hook must not change it, must not throw (a throw is a defect and errors the
   *   Observable), and whatever it reads is a guess to compare with the decoded page;
   * - once it has been called, the answer is emitted one macrotask later (`setImmediate` where
   *   there is one), so that a request the hook sends is on the wire before the decode and the
   *   consumer's synchronous work start.
   *
   * With `onOkText` as well, `onOkText` is told the text first and this hook the JSON after.
   *
   * @example
   * ```ts
   * const onOkJson = (json: unknown) => {
   *   const token = (json as { nextPageToken?: unknown } | null)?.nextPageToken;
   *   if (typeof token === 'string') sendNext({ ...body, pageToken: token }); // checked against the decoded page later
   * };
   * ```
   */
  readonly onOkJson?: (json: unknown) => void;
  /**
   * Hand a 2xx body on as its bytes, unread (`{ _tag: 'Bytes' }`), for a reader that parses and
   * decodes it elsewhere (a worker thread); the hooks above are not called. Other answers are read
   * as always.
   */
  readonly okBytes?: boolean;
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
