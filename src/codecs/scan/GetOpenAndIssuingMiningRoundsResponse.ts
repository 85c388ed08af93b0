import * as t from 'io-ts';
import { int64, isInt64, withFastGuard, isJsonObject } from '../common/primitives.js';
import { MaybeCachedContractWithStateMap } from '../splice/MaybeCachedContractWithStateMap.js';

// The io-ts codec; the export wraps it with its fast guard.
const GetOpenAndIssuingMiningRoundsResponseCodec = t.type(
  {
    /** How long the answer may be cached. */
    time_to_live_in_microseconds: int64,
    open_mining_rounds: MaybeCachedContractWithStateMap,
    issuing_mining_rounds: MaybeCachedContractWithStateMap,
  },
  'GetOpenAndIssuingMiningRoundsResponse',
);
function isGetOpenAndIssuingMiningRoundsResponse(u: unknown): boolean {
  return (
    isJsonObject(u) &&
    isInt64(u.time_to_live_in_microseconds) &&
    MaybeCachedContractWithStateMap.is(u.open_mining_rounds) &&
    MaybeCachedContractWithStateMap.is(u.issuing_mining_rounds)
  );
}
/**
 * Scan's open and issuing mining rounds, keyed by contract id, with a cache TTL (upstream `GetOpenAndIssuingMiningRoundsResponse`).
 * @example
 * ```ts
 * import { codecs, decodeWith } from 'canton-rx';
 * // POST /api/scan/v0/open-and-issuing-mining-rounds
 * decodeWith(codecs.scan.GetOpenAndIssuingMiningRoundsResponse)(await res.json()); // Either<DecodeError, GetOpenAndIssuingMiningRoundsResponse>
 * ```
 * @category Codecs
 * @since 0.1.0
 */
export const GetOpenAndIssuingMiningRoundsResponse = withFastGuard(GetOpenAndIssuingMiningRoundsResponseCodec, isGetOpenAndIssuingMiningRoundsResponse);
export type GetOpenAndIssuingMiningRoundsResponse = t.TypeOf<typeof GetOpenAndIssuingMiningRoundsResponse>;
