import type { ManualClock } from './types.js';

const parse = (instant: string, at: string): number => {
  const ms = Date.parse(instant);
  // Date.parse takes dates without a zone as local time: an instant must say its zone.
  if (!/(Z|[+-]\d{2}:\d{2})$/i.test(instant) || !Number.isFinite(ms)) throw new RangeError(`${at} needs an ISO-8601 instant with its zone, got ${JSON.stringify(instant)}`);
  return ms;
};

/**
 * A clock for the simulated network that moves only when the test moves it: pass it as the
 * `clock` option of {@link startSimulatedNetwork} or {@link startSimulatedScans}, and the open
 * mining rounds follow it (a new round opens every 20 s of it past the end of the history).
 * See docs/testkit.md, "Mining rounds and the clock".
 *
 * @param start - The instant it reads first (ISO-8601 with its zone).
 * @example
 * ```ts
 * import { manualClock, startSimulatedNetwork } from 'canton-rx/testkit';
 *
 * const clock = manualClock('2026-01-01T00:00:00Z');
 * const net = await startSimulatedNetwork({ clock });
 * clock.advance(60_000); // three rounds later
 * await net.close();
 * ```
 * @category Testkit
 */
export function manualClock(start: string): ManualClock {
  let ms = parse(start, 'manualClock(start)');
  return {
    now: () => new Date(ms).toISOString(),
    advance: (by: number) => {
      if (!(Number.isFinite(by) && by >= 0)) throw new RangeError(`advance(ms) needs a finite number ≥ 0, got ${by}`);
      ms += by;
    },
    set: (instant: string) => {
      ms = parse(instant, 'set(instant)');
    },
  };
}
