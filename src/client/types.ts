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
}
