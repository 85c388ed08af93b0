import * as t from 'io-ts';

/**
 * One step of a {@link SteppedRate}: from `amount` on, `rate` applies (upstream `RateStep`).
 * @category Codecs
 * @since 0.1.0
 */
export const RateStep = t.type({ amount: t.string, rate: t.string }, 'RateStep');
export type RateStep = t.TypeOf<typeof RateStep>;
