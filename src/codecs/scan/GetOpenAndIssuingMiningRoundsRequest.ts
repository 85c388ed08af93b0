import * as t from 'io-ts';

/**
 * The body of Scan's `POST /v0/open-and-issuing-mining-rounds`: the round contract ids the caller has cached (upstream `GetOpenAndIssuingMiningRoundsRequest`).
 * @example
 * ```ts
 * import { codecs } from 'canton-rx';
 * // Nothing cached yet: every round comes back in full
 * const body: codecs.scan.GetOpenAndIssuingMiningRoundsRequest = { cached_open_mining_round_contract_ids: [], cached_issuing_round_contract_ids: [] };
 * ```
 * @category Codecs
 * @since 0.1.0
 */
export const GetOpenAndIssuingMiningRoundsRequest = t.type(
  { cached_open_mining_round_contract_ids: t.array(t.string), cached_issuing_round_contract_ids: t.array(t.string) },
  'GetOpenAndIssuingMiningRoundsRequest',
);
export type GetOpenAndIssuingMiningRoundsRequest = t.TypeOf<typeof GetOpenAndIssuingMiningRoundsRequest>;
