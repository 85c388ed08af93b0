import * as t from 'io-ts';
import { withFastGuard, isJsonObject } from '../common/primitives.js';
import { ContractWithState } from '../splice/ContractWithState.js';

// The io-ts codec; the export wraps it with its fast guard.
const GetOpenAndIssuingMiningRoundsProxyResponseCodec = t.type(
  { open_mining_rounds: t.array(ContractWithState), issuing_mining_rounds: t.array(ContractWithState) },
  'GetOpenAndIssuingMiningRoundsProxyResponse',
);
function isGetOpenAndIssuingMiningRoundsProxyResponse(u: unknown): boolean {
  if (!isJsonObject(u)) return false;
  const open = u.open_mining_rounds;
  const issuing = u.issuing_mining_rounds;
  if (!Array.isArray(open) || !Array.isArray(issuing)) return false;
  for (let i = 0; i < open.length; i++) if (!ContractWithState.is(open[i])) return false;
  for (let i = 0; i < issuing.length; i++) if (!ContractWithState.is(issuing[i])) return false;
  return true;
}
/**
 * The open and issuing mining rounds from the validator's scan proxy: arrays, no TTL, nothing cached (upstream `GetOpenAndIssuingMiningRoundsProxyResponse`).
 * @example
 * ```ts
 * import { codecs, decodeWith } from 'canton-rx';
 * // GET /api/validator/v0/scan-proxy/open-and-issuing-mining-rounds
 * decodeWith(codecs.validator.GetOpenAndIssuingMiningRoundsProxyResponse)(await res.json());
 * // Either<DecodeError, GetOpenAndIssuingMiningRoundsProxyResponse>
 * ```
 * @category Codecs
 * @since 0.1.0
 */
export const GetOpenAndIssuingMiningRoundsProxyResponse = withFastGuard(GetOpenAndIssuingMiningRoundsProxyResponseCodec, isGetOpenAndIssuingMiningRoundsProxyResponse);
export type GetOpenAndIssuingMiningRoundsProxyResponse = t.TypeOf<typeof GetOpenAndIssuingMiningRoundsProxyResponse>;
