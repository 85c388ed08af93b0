import * as t from 'io-ts';
import { withFastGuard, isJsonObject } from '../common/primitives.js';

// The io-ts codec; the export wraps it with its fast guard.
const RateStepCodec = t.type({ amount: t.string, rate: t.string }, 'RateStep');
function isRateStep(u: unknown): boolean {
  return isJsonObject(u) && typeof u.amount === 'string' && typeof u.rate === 'string';
}
/**
 * One step of a {@link SteppedRate}: from `amount` on, `rate` applies (upstream `RateStep`).
 * @example
 * ```ts
 * import { codecs, decodeWith } from 'canton-rx';
 * decodeWith(codecs.scan.RateStep)({ amount: '100.0', rate: '0.001' }); // Right: the same object
 * decodeWith(codecs.scan.RateStep)({ amount: 100, rate: '0.001' }); // Left: amounts are decimal strings
 * ```
 * @category Codecs
 * @since 0.1.0
 */
export const RateStep = withFastGuard(RateStepCodec, isRateStep);
export type RateStep = t.TypeOf<typeof RateStep>;
