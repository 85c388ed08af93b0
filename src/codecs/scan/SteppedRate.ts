import * as t from 'io-ts';
import { RateStep } from './RateStep.js';

/**
 * A fee rate that changes with the amount: `initial`, then `steps` (upstream `SteppedRate`).
 * @category Codecs
 * @since 0.1.0
 */
export const SteppedRate = t.type({ initial: t.string, steps: t.array(RateStep) }, 'SteppedRate');
export type SteppedRate = t.TypeOf<typeof SteppedRate>;
