import type { TokenSource } from '../http/types.js';

/**
 * How many equal answers a pool read needs: `'f+1'` (default), `'2f+1'`, or a number of Scans,
 * where f = floor((n − 1) / 3) for n known Scans. See docs/scans.md, "Choosing the threshold".
 * @category Client
 * @since 0.2.0
 */
export type ScanThreshold = 'f+1' | '2f+1' | number;

/**
 * Per-host limits of a Scan pool. Each host (scheme, host and port of a Scan URL) gets its own.
 * @category Client
 * @since 0.2.0
 */
export interface ScanLimits {
  /** Requests in flight at once to one host; default 8. */
  readonly concurrency?: number;
  /** Requests per second to one host (a token bucket); default unlimited until the host answers 429. */
  readonly ratePerSecond?: number;
  /** The bucket's size: requests that may start at once; default `max(1, ratePerSecond)`. */
  readonly burst?: number;
  /** After a 429 the rate is halved, then grows back linearly to the configured rate over this many ms; default 60 000. */
  readonly recoverMs?: number;
}

/**
 * What a Scan pool tells about itself (`onEvent`), for logs and metrics.
 * - `unhealthy`: a Scan failed (network, 5xx, 503 still replicating, 429) and is asked last until `untilMs`.
 * - `rate`: a host answered 429 and its request rate was cut to `ratePerSecond`.
 * - `disagreed`: a Scan's answer differed from the one f + 1 agreed on (a lagging Scan does this too).
 * - `liar`: a Scan served an item whose update id others agree on with other content: it is excluded.
 * - `discovered`: discovery (`GET /v0/scans`) changed the Scans of the pool.
 * @category Client
 * @since 0.2.0
 */
export type ScanPoolEvent =
  | { readonly type: 'unhealthy'; readonly scan: string; readonly untilMs: number; readonly reason: string }
  | { readonly type: 'rate'; readonly host: string; readonly ratePerSecond: number }
  | { readonly type: 'disagreed'; readonly scan: string; readonly path: string }
  | { readonly type: 'liar'; readonly scan: string; readonly path: string; readonly updateId: string }
  | { readonly type: 'discovered'; readonly scans: ReadonlyArray<string>; readonly added: ReadonlyArray<string>; readonly removed: ReadonlyArray<string> };

/**
 * Several Scans read as one (see docs/scans.md): give either `urls` or `discover`.
 * @category Client
 * @since 0.2.0
 */
export interface ScanPoolConfig {
  /** The Scans' base URLs, each ending in `/api/scan`. */
  readonly urls?: ReadonlyArray<string>;
  /**
   * One or more seed Scans (ending in `/api/scan`): the pool is the Scans that `GET /v0/scans`
   * lists for the decentralized synchronizer, read with agreement among the known Scans and
   * refreshed every `refreshMs` and after a read that found too few Scans available.
   */
  readonly discover?: string | ReadonlyArray<string>;
  /** How often discovery is refreshed, in ms; default 600 000 (10 minutes, as Splice's validator). */
  readonly refreshMs?: number;
  /** The synchronizer whose Scans discovery keeps; default the `global-domain::` one (else the one with most Scans). */
  readonly synchronizerId?: string;
  /** Equal answers a read needs; default `'f+1'`. */
  readonly threshold?: ScanThreshold;
  /** Sent as `Authorization: Bearer <token>` to every Scan of the pool. */
  readonly token?: TokenSource;
  readonly limits?: ScanLimits;
  /** Told of health changes, rate cuts, disagreements, liars and discovery changes. */
  readonly onEvent?: (event: ScanPoolEvent) => void;
  /** A number in [0, 1) for choosing Scans at random; default `Math.random`. */
  readonly random?: () => number;
}

/** Whether a Scan group config is a pool. @internal */
export const isScanPoolConfig = (config: object | undefined): config is ScanPoolConfig =>
  config !== undefined && !('url' in config) && ('urls' in config || 'discover' in config);
