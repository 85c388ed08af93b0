import * as t from 'io-ts';
import { int64 } from '../common/primitives.js';

/**
 * The root hash of a round's reward accounting, `status: "Ok"` (upstream `RewardAccountingRootHashOk`).
 * @example
 * ```ts
 * import { codecs } from 'canton-rx';
 * codecs.scan.RewardAccountingRootHashOk.is({ status: 'Ok', round_number: 88086, root_hash: 'ab12' }); // true
 * ```
 * @category Codecs
 * @since 0.1.0
 */
export const RewardAccountingRootHashOk = t.type(
  {
    status: t.literal('Ok'),
    round_number: int64,
    /** Hex. */
    root_hash: t.string,
  },
  'RewardAccountingRootHashOk',
);
export type RewardAccountingRootHashOk = t.TypeOf<typeof RewardAccountingRootHashOk>;
