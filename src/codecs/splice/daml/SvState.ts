/**
 * `splice-dso-governance`'s SV state and confirmations (Splice.DSO.SvState, Splice.DSO.AmuletPrice,
 * Splice.DsoRules' Confirmation) and the DsoRules choices the SVs' automation exercises every
 * round, as codecs of their Daml-LF JSON (docs/payloads.md), from
 * daml/splice-dso-governance/daml/Splice/DSO/SvState.daml, AmuletPrice.daml and DsoRules.daml.
 * Node configurations and confirmed actions are kept as they came (`AnyValue`).
 */
import { AnyValue, constructorOnly, ContractId, Int, list, Numeric, Party, record, Text, Time, tuple2 } from './lf.js';
import { Round } from './Types.js';

/**
 * The `SvStatusReport` template: an SV's latest status (its heights and times, the latest open round).
 * @example
 * ```ts
 * import { decodeWith, splice } from 'canton-rx';
 * decodeWith(splice.SvStatusReport)({ dso: 'DSO::1', sv: 'sv::1', svName: 'Digital-Asset-2', number: '0', status: null }); // Right
 * ```
 * @category Payloads
 * @since 0.5.0
 */
export const SvStatusReport = record('SvStatusReport', { dso: Party, sv: Party, svName: Text, number: Int }, {
  status: record('SvStatus', { createdAt: Time, cometBftHeight: Int, mediatorSynchronizerTime: Time, participantSynchronizerTime: Time, latestOpenRound: Round }),
});
export type SvStatusReport = typeof SvStatusReport._A;

/**
 * The `SvRewardState` template: how many rounds of SV rewards an SV collected or missed.
 * @example
 * ```ts
 * import { decodeWith, splice } from 'canton-rx';
 * decodeWith(splice.SvRewardState)({ dso: 'DSO::1', svName: 'sv', state: { numRoundsMissed: '0', numRoundsCollected: '0', lastRoundCollected: { number: '-1' }, numCouponsIssued: '0' } }); // Right
 * ```
 * @category Payloads
 * @since 0.5.0
 */
export const SvRewardState = record('SvRewardState', {
  dso: Party,
  svName: Text,
  state: record('RewardState', { numRoundsMissed: Int, numRoundsCollected: Int, lastRoundCollected: Round, numCouponsIssued: Int }),
});
export type SvRewardState = typeof SvRewardState._A;

/**
 * The `SvNodeState` template: an SV's synchronizer nodes (their configuration kept as it came).
 * @example
 * ```ts
 * import { decodeWith, splice } from 'canton-rx';
 * decodeWith(splice.SvNodeState)(createdEvent.create_arguments); // Right({ svName: 'Digital-Asset-2', state: { synchronizerNodes: […] }, … })
 * ```
 * @category Payloads
 * @since 0.5.0
 */
export const SvNodeState = record('SvNodeState', { dso: Party, sv: Party, svName: Text, state: record('NodeState', { synchronizerNodes: AnyValue }) });
export type SvNodeState = typeof SvNodeState._A;

/**
 * The `AmuletPriceVote` template: an SV's vote on the Amulet price.
 * @example
 * ```ts
 * import { decodeWith, splice } from 'canton-rx';
 * decodeWith(splice.AmuletPriceVote)({ dso: 'DSO::1', sv: 'sv::1', amuletPrice: '0.005', lastUpdatedAt: '2024-06-24T21:08:35.469232Z' }); // Right
 * ```
 * @category Payloads
 * @since 0.5.0
 */
export const AmuletPriceVote = record('AmuletPriceVote', { dso: Party, sv: Party, lastUpdatedAt: Time }, { amuletPrice: Numeric });
export type AmuletPriceVote = typeof AmuletPriceVote._A;

/**
 * The `Confirmation` template: an SV's confirmation of an action (the action's constructor typed, its value kept).
 * @example
 * ```ts
 * import { decodeWith, splice } from 'canton-rx';
 * decodeWith(splice.Confirmation)(createdEvent.create_arguments); // Right({ confirmer: 'sv::1', action: { tag: 'ARC_AmuletRules', value: … }, expiresAt: '…' })
 * ```
 * @category Payloads
 * @since 0.5.0
 */
export const Confirmation = record('Confirmation', { dso: Party, confirmer: Party, action: record('ActionRequiringConfirmation', { tag: Text, value: AnyValue }), expiresAt: Time });
export type Confirmation = typeof Confirmation._A;

const one = (name: string, field: string) => record(name, { [field]: ContractId });

/** @internal */
export const svChoices = {
  DsoRules: {
    DsoRules_SubmitStatusReport: { argument: record('DsoRules_SubmitStatusReport', { sv: Party, previousReportCid: ContractId, status: AnyValue }), result: one('DsoRules_SubmitStatusReportResult', 'newReport') },
    DsoRules_ReceiveSvRewardCoupon: {
      argument: record('DsoRules_ReceiveSvRewardCoupon', { sv: Party, openRoundCid: ContractId, rewardStateCid: ContractId, beneficiaries: list(tuple2(Party, Int)) }),
      result: record('DsoRules_ReceiveSvRewardCouponResult', { svRewardState: ContractId, svRewardCoupons: list(ContractId) }),
    },
    DsoRules_SetSynchronizerNodeConfig: { argument: record('DsoRules_SetSynchronizerNodeConfig', { sv: Party, synchronizerId: Text, newNodeConfig: AnyValue, nodeStateCid: ContractId }), result: one('DsoRules_SetSynchronizerNodeConfigResult', 'svNodeState') },
    DsoRules_ConfirmAction: { argument: record('DsoRules_ConfirmAction', { confirmer: Party, action: AnyValue }), result: one('DsoRules_ConfirmActionResult', 'confirmation') },
    DsoRules_ExpireStaleConfirmation: { argument: record('DsoRules_ExpireStaleConfirmation', { staleConfirmationCid: ContractId, sv: Party }), result: constructorOnly('DsoRules_ExpireStaleConfirmationResult') },
    DsoRules_ExecuteConfirmedAction: { argument: record('DsoRules_ExecuteConfirmedAction', { action: AnyValue, confirmationCids: list(ContractId) }, { amuletRulesCid: ContractId, sv: Party }), result: constructorOnly('DsoRules_ExecuteConfirmedActionResult') },
    DsoRules_ClaimExpiredRewards: { argument: record('DsoRules_ClaimExpiredRewards', { amuletRulesCid: ContractId, choiceArg: AnyValue }, { sv: Party }), result: record('DsoRules_ClaimExpiredRewardsResult', {}, { unclaimedReward: ContractId }) },
    DsoRules_MiningRound_Close: { argument: record('DsoRules_MiningRound_Close', { amuletRulesCid: ContractId, issuingRoundCid: ContractId }, { sv: Party }), result: one('DsoRules_MiningRound_CloseResult', 'closedRound') },
    DsoRules_AdvanceOpenMiningRounds: {
      argument: record('DsoRules_AdvanceOpenMiningRounds', { amuletRulesCid: ContractId, roundToArchiveCid: ContractId, middleRoundCid: ContractId, latestRoundCid: ContractId, amuletPriceVoteCids: list(ContractId) }, { sv: Party }),
      result: record('DsoRules_AdvanceOpenMiningRoundsResult', { summarizingRound: ContractId, openRound: ContractId }),
    },
    DsoRules_AmuletRules_ConvertFeaturedAppActivityMarkers: {
      argument: record('DsoRules_AmuletRules_ConvertFeaturedAppActivityMarkers', { amuletRulesCid: ContractId, argument: AnyValue }, { sv: Party }),
      result: record('DsoRules_AmuletRules_ConvertFeaturedAppActivityMarkersResult', { result: record('AmuletRules_ConvertFeaturedAppActivityMarkersResult', { appRewardCouponCids: list(ContractId) }) }),
    },
    DsoRules_UpdateAmuletPriceVote: { argument: record('DsoRules_UpdateAmuletPriceVote', { sv: Party, voteCid: ContractId, amuletPrice: Numeric }), result: one('DsoRules_UpdateAmuletPriceVoteResult', 'amuletPriceVote') },
  },
  Confirmation: {
    Confirmation_Expire: { argument: record('Confirmation_Expire', {}), result: constructorOnly('Confirmation_ExpireResult') },
  },
} as const;
