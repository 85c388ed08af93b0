import * as t from 'io-ts';

/**
 * The round's root hash is not computed yet, `status: "Undetermined"` (upstream `RewardAccountingRootHashUndetermined`).
 * @category Codecs
 * @since 0.1.0
 */
export const RewardAccountingRootHashUndetermined = t.type({ status: t.literal('Undetermined') }, 'RewardAccountingRootHashUndetermined');
export type RewardAccountingRootHashUndetermined = t.TypeOf<typeof RewardAccountingRootHashUndetermined>;
