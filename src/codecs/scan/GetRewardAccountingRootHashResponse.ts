import type * as t from 'io-ts';
import { withUnknown, type UnknownMember } from '../common/openMembers.js';
import { discriminatedBy } from '../splice/internal.js';
import { RewardAccountingRootHashCannotProvide } from './RewardAccountingRootHashCannotProvide.js';
import { RewardAccountingRootHashOk } from './RewardAccountingRootHashOk.js';
import { RewardAccountingRootHashUndetermined } from './RewardAccountingRootHashUndetermined.js';
import { RewardAccountingRootHashWithoutStatus } from './RewardAccountingRootHashWithoutStatus.js';

// Older Scan releases answered `{round_number, root_hash}` without `status`. Such a body decodes
// as RewardAccountingRootHashWithoutStatus and is kept as sent: no `status: "Ok"` is added, so
// callers tell it apart with `r.status === undefined` (it means the same as "Ok").

/**
 * A round's reward accounting root hash, chosen by `status` (`Ok`, `Undetermined`, `CannotProvide`) or the older shape without it (upstream `GetRewardAccountingRootHashResponse`).
 * Open: another `status` (a newer Scan's) is an {@link UnknownRewardAccountingRootHash} (docs/codecs.md, "Open unions").
 * @example
 * ```ts
 * import { codecs, decodeWith } from 'canton-rx';
 * // GET /api/scan/v0/internal/reward-accounting-process/rounds/88086/root-hash
 * decodeWith(codecs.scan.GetRewardAccountingRootHashResponse)(await res.json());
 * // Right({ status: 'Ok', round_number: 88086, root_hash: 'ab12…' }), Right({ status: 'Undetermined' }), …
 * ```
 * @category Codecs
 * @since 0.1.0
 */
export const GetRewardAccountingRootHashResponse = withUnknown<UnknownRewardAccountingRootHash>()(
  discriminatedBy(
    'GetRewardAccountingRootHashResponse',
    'status',
    { Ok: RewardAccountingRootHashOk, Undetermined: RewardAccountingRootHashUndetermined, CannotProvide: RewardAccountingRootHashCannotProvide },
    RewardAccountingRootHashWithoutStatus,
    { group: 'scan' },
  ),
);
export type GetRewardAccountingRootHashResponse = t.TypeOf<typeof GetRewardAccountingRootHashResponse>;

/**
 * A root-hash answer whose `status` no spec names (a newer Scan's): the JSON as it came. Its
 * `status` is typed `never` so that comparing it with the known ones leaves it out; read the name
 * with `unknownMemberOf(codecs.scan.GetRewardAccountingRootHashResponse, r)`.
 * @category Codecs
 * @since 0.1.0
 */
export type UnknownRewardAccountingRootHash = UnknownMember<'GetRewardAccountingRootHashResponse'> & { readonly status?: never };
