import * as t from 'io-ts';
import { int64 } from '../common/primitives.js';

/**
 * The older root-hash answer without `status`, `{round_number, root_hash}` (the previous upstream `GetRewardAccountingRootHashResponse`).
 * @example
 * ```ts
 * import { codecs } from 'canton-rx';
 * codecs.scan.RewardAccountingRootHashWithoutStatus.is({ round_number: 12, root_hash: 'ab12' }); // true: an older Scan's "Ok"
 * ```
 * @category Codecs
 * @since 0.1.0
 */
export const RewardAccountingRootHashWithoutStatus = t.intersection(
  [
    t.type({ round_number: int64, root_hash: t.string }),
    // Never set: it only lets TypeScript narrow the union on `status === undefined`.
    t.partial({ status: t.undefined }),
  ],
  'RewardAccountingRootHashWithoutStatus',
);
export type RewardAccountingRootHashWithoutStatus = t.TypeOf<typeof RewardAccountingRootHashWithoutStatus>;
