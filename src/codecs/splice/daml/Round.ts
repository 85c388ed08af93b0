/**
 * `splice-amulet:Splice.Round`: the mining rounds' lifecycle (open, summarizing, issuing, closed)
 * and the configurations they carry, as codecs of their Daml-LF JSON (docs/payloads.md), from
 * daml/splice-amulet/daml/Splice/Round.daml, Splice/AmuletConfig.daml and Splice/Issuance.daml.
 */
import { Int, list, Numeric, Party, record, Time, tuple2 } from './lf.js';
import { RelTime, Round } from './Types.js';

/**
 * `Splice.AmuletConfig:TransferConfig`: the fees of a transfer (in USD on a round, in Amulet on the rules' schedule).
 * @example
 * ```ts
 * import { decodeWith, splice } from 'canton-rx';
 * decodeWith(splice.TransferConfig)(openRound.transferConfigUsd); // Right
 * ```
 * @category Payloads
 * @since 0.5.0
 */
export const TransferConfig = record(
  'TransferConfig',
  {
    createFee: record('FixedFee', { fee: Numeric }),
    holdingFee: record('RatePerRound', { rate: Numeric }),
    transferFee: record('SteppedRate', { initialRate: Numeric, steps: list(tuple2(Numeric, Numeric)) }),
    lockHolderFee: record('FixedFee', { fee: Numeric }),
    extraFeaturedAppRewardAmount: Numeric,
    maxNumInputs: Int,
    maxNumOutputs: Int,
    maxNumLockHolders: Int,
  },
);
export type TransferConfig = typeof TransferConfig._A;

/**
 * `Splice.Issuance:IssuanceConfig`: how much a round issues and how it is shared (the faucet cap and development fund came later).
 * @example
 * ```ts
 * import { decodeWith, splice } from 'canton-rx';
 * decodeWith(splice.IssuanceConfig)(openRound.issuanceConfig); // Right
 * ```
 * @category Payloads
 * @since 0.5.0
 */
export const IssuanceConfig = record(
  'IssuanceConfig',
  { amuletToIssuePerYear: Numeric, validatorRewardPercentage: Numeric, appRewardPercentage: Numeric, validatorRewardCap: Numeric, featuredAppRewardCap: Numeric, unfeaturedAppRewardCap: Numeric },
  { optValidatorFaucetCap: Numeric, optDevelopmentFundPercentage: Numeric },
);
export type IssuanceConfig = typeof IssuanceConfig._A;

/**
 * The `OpenMiningRound` template: a round open for transfers, with the Amulet price and fees in force.
 * @example
 * ```ts
 * import { decodeWith, splice } from 'canton-rx';
 * decodeWith(splice.OpenMiningRound)(createdEvent.create_arguments); // Right({ round: { number: '0' }, amuletPrice: '0.0050000000', … })
 * ```
 * @category Payloads
 * @since 0.5.0
 */
export const OpenMiningRound = record('OpenMiningRound', {
  dso: Party,
  round: Round,
  amuletPrice: Numeric,
  opensAt: Time,
  targetClosesAt: Time,
  issuingFor: RelTime,
  transferConfigUsd: TransferConfig,
  issuanceConfig: IssuanceConfig,
  tickDuration: RelTime,
});
export type OpenMiningRound = typeof OpenMiningRound._A;

/**
 * The `SummarizingMiningRound` template: a round closed for transfers whose rewards are being counted.
 * @example
 * ```ts
 * import { decodeWith, splice } from 'canton-rx';
 * decodeWith(splice.SummarizingMiningRound)(createdEvent.create_arguments); // Right
 * ```
 * @category Payloads
 * @since 0.5.0
 */
export const SummarizingMiningRound = record('SummarizingMiningRound', { dso: Party, round: Round, amuletPrice: Numeric, issuanceConfig: IssuanceConfig, tickDuration: RelTime });
export type SummarizingMiningRound = typeof SummarizingMiningRound._A;

const issuances = {
  issuancePerValidatorRewardCoupon: Numeric,
  issuancePerFeaturedAppRewardCoupon: Numeric,
  issuancePerUnfeaturedAppRewardCoupon: Numeric,
  issuancePerSvRewardCoupon: Numeric,
};

/**
 * The `IssuingMiningRound` template: a round whose reward coupons can be minted, at these amounts per coupon.
 * @example
 * ```ts
 * import { decodeWith, splice } from 'canton-rx';
 * decodeWith(splice.IssuingMiningRound)(contract.payload); // Right
 * ```
 * @category Payloads
 * @since 0.5.0
 */
export const IssuingMiningRound = record('IssuingMiningRound', { dso: Party, round: Round, ...issuances, opensAt: Time, targetClosesAt: Time }, { optIssuancePerValidatorFaucetCoupon: Numeric });
export type IssuingMiningRound = typeof IssuingMiningRound._A;

/**
 * The `ClosedMiningRound` template: a round whose coupons can no longer be minted, only expired.
 * @example
 * ```ts
 * import { decodeWith, splice } from 'canton-rx';
 * decodeWith(splice.ClosedMiningRound)(createdEvent.create_arguments); // Right
 * ```
 * @category Payloads
 * @since 0.5.0
 */
export const ClosedMiningRound = record('ClosedMiningRound', { dso: Party, round: Round, ...issuances }, { optIssuancePerValidatorFaucetCoupon: Numeric });
export type ClosedMiningRound = typeof ClosedMiningRound._A;

/** @internal */
export const roundChoices = {
  OpenMiningRound: {
    OpenMiningRound_Fetch: { argument: record('OpenMiningRound_Fetch', { p: Party }), result: OpenMiningRound },
  },
} as const;
