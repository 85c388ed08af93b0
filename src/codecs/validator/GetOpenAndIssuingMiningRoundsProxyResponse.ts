import * as t from 'io-ts';
import { ContractWithState } from '../splice/ContractWithState.js';

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
export const GetOpenAndIssuingMiningRoundsProxyResponse = t.type(
  { open_mining_rounds: t.array(ContractWithState), issuing_mining_rounds: t.array(ContractWithState) },
  'GetOpenAndIssuingMiningRoundsProxyResponse',
);
export type GetOpenAndIssuingMiningRoundsProxyResponse = t.TypeOf<typeof GetOpenAndIssuingMiningRoundsProxyResponse>;
