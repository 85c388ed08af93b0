import type { Fetch, TokenSource } from '../http/types.js';
import type { ScanPoolConfig } from '../pool/types.js';

/**
 * Where one API group lives and how to authenticate to it.
 * @category Client
 * @since 0.1.0
 */
export interface GroupConfig {
  /**
   * The group base URL: the participant's JSON API (`https://participant.example.com`),
   * `{validator_url}` ending in `/api/validator`, or `{scan_url}` ending in `/api/scan`.
   * Only `http:` and `https:`, without user info (`user:password@`), query string or fragment:
   * such a URL makes every operation of the group an `InvalidRequest` that does not quote it.
   */
  readonly url: string;
  /** Sent as `Authorization: Bearer <token>` on every request of this group, and only there. */
  readonly token?: TokenSource;
}

/**
 * The validator group, with the DSO's ANS acronym that entry names must end in.
 * @category Client
 * @since 0.1.0
 */
export interface ValidatorGroupConfig extends GroupConfig {
  /** Entry names must end with `.unverified.<ansAcronym>`; default `cns`. */
  readonly ansAcronym?: string;
}

/**
 * What `createClient` needs: the groups you use, and what they share.
 * @category Client
 * @since 0.1.0
 */
export interface ClientConfig {
  readonly ledger?: GroupConfig;
  readonly validator?: ValidatorGroupConfig;
  /** One Scan (`{ url }`), or several read as one (`{ urls }` or `{ discover }`, see docs/scans.md). */
  readonly scan?: GroupConfig | ScanPoolConfig;
  /** The fetch to use; default the platform's `fetch` where there is one (Node 18+, browsers), else cross-fetch. */
  readonly fetch?: Fetch;
  /**
   * Per-request timeout in milliseconds, from sending to the last byte of the body; default
   * 30 000. `Infinity` means no timeout. Anything else must be above 0 and at most 2^31 - 1
   * (about 24.8 days, the longest delay a timer holds), or every operation is an `InvalidRequest`.
   */
  readonly timeoutMs?: number;
  /**
   * The largest response body read, in bytes; default 256 MiB. A body past it (a `Content-Length`
   * above it, or more bytes as they arrive) is not read further: the request is aborted and the
   * answer is a `DecodeError` with `reason: 'too-large'` (not retryable).
   */
  readonly maxResponseBytes?: number;
  /**
   * The WebSocket class of the ledger's WebSocket streams (`ledger.ws`); default the platform's
   * `globalThis.WebSocket` where there is one, else the `ws` package (an optional peer
   * dependency, loaded on first use). See docs/ledger-ws.md.
   * @since 0.2.0
   */
  readonly webSocket?: WebSocketConstructor;
}

/**
 * The part of a WebSocket that canton-rx uses: the WHATWG API, which browsers, Node 22's global
 * `WebSocket` and the `ws` package all implement.
 * @category Client
 * @since 0.2.0
 */
export interface WebSocketLike {
  /** 0 connecting, 1 open, 2 closing, 3 closed. */
  readonly readyState: number;
  // The events differ between platforms (DOM events, ws's own): only their common fields are read.
  /** Called once the socket is open. */
  onopen: ((event: any) => void) | null;
  /** Called with each message (its `data`). */
  onmessage: ((event: any) => void) | null;
  /** Called when the socket fails. */
  onerror: ((event: any) => void) | null;
  /** Called when the socket closes (its `code` and `reason`). */
  onclose: ((event: any) => void) | null;
  /** Sends one text message. */
  send(data: string): void;
  /** Closes the socket. */
  close(code?: number, reason?: string): void;
}

/**
 * A WebSocket class: `globalThis.WebSocket`, `ws`'s default export, or a test double.
 * @example
 * ```ts
 * import WebSocket from 'ws';
 * import { createClient } from 'canton-rx';
 * const client = createClient({ ledger: { url: 'https://participant.example.com', token }, webSocket: WebSocket });
 * ```
 * @category Client
 * @since 0.2.0
 */
export type WebSocketConstructor = new (url: string, protocols?: string | string[]) => WebSocketLike;
