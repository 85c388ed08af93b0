import * as t from 'io-ts';
import { int64, optional } from '../common/primitives.js';

/**
 * The participant's pruning boundaries (`GET /v2/state/latest-pruned-offsets`). Both are absent
 * or 0 before the first pruning; reading updates at or below `participantPrunedUpToInclusive`
 * fails with `PARTICIPANT_PRUNED_DATA_ACCESSED`, and the active contracts at an offset at or
 * above it replace the pruned history.
 * @example
 * ```ts
 * import { codecs, decodeWith } from 'canton-rx';
 * decodeWith(codecs.ledger.GetLatestPrunedOffsetsResponse)({ participantPrunedUpToInclusive: 1200, allDivulgedContractsPrunedUpToInclusive: 1200 }); // Right: the same object
 * ```
 * @category Codecs
 * @since 0.2.0
 */
export const GetLatestPrunedOffsetsResponse = t.partial(
  {
    participantPrunedUpToInclusive: optional(int64),
    allDivulgedContractsPrunedUpToInclusive: optional(int64),
  },
  'GetLatestPrunedOffsetsResponse',
);
export type GetLatestPrunedOffsetsResponse = t.TypeOf<typeof GetLatestPrunedOffsetsResponse>;
