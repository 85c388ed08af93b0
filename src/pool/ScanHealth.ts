import { asyncScheduler } from 'rxjs';
import type { ScanPoolEvent } from './types.js';

/** The first cooldown after a failure; it doubles with each failure in a row, up to `MAX_COOLDOWN_MS`. @internal */
export const FIRST_COOLDOWN_MS = 1000;
/** @internal */
export const MAX_COOLDOWN_MS = 60_000;

/**
 * Per-Scan health of a pool: a Scan that failed (network, timeout, 5xx, 503 still replicating,
 * 429) is asked last until its cooldown has passed, so reads move to the others; it is still
 * asked when too few healthy Scans are left, so a pool never waits on its own bookkeeping.
 * @internal
 */
export class ScanHealth {
  private readonly state = new Map<string, { failures: number; untilMs: number }>();

  constructor(private readonly onEvent: (e: ScanPoolEvent) => void) {}

  failed(scan: string, reason: string): void {
    const now = asyncScheduler.now();
    const s = this.state.get(scan) ?? { failures: 0, untilMs: 0 };
    s.failures++;
    s.untilMs = now + Math.min(MAX_COOLDOWN_MS, FIRST_COOLDOWN_MS * 2 ** Math.min(16, s.failures - 1));
    this.state.set(scan, s);
    this.onEvent({ type: 'unhealthy', scan, untilMs: s.untilMs, reason });
  }

  answered(scan: string): void {
    this.state.delete(scan);
  }

  healthy(scan: string, now = asyncScheduler.now()): boolean {
    return (this.state.get(scan)?.untilMs ?? 0) <= now;
  }

  /** The Scans in the order to ask them: the healthy ones shuffled, then the others, soonest back first. */
  order(scans: ReadonlyArray<string>, random: () => number): string[] {
    const now = asyncScheduler.now();
    const healthy = scans.filter((s) => this.healthy(s, now));
    for (let i = healthy.length - 1; i > 0; i--) {
      const j = Math.floor(Math.min(0.999999, Math.max(0, random())) * (i + 1));
      [healthy[i], healthy[j]] = [healthy[j]!, healthy[i]!];
    }
    const resting = scans.filter((s) => !this.healthy(s, now)).sort((a, b) => this.state.get(a)!.untilMs - this.state.get(b)!.untilMs);
    return [...healthy, ...resting];
  }
}
