import * as t from 'io-ts';

/**
 * The round predates what this Scan ingested, `status: "CannotProvide"` (upstream `RewardAccountingRootHashCannotProvide`).
 * @example
 * ```ts
 * import { codecs } from 'canton-rx';
 * codecs.scan.RewardAccountingRootHashCannotProvide.is({ status: 'CannotProvide' }); // true: ask a Scan that ingested the round
 * ```
 * @category Codecs
 * @since 0.1.0
 */
export const RewardAccountingRootHashCannotProvide = t.type({ status: t.literal('CannotProvide') }, 'RewardAccountingRootHashCannotProvide');
export type RewardAccountingRootHashCannotProvide = t.TypeOf<typeof RewardAccountingRootHashCannotProvide>;
