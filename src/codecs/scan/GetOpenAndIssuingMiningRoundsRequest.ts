import * as t from 'io-ts';

/**
 * The body of Scan's `POST /v0/open-and-issuing-mining-rounds`: the round contract ids the caller has cached (upstream `GetOpenAndIssuingMiningRoundsRequest`).
 * @category Codecs
 * @since 0.1.0
 */
export const GetOpenAndIssuingMiningRoundsRequest = t.type(
  { cached_open_mining_round_contract_ids: t.array(t.string), cached_issuing_round_contract_ids: t.array(t.string) },
  'GetOpenAndIssuingMiningRoundsRequest',
);
export type GetOpenAndIssuingMiningRoundsRequest = t.TypeOf<typeof GetOpenAndIssuingMiningRoundsRequest>;
