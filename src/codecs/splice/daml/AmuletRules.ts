/**
 * `splice-amulet:Splice.AmuletRules`: the rules every Amulet transfer, tap, mint and traffic
 * purchase goes through, with their results (the transfer summary: input amounts, balance
 * changes, holding, output and sender-change fees, the Amulet price), and TransferPreapproval;
 * as codecs of their Daml-LF JSON (docs/payloads.md), from daml/splice-amulet/daml/Splice/AmuletRules.daml.
 */
import { AnyValue, Bool, ContractId, constructorOnly, genMap, Int, list, Numeric, opt, Party, record, Text, Time, Unit, variant } from './lf.js';
import { AmuletCreateSummary, Metadata, RelTime, Round, TimeLock } from './Types.js';
import { TransferConfig } from './Round.js';

/**
 * `TransferInput`: what a transfer spends: an Amulet, or a reward coupon it mints on the way.
 * @example
 * ```ts
 * import { decodeWith, splice } from 'canton-rx';
 * decodeWith(splice.TransferInput)({ tag: 'InputAmulet', value: '00ab…' }); // Right
 * ```
 * @category Payloads
 * @since 0.5.0
 */
export const TransferInput = variant('TransferInput', {
  InputAppRewardCoupon: ContractId,
  InputValidatorRewardCoupon: ContractId,
  InputSvRewardCoupon: ContractId,
  InputAmulet: ContractId,
  ExtTransferInput: record('ExtTransferInput', { dummyUnitField: Unit }, { optInputValidatorFaucetCoupon: ContractId }),
  InputValidatorLivenessActivityRecord: ContractId,
  InputUnclaimedActivityRecord: ContractId,
  InputDevelopmentFundCoupon: ContractId,
});
export type TransferInput = typeof TransferInput._A;

/**
 * `TransferOutput`: one receiver, its amount, the share of the fees it pays, and an optional lock.
 * @example
 * ```ts
 * import { decodeWith, splice } from 'canton-rx';
 * decodeWith(splice.TransferOutput)({ receiver: 'bob::1', receiverFeeRatio: '0.0', amount: '10.0', lock: null }); // Right
 * ```
 * @category Payloads
 * @since 0.5.0
 */
export const TransferOutput = record('TransferOutput', { receiver: Party, receiverFeeRatio: Numeric, amount: Numeric }, { lock: TimeLock });
export type TransferOutput = typeof TransferOutput._A;

/**
 * `Transfer`: a sender's inputs and outputs, through a provider (app reward beneficiaries came later).
 * @example
 * ```ts
 * import { decodeWith, splice } from 'canton-rx';
 * decodeWith(splice.Transfer)({ sender: 'a::1', provider: 'a::1', inputs: [{ tag: 'InputAmulet', value: '00ab' }], outputs: [] }); // Right
 * ```
 * @category Payloads
 * @since 0.5.0
 */
export const Transfer = record(
  'Transfer',
  { sender: Party, provider: Party, inputs: list(TransferInput), outputs: list(TransferOutput) },
  { beneficiaries: list(record('AppRewardBeneficiary', { beneficiary: Party, weight: Numeric })) },
);
export type Transfer = typeof Transfer._A;

/**
 * `TransferContext`: the rounds and rights a transfer reads (maps as `[key, value]` pairs).
 * @example
 * ```ts
 * import { decodeWith, splice } from 'canton-rx';
 * decodeWith(splice.TransferContext)({ openMiningRound: '00ab', issuingMiningRounds: [[{ number: '7' }, '00cd']], validatorRights: [] }); // Right
 * ```
 * @category Payloads
 * @since 0.5.0
 */
export const TransferContext = record(
  'TransferContext',
  { openMiningRound: ContractId, issuingMiningRounds: genMap(Round, ContractId), validatorRights: genMap(Party, ContractId) },
  { featuredAppRight: ContractId },
);
export type TransferContext = typeof TransferContext._A;

/**
 * `PaymentTransferContext`: the AmuletRules contract and a {@link TransferContext}.
 * @example
 * ```ts
 * import { decodeWith, splice } from 'canton-rx';
 * decodeWith(splice.PaymentTransferContext)({ amuletRules: '00ef', context: { openMiningRound: '00ab', issuingMiningRounds: [], validatorRights: [] } }); // Right
 * ```
 * @category Payloads
 * @since 0.5.0
 */
export const PaymentTransferContext = record('PaymentTransferContext', { amuletRules: ContractId, context: TransferContext });
export type PaymentTransferContext = typeof PaymentTransferContext._A;

/**
 * `BalanceChange`: how a transfer changed a party's balance, normalised to round zero.
 * @example
 * ```ts
 * import { decodeWith, splice } from 'canton-rx';
 * decodeWith(splice.BalanceChange)({ changeToInitialAmountAsOfRoundZero: '-214.0', changeToHoldingFeesRate: '0.0' }); // Right
 * ```
 * @category Payloads
 * @since 0.5.0
 */
export const BalanceChange = record('BalanceChange', { changeToInitialAmountAsOfRoundZero: Numeric, changeToHoldingFeesRate: Numeric });
export type BalanceChange = typeof BalanceChange._A;

/**
 * `TransferSummary`: the amounts of a transfer: each kind of input, the balance changes per
 * party, the holding fees of the inputs, each output's fee, the sender's change and its fee, and
 * the Amulet price of the round (faucet, unclaimed-activity and development-fund inputs came later).
 * @example
 * ```ts
 * import { decodeWith, splice } from 'canton-rx';
 * decodeWith(splice.TransferSummary)(exercisedEvent.exercise_result.summary); // Right
 * ```
 * @category Payloads
 * @since 0.5.0
 */
export const TransferSummary = record(
  'TransferSummary',
  {
    inputAppRewardAmount: Numeric,
    inputValidatorRewardAmount: Numeric,
    inputSvRewardAmount: Numeric,
    inputAmuletAmount: Numeric,
    balanceChanges: genMap(Party, BalanceChange),
    holdingFees: Numeric,
    outputFees: list(Numeric),
    senderChangeFee: Numeric,
    senderChangeAmount: Numeric,
    amuletPrice: Numeric,
  },
  { inputValidatorFaucetAmount: Numeric, inputUnclaimedActivityRecordAmount: Numeric, inputDevelopmentFundAmount: Numeric },
);
export type TransferSummary = typeof TransferSummary._A;

/**
 * `TransferResult`: the round, the summary, the Amulets (or locked Amulets) created per output and the sender's change.
 * @example
 * ```ts
 * import { decodeWith, splice } from 'canton-rx';
 * decodeWith(splice.TransferResult)(exercisedEvent.exercise_result); // Right({ round, summary, createdAmulets, senderChangeAmulet, meta })
 * ```
 * @category Payloads
 * @since 0.5.0
 */
export const TransferResult = record(
  'TransferResult',
  {
    round: Round,
    summary: TransferSummary,
    createdAmulets: list(variant('CreatedAmulet', { TransferResultAmulet: ContractId, TransferResultLockedAmulet: ContractId })),
    senderChangeAmulet: opt(ContractId),
  },
  { meta: Metadata },
);
export type TransferResult = typeof TransferResult._A;

/**
 * The `AmuletRules` template (its configuration schedule is typed down to each config's transfer fees; the rest is kept as it came).
 * @example
 * ```ts
 * import { decodeWith, splice } from 'canton-rx';
 * decodeWith(splice.AmuletRules)(createdEvent.create_arguments); // Right
 * ```
 * @category Payloads
 * @since 0.5.0
 */
export const AmuletRules = record(
  'AmuletRules',
  {
    dso: Party,
    configSchedule: record('Schedule', {
      initialValue: record('AmuletConfig', { transferConfig: TransferConfig, issuanceCurve: AnyValue, decentralizedSynchronizer: AnyValue, tickDuration: RelTime, packageConfig: AnyValue }),
      futureValues: list(AnyValue),
    }),
    isDevNet: Bool,
  },
  { contractStateSchemaVersion: Int },
);
export type AmuletRules = typeof AmuletRules._A;

/**
 * The `TransferPreapproval` template: a receiver accepts transfers without a second step, until it expires.
 * @example
 * ```ts
 * import { decodeWith, splice } from 'canton-rx';
 * decodeWith(splice.TransferPreapproval)({ dso: 'DSO::1', receiver: 'r::1', provider: 'p::1', validFrom: '2025-12-02T17:17:39Z', lastRenewedAt: '2025-12-02T17:17:39Z', expiresAt: '2026-03-02T17:17:39Z' }); // Right
 * ```
 * @category Payloads
 * @since 0.5.0
 */
export const TransferPreapproval = record('TransferPreapproval', { dso: Party, receiver: Party, provider: Party, validFrom: Time, lastRenewedAt: Time, expiresAt: Time });
export type TransferPreapproval = typeof TransferPreapproval._A;

/**
 * The `MemberTraffic` template (`splice-amulet:Splice.DecentralizedSynchronizer`): the synchronizer traffic a member bought.
 * @example
 * ```ts
 * import { decodeWith, splice } from 'canton-rx';
 * decodeWith(splice.MemberTraffic)(createdEvent.create_arguments); // Right({ memberId: 'PAR::…', totalPurchased: '1999800', … })
 * ```
 * @category Payloads
 * @since 0.5.0
 */
export const MemberTraffic = record('MemberTraffic', { dso: Party, memberId: Text, synchronizerId: Text, migrationId: Int, totalPurchased: Int, numPurchases: Int, amuletSpent: Numeric, usdSpent: Numeric });
export type MemberTraffic = typeof MemberTraffic._A;

/**
 * The result of `AmuletRules_BuyMemberTraffic`: the transfer's round and summary, the Amulet paid and the traffic contract.
 * @example
 * ```ts
 * import { decodeWith, splice } from 'canton-rx';
 * decodeWith(splice.BuyMemberTrafficResult)(exercisedEvent.exercise_result); // Right({ amuletPaid: '23997.6', purchasedTraffic: '00f0…', … })
 * ```
 * @category Payloads
 * @since 0.5.0
 */
export const BuyMemberTrafficResult = record(
  'AmuletRules_BuyMemberTrafficResult',
  { round: Round, summary: TransferSummary, amuletPaid: Numeric, purchasedTraffic: ContractId, senderChangeAmulet: opt(ContractId) },
  { meta: Metadata },
);
export type BuyMemberTrafficResult = typeof BuyMemberTrafficResult._A;

const mintArgument = (name: string) => record(name, { receiver: Party, amount: Numeric, openRound: ContractId });

/** @internal */
export const amuletRulesChoices = {
  AmuletRules: {
    AmuletRules_Transfer: { argument: record('AmuletRules_Transfer', { transfer: Transfer, context: TransferContext }, { expectedDso: Party }), result: TransferResult },
    AmuletRules_ComputeFees: {
      argument: record('AmuletRules_ComputeFees', { context: TransferContext, sender: Party, outputs: list(TransferOutput) }, { expectedDso: Party }),
      result: record('AmuletRules_ComputeFeesResult', { fees: list(Numeric) }),
    },
    AmuletRules_BuyMemberTraffic: {
      argument: record('AmuletRules_BuyMemberTraffic', { inputs: list(TransferInput), context: TransferContext, provider: Party, memberId: Text, synchronizerId: Text, migrationId: Int, trafficAmount: Int }, { expectedDso: Party }),
      result: BuyMemberTrafficResult,
    },
    AmuletRules_Mint: { argument: mintArgument('AmuletRules_Mint'), result: record('AmuletRules_MintResult', { amuletSum: AmuletCreateSummary }) },
    AmuletRules_DevNet_Tap: { argument: mintArgument('AmuletRules_DevNet_Tap'), result: record('AmuletRules_DevNet_TapResult', { amuletSum: AmuletCreateSummary }, { meta: Metadata }) },
    AmuletRules_CreateTransferPreapproval: {
      argument: record('AmuletRules_CreateTransferPreapproval', { context: PaymentTransferContext, inputs: list(TransferInput), receiver: Party, provider: Party, expiresAt: Time }, { expectedDso: Party, optCreatedAt: Time }),
      result: record('AmuletRules_CreateTransferPreapprovalResult', { transferPreapprovalCid: ContractId, transferResult: TransferResult, amuletPaid: Numeric }, { meta: Metadata }),
    },
    AmuletRules_Bootstrap_Rounds: {
      argument: record('AmuletRules_Bootstrap_Rounds', { amuletPrice: Numeric, round0Duration: RelTime }, { initialRound: Round }),
      result: record('AmuletRules_Bootstrap_RoundsResult', { openMiningRoundCid: ContractId }, { initialRound: Round }),
    },
    AmuletRules_AdvanceOpenMiningRounds: {
      argument: record('AmuletRules_AdvanceOpenMiningRounds', { amuletPrice: Numeric, roundToArchiveCid: ContractId, middleRoundCid: ContractId, latestRoundCid: ContractId }),
      result: record('AmuletRules_AdvanceOpenMiningRoundsResult', { summarizingRoundCid: ContractId, openRoundCid: ContractId }),
    },
    AmuletRules_MiningRound_StartIssuing: {
      argument: record('AmuletRules_MiningRound_StartIssuing', {
        miningRoundCid: ContractId,
        summary: record('OpenMiningRoundSummary', { totalValidatorRewardCoupons: Numeric, totalFeaturedAppRewardCoupons: Numeric, totalUnfeaturedAppRewardCoupons: Numeric, totalSvRewardWeight: Int }, { optTotalValidatorFaucetCoupons: Int }),
      }),
      result: record('AmuletRules_MiningRound_StartIssuingResult', { issuingRoundCid: ContractId }, { unclaimedDevelopmentFundCouponCid: ContractId }),
    },
    AmuletRules_MiningRound_Close: { argument: record('AmuletRules_MiningRound_Close', { issuingRoundCid: ContractId }), result: record('AmuletRules_MiningRound_CloseResult', { closedRoundCid: ContractId }) },
    AmuletRules_MiningRound_Archive: { argument: record('AmuletRules_MiningRound_Archive', { closedRoundCid: ContractId }), result: constructorOnly('AmuletRules_MiningRound_ArchiveResult') },
    AmuletRules_ConvertFeaturedAppActivityMarkers: {
      argument: record('AmuletRules_ConvertFeaturedAppActivityMarkers', { markerCids: list(ContractId), openMiningRoundCid: ContractId }),
      result: record('AmuletRules_ConvertFeaturedAppActivityMarkersResult', { appRewardCouponCids: list(ContractId) }),
    },
  },
  TransferPreapproval: {
    TransferPreapproval_Send: {
      argument: record('TransferPreapproval_Send', { context: PaymentTransferContext, inputs: list(TransferInput), amount: Numeric, sender: Party }, { description: Text }),
      result: record('TransferPreapproval_SendResult', { result: TransferResult }, { meta: Metadata }),
    },
    TransferPreapproval_SendV2: {
      argument: record('TransferPreapproval_SendV2', { context: record('TransferPreapproval_SendV2Context', { externalPartyConfigState: ContractId }), inputs: list(TransferInput), amount: Numeric, sender: Party }, { description: Text, meta: Metadata }),
      result: record('TransferPreapproval_SendV2Result', { result: TransferResult, meta: Metadata }),
    },
    TransferPreapproval_Cancel: { argument: record('TransferPreapproval_Cancel', { p: Party }), result: constructorOnly('TransferPreapproval_CancelResult') },
  },
} as const;
