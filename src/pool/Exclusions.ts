import { asyncScheduler } from 'rxjs';
import type { ScanPoolEvent } from './types.js';

/** How long a liar is left out the first time; each exclusion of the same Scan doubles it, up to `MAX_EXCLUSION_MS`. @internal */
export const DEFAULT_EXCLUSION_MS = 600_000;
/** @internal */
export const MAX_EXCLUSION_MS = 86_400_000;

/**
 * The Scans a pool leaves out for lying. A Scan is excluded only on evidence (the transport
 * decides what counts: 2f + 1 Scans agreeing against it, which f + 1 colluders cannot produce
 * alone), for a time that doubles with each exclusion, after which it is asked again and its
 * answers are compared like any other's. Each exclusion is reported once (`liar`), however many
 * reads in flight saw the lie.
 * @internal
 */
export class Exclusions {
  private readonly state = new Map<string, { strikes: number; untilMs: number }>();

  constructor(
    private readonly onEvent: (e: ScanPoolEvent) => void,
    private readonly exclusionMs: number = DEFAULT_EXCLUSION_MS,
  ) {}

  excluded(scan: string, now = asyncScheduler.now()): boolean {
    return (this.state.get(scan)?.untilMs ?? 0) > now;
  }

  /** Excludes a Scan caught serving `updateId` with other content; nothing when it is excluded already. */
  exclude(scan: string, evidence: { readonly path: string; readonly updateId: string; readonly against: ReadonlyArray<string> }): void {
    const now = asyncScheduler.now();
    if (this.excluded(scan, now)) return;
    const s = this.state.get(scan) ?? { strikes: 0, untilMs: 0 };
    s.strikes++;
    s.untilMs = now + Math.min(MAX_EXCLUSION_MS, this.exclusionMs * 2 ** Math.min(20, s.strikes - 1));
    this.state.set(scan, s);
    this.onEvent({ type: 'liar', scan, path: evidence.path, updateId: evidence.updateId, untilMs: s.untilMs, against: evidence.against });
  }
}
