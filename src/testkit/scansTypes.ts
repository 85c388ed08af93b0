/**
 * The public types of {@link startSimulatedScans}: several Scans of one history, each with its
 * own knobs and fault plan.
 */
import type { FaultPlan, NetworkStats, SimulatedClock } from './types.js';

/**
 * How one simulated Scan misbehaves. Every knob can be changed while it runs (`SimulatedScan.set`).
 * @example
 * ```ts
 * const knobs: ScanKnobs = { lag: 20, rateLimit: { burst: 5, perSecond: 1 }, latencyMs: 50 };
 * ```
 * @category Testkit
 * @since 0.2.0
 */
export interface ScanKnobs {
  /** Serves the history without its last `lag` updates, as a Scan that has not ingested them yet (default 0). */
  readonly lag?: number;
  /**
   * Answers every history read (`/v1/updates`, `/v2/updates`, `/v0/backfilling/...`) with 503
   * `{"error": "This scan instance has not yet replicated all data"}`, as Splice's
   * `confirmBackfillingIsCompleteThen` does while a Scan replicates (default false).
   */
  readonly replicating?: boolean;
  /**
   * A token bucket over wall time: `burst` requests at once, refilled at `perSecond`. A request
   * without a token gets Splice's 429 "Too Many Requests" without `Retry-After`.
   */
  readonly rateLimit?: { readonly burst: number; readonly perSecond: number };
  /**
   * A Byzantine Scan: history items whose update id draws below `rate` (default 1: all) come
   * with an altered value (a transaction's `workflow_id`, a reassignment's `counter`), the same
   * update id and cursor; any other 200 JSON body has its first string (or number) altered.
   * Each Byzantine Scan lies in its own way, so that two liars do not agree, unless they lie
   * `as` the same name: then they tell the same lies (colluding liars).
   */
  readonly byzantine?: boolean | { readonly rate?: number; readonly as?: string };
  /** Every answer is sent this many milliseconds late (default 0). */
  readonly latencyMs?: number;
  /** Listed by `GET /v0/scans` (default true). */
  readonly listed?: boolean;
  /** This Scan's own fault plans (see {@link FaultPlan}). */
  readonly faults?: FaultPlan | readonly FaultPlan[];
}

/**
 * One Scan of the simulated set.
 * @example
 * ```ts
 * const scans = await startSimulatedScans({ scans: [{}, {}, { replicating: true }, {}] });
 * scans.scans[2]!.set({ replicating: false });
 * ```
 * @category Testkit
 * @since 0.2.0
 */
export interface SimulatedScan {
  /** The SV name `GET /v0/scans` lists it under. */
  readonly name: string;
  /** `http://127.0.0.1:<port>`: its `publicUrl` in `GET /v0/scans`. */
  readonly url: string;
  /** `url` + `/api/scan`: what a client is configured with. */
  readonly scanUrl: string;
  /** Changes some knobs (the others keep their value). */
  set(knobs: ScanKnobs): void;
  /** What this Scan served. */
  stats(): NetworkStats;
}

/**
 * Options of {@link startSimulatedScans}.
 * @example
 * ```ts
 * const options: SimulatedScansOptions = { seed: 3, updates: 400, migrations: 2, scans: [{}, {}, {}, { byzantine: true }] };
 * ```
 * @category Testkit
 * @since 0.2.0
 */
export interface SimulatedScansOptions {
  /** Seed of the history (default 1): the same as `startSimulatedNetwork`'s for the same options. */
  readonly seed?: number | string;
  /** Updates of the initial history (default 500). */
  readonly updates?: number;
  /** Migration ids the history spans (default 3). */
  readonly migrations?: number;
  /** Chance of a history page coming back short (see `SimulatedNetworkOptions.shortPages`). */
  readonly shortPages?: number;
  /** Chance of tied record times (see `SimulatedNetworkOptions.tiedRecordTimes`). */
  readonly tiedRecordTimes?: number;
  /** One entry per Scan, with its knobs (default four well-behaved Scans). */
  readonly scans?: readonly ScanKnobs[];
  /** More synchronizers listed by `GET /v0/scans` next to the decentralized one (their Scans are not served). */
  readonly extraDomains?: ReadonlyArray<{ readonly domainId: string; readonly scans: ReadonlyArray<{ readonly publicUrl: string; readonly svName: string }> }>;
  /** Every Scan answers CORS, preflights included (see `SimulatedNetworkOptions.cors`). @since 0.2.0 */
  readonly cors?: boolean;
  /** The clock the open mining rounds follow (default `'wall'`), as `SimulatedNetworkOptions.clock`. */
  readonly clock?: SimulatedClock;
}

/**
 * The handle of several simulated Scans that serve one history.
 * @example
 * ```ts
 * const set = await startSimulatedScans({ scans: [{}, {}, {}, { lag: 10 }] });
 * set.append(25); // every Scan sees it (a lagging one 10 updates late)
 * await set.close();
 * ```
 * @category Testkit
 * @since 0.2.0
 */
export interface SimulatedScans {
  readonly scans: readonly SimulatedScan[];
  /** Every Scan's `scanUrl`, in order. */
  readonly urls: readonly string[];
  /** The decentralized synchronizer id, under which `GET /v0/scans` lists them. */
  readonly synchronizerId: string;
  /** The history's update count and last item. */
  info(): { readonly updates: number; readonly migrationIds: readonly number[] };
  /** Appends n updates to the shared history. */
  append(n: number): void;
  /** Closes every Scan. */
  close(): Promise<void>;
}
