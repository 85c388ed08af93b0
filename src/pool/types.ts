import type { TokenSource } from '../http/types.js';

/**
 * How many equal answers a pool read needs: `'f+1'` (default), `'2f+1'`, or a number of Scans,
 * where f = floor((n − 1) / 3) for n known Scans. See docs/scans.md, "Choosing the threshold".
 * @category Client
 * @since 0.2.0
 */
export type ScanThreshold = 'f+1' | '2f+1' | number;

/**
 * How many Scans a pool read asks at first: `'threshold+f'` (the default) or `'threshold'` (the
 * cheaper mode, widened only on disagreement or failure). See docs/scans.md.
 * @category Client
 * @since 0.3.0
 */
export type ScanAsk = 'threshold+f' | 'threshold';

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
 * - `liar`: a Scan served an item whose update id others agree on with other content, and 2f + 1
 *   Scans (`against`) agreed against it: it is left out until `untilMs`, then asked again. Once per
 *   exclusion, however many reads saw the lie.
 * - `conflict`: Scans served one update id with different contents (`sides`, the largest first)
 *   and no side had the 2f + 1 Scans that would make the others liars: nobody is excluded. With at
 *   most f faulty Scans the side of `threshold` Scans or more is delivered; two sides that both
 *   reach it are a `ScanDisagreement`. More Scans lying alike than f is beyond what a pool
 *   protects against: look at it.
 * - `discovered`: discovery (`GET /v0/scans`) changed the Scans of the pool.
 * @category Client
 * @since 0.2.0
 */
export type ScanPoolEvent =
  | { readonly type: 'unhealthy'; readonly scan: string; readonly untilMs: number; readonly reason: string }
  | { readonly type: 'rate'; readonly host: string; readonly ratePerSecond: number }
  | { readonly type: 'disagreed'; readonly scan: string; readonly path: string }
  | { readonly type: 'liar'; readonly scan: string; readonly path: string; readonly updateId: string; readonly untilMs: number; readonly against: ReadonlyArray<string> }
  | { readonly type: 'conflict'; readonly path: string; readonly updateId: string; readonly sides: ReadonlyArray<ReadonlyArray<string>> }
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
  /**
   * How many Scans a read asks at first (docs/scans.md, "What a read costs"): `'threshold+f'`
   * (default: 2f + 1 for `'f+1'`, and a history page waits for all of them, so that a liar among
   * them is seen) or `'threshold'` (f + 1 for `'f+1'`: the cheaper mode; more are asked only when
   * those disagree or fail, so a liar is caught only when it is among the ones asked).
   */
  readonly ask?: ScanAsk;
  /** How long a Scan caught lying is left out, in ms, doubling with each exclusion of the same Scan; default 600 000. */
  readonly exclusionMs?: number;
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
