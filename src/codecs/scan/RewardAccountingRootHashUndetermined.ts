import * as t from 'io-ts';

/**
 * The round's root hash is not computed yet, `status: "Undetermined"` (upstream `RewardAccountingRootHashUndetermined`).
 * @example
 * ```ts
 * import { codecs } from 'canton-rx';
 * codecs.scan.RewardAccountingRootHashUndetermined.is({ status: 'Undetermined' }); // true: ask again later
 * ```
 * @category Codecs
 * @since 0.1.0
 */
export const RewardAccountingRootHashUndetermined = t.type({ status: t.literal('Undetermined') }, 'RewardAccountingRootHashUndetermined');
export type RewardAccountingRootHashUndetermined = t.TypeOf<typeof RewardAccountingRootHashUndetermined>;
