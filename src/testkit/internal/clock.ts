/**
 * The network's clock as a reader of microseconds since the epoch, from the `clock` option.
 */
import type { SimulatedClock } from '../types.js';
import { parseMicros } from './time.js';

export const clockReader = (clock: SimulatedClock | undefined): (() => number) => {
  if (clock === undefined || clock === 'wall') return () => Date.now() * 1000;
  if (typeof clock === 'object' && clock !== null && 'fixed' in clock) {
    const fixed = typeof clock.fixed === 'string' ? parseMicros(clock.fixed) : undefined;
    if (fixed === undefined) throw new RangeError(`clock.fixed must be an ISO-8601 instant, got ${JSON.stringify(clock.fixed)}`);
    return () => fixed;
  }
  if (typeof clock === 'object' && clock !== null && typeof clock.now === 'function') {
    return () => {
      const text = clock.now();
      const micros = parseMicros(text);
      if (micros === undefined) throw new Error(`the clock read ${JSON.stringify(text)}, not an ISO-8601 instant`);
      return micros;
    };
  }
  throw new RangeError(`clock must be 'wall', { fixed: instant } or a manualClock(), got ${JSON.stringify(clock)}`);
};
