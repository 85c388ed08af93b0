import type { Fetch } from '../http/types.js';
import type { GroupConfig, ValidatorGroupConfig, WebSocketConstructor } from '../client/types.js';
import type { ScanPoolConfig } from '../pool/types.js';
import type { TelemetryConfig } from '../telemetry/TelemetryConfig.js';
import type { RegistryConfig } from '../registry/RegistryConfig.js';

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
  /**
   * The token standard's registries (docs/registry.md): the default one's root `url`, and one per
   * instrument admin (`byAdmin`). Absent `url`: a single Scan's host root (Amulet's registry).
   * @since 0.4.0
   */
  readonly registry?: RegistryConfig;
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
  /**
   * Refuse what the specs do not name: a member of an open union (a new update kind, event type,
   * reassignment event, Scan item or event type) or a value of an open enum that this version
   * does not know is a `DecodeError` naming it, as before 0.3.0, instead of an unknown member
   * that the streams hand on (docs/codecs.md, "Open unions"). Default false. Each stream takes
   * `strict` too, for its own calls.
   * @since 0.3.0
   */
  readonly strict?: boolean;
  /**
   * Where to report traces and metrics: an OpenTelemetry tracer and/or meter (docs/observability.md).
   * Absent: nothing is measured, and `@opentelemetry/api` is not needed.
   * @since 0.4.0
   */
  readonly telemetry?: TelemetryConfig;
}
