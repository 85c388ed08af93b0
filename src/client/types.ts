import type { TokenSource } from '../http/types.js';

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
