import { asyncScheduler } from 'rxjs';
import type { ScanPoolEvent } from './types.js';

/** The first cooldown after a failure; it doubles with each failure in a row, up to `MAX_COOLDOWN_MS`. @internal */
export const FIRST_COOLDOWN_MS = 1000;
/** @internal */
export const MAX_COOLDOWN_MS = 60_000;
/** A latency older than this no longer counts: a Scan slow a minute ago is tried again. @internal */
export const LATENCY_MEMORY_MS = 60_000;
/** A Scan is slow when its latency is above this many times the median of the pool's, and `SLOW_MARGIN_MS` above it. @internal */
export const SLOW_FACTOR = 2;
/** @internal */
export const SLOW_MARGIN_MS = 25;

interface State {
  failures: number;
  untilMs: number;
  /** A moving average of the time from sending a request to its answer, and when it was last fed. */
  latencyMs: number | undefined;
  measuredAt: number;
}

/**
 * Per-Scan health of a pool: a Scan that failed (network, timeout, 5xx, 503 still replicating,
 * 429) is asked last until its cooldown has passed, a slow one after the others, a rate-limited
 * one (its host has no token now) after those, so reads move to the Scans that answer; each is
 * still asked when too few others are left, so a pool never waits on its own bookkeeping.
 * @internal
 */
export class ScanHealth {
  private readonly state = new Map<string, State>();

  constructor(private readonly onEvent: (e: ScanPoolEvent) => void) {}

  private of(scan: string): State {
    let s = this.state.get(scan);
    if (s === undefined) {
      s = { failures: 0, untilMs: 0, latencyMs: undefined, measuredAt: 0 };
      this.state.set(scan, s);
    }
    return s;
  }

  private measured(s: State, latencyMs: number | undefined, now: number): void {
    if (latencyMs === undefined) return;
    const fresh = s.latencyMs !== undefined && now - s.measuredAt < LATENCY_MEMORY_MS;
    s.latencyMs = fresh ? 0.7 * s.latencyMs! + 0.3 * latencyMs : latencyMs;
    s.measuredAt = now;
  }

  failed(scan: string, reason: string, latencyMs?: number): void {
    const now = asyncScheduler.now();
    const s = this.of(scan);
    s.failures++;
    s.untilMs = now + Math.min(MAX_COOLDOWN_MS, FIRST_COOLDOWN_MS * 2 ** Math.min(16, s.failures - 1));
    this.measured(s, latencyMs, now);
    this.onEvent({ type: 'unhealthy', scan, untilMs: s.untilMs, reason });
  }

  answered(scan: string, latencyMs?: number): void {
    const s = this.of(scan);
    s.failures = 0;
    s.untilMs = 0;
    this.measured(s, latencyMs, asyncScheduler.now());
  }

  healthy(scan: string, now = asyncScheduler.now()): boolean {
    return (this.state.get(scan)?.untilMs ?? 0) <= now;
  }

  /** The Scans whose recent latency is well above the median of the others'. */
  private slow(scans: ReadonlyArray<string>, now: number): Set<string> {
    const recent = scans.flatMap((scan) => {
      const s = this.state.get(scan);
      return s?.latencyMs !== undefined && now - s.measuredAt < LATENCY_MEMORY_MS ? [{ scan, ms: s.latencyMs }] : [];
    });
    if (recent.length < 2) return new Set();
    const sorted = recent.map((r) => r.ms).sort((a, b) => a - b);
    const median = sorted[Math.floor((sorted.length - 1) / 2)]!;
    return new Set(recent.filter((r) => r.ms > SLOW_FACTOR * median && r.ms > median + SLOW_MARGIN_MS).map((r) => r.scan));
  }

  /**
   * The Scans in the order to ask them: the healthy ones that are neither slow nor waiting for
   * their host's rate limit, shuffled (to spread the reads); then the slow ones, fastest first;
   * then the rate-limited ones; then the failed ones, soonest back first.
   */
  order(scans: ReadonlyArray<string>, random: () => number, ready: (scan: string) => boolean = () => true): string[] {
    const now = asyncScheduler.now();
    const slow = this.slow(scans, now);
    const healthy = scans.filter((s) => this.healthy(s, now));
    const limited = new Set(healthy.filter((s) => !ready(s)));
    const fast = healthy.filter((s) => !slow.has(s) && !limited.has(s));
    for (let i = fast.length - 1; i > 0; i--) {
      const j = Math.floor(Math.min(0.999999, Math.max(0, random())) * (i + 1));
      [fast[i], fast[j]] = [fast[j]!, fast[i]!];
    }
    const slower = healthy.filter((s) => slow.has(s) && !limited.has(s)).sort((a, b) => this.state.get(a)!.latencyMs! - this.state.get(b)!.latencyMs!);
    const resting = scans.filter((s) => !this.healthy(s, now)).sort((a, b) => this.state.get(a)!.untilMs - this.state.get(b)!.untilMs);
    return [...fast, ...slower, ...healthy.filter((s) => limited.has(s)), ...resting];
  }
}
