import * as t from 'io-ts';
import { RateStep } from './RateStep.js';

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
export const SteppedRate = t.type({ initial: t.string, steps: t.array(RateStep) }, 'SteppedRate');
export type SteppedRate = t.TypeOf<typeof SteppedRate>;
