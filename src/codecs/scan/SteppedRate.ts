import * as t from 'io-ts';
import { withFastGuard, isJsonObject } from '../common/primitives.js';
import { RateStep } from './RateStep.js';

// The io-ts codec; the export wraps it with its fast guard.
const SteppedRateCodec = t.type({ initial: t.string, steps: t.array(RateStep) }, 'SteppedRate');
function isSteppedRate(u: unknown): boolean {
  if (!isJsonObject(u) || typeof u.initial !== 'string') return false;
  const steps = u.steps;
  if (!Array.isArray(steps)) return false;
  for (let i = 0; i < steps.length; i++) if (!RateStep.is(steps[i])) return false;
  return true;
}
/**
 * A fee rate that changes with the amount: `initial`, then `steps` (upstream `SteppedRate`).
 * @example
 * ```ts
 * import { codecs, decodeWith } from 'canton-rx';
 * decodeWith(codecs.scan.SteppedRate)({ initial: '0.01', steps: [{ amount: '100.0', rate: '0.001' }] }); // Right: the same object
 * ```
 * @category Codecs
 * @since 0.1.0
 */
export const SteppedRate = withFastGuard(SteppedRateCodec, isSteppedRate);
export type SteppedRate = t.TypeOf<typeof SteppedRate>;
