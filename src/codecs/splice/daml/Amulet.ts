/**
 * `splice-amulet:Splice.Amulet`: Amulet, LockedAmulet, the reward coupons and rights, and the
 * results of their choices, as codecs of their Daml-LF JSON (docs/payloads.md), written from the
 * Splice Daml sources (daml/splice-amulet/daml/Splice/Amulet.daml).
 */
import { Bool, constructorOnly, ContractId, Int, Numeric, Party, record, Text, Time, Unit } from './lf.js';
import { AmuletCreateSummary, ExpiringAmount, Metadata, Round, TimeLock } from './Types.js';

/**
 * The `Amulet` template: an owner's Canton Coin holding, whose amount wears down with the holding fee.
 * @example
 * ```ts
 * import { decodeWith, splice } from 'canton-rx';
 * decodeWith(splice.Amulet)({ dso: 'DSO::1220…', owner: 'alice::1220…', amount: { initialAmount: '10.0', createdAt: { number: '3' }, ratePerRound: { rate: '0.0038051800' } } }); // Right
 * ```
 * @category Payloads
 * @since 0.5.0
 */
export const Amulet = record('Amulet', { dso: Party, owner: Party, amount: ExpiringAmount });
export type Amulet = typeof Amulet._A;

/**
 * The `LockedAmulet` template: an Amulet under a time lock (a transfer offer, an instruction, a subscription payment).
 * @example
 * ```ts
 * import { decodeWith, splice } from 'canton-rx';
 * decodeWith(splice.LockedAmulet)(createdEvent.create_arguments); // Right({ amulet: {…}, lock: { holders: […], expiresAt: '…' } })
 * ```
 * @category Payloads
 * @since 0.5.0
 */
export const LockedAmulet = record('LockedAmulet', { amulet: Amulet, lock: TimeLock });
export type LockedAmulet = typeof LockedAmulet._A;

/**
 * The `AppRewardCoupon` template: an app provider's reward for a transfer it served (`beneficiary` came later).
 * @example
 * ```ts
 * import { decodeWith, splice } from 'canton-rx';
 * decodeWith(splice.AppRewardCoupon)({ dso: 'DSO::1', provider: 'app::1', featured: true, amount: '82.27', round: { number: '74223' } }); // Right
 * ```
 * @category Payloads
 * @since 0.5.0
 */
export const AppRewardCoupon = record('AppRewardCoupon', { dso: Party, provider: Party, featured: Bool, amount: Numeric, round: Round }, { beneficiary: Party });
export type AppRewardCoupon = typeof AppRewardCoupon._A;

/**
 * The `ValidatorRewardCoupon` template: a validator's reward for its user's transfer fees.
 * @example
 * ```ts
 * import { decodeWith, splice } from 'canton-rx';
 * decodeWith(splice.ValidatorRewardCoupon)({ dso: 'DSO::1', user: 'alice::1', amount: '7.0', round: { number: '1' } }); // Right
 * ```
 * @category Payloads
 * @since 0.5.0
 */
export const ValidatorRewardCoupon = record('ValidatorRewardCoupon', { dso: Party, user: Party, amount: Numeric, round: Round });
export type ValidatorRewardCoupon = typeof ValidatorRewardCoupon._A;

/**
 * The `SvRewardCoupon` template: a super validator's reward, by weight, for a beneficiary.
 * @example
 * ```ts
 * import { decodeWith, splice } from 'canton-rx';
 * decodeWith(splice.SvRewardCoupon)({ dso: 'DSO::1', sv: 'sv::1', beneficiary: 'b::1', round: { number: '81306' }, weight: '20000' }); // Right
 * ```
 * @category Payloads
 * @since 0.5.0
 */
export const SvRewardCoupon = record('SvRewardCoupon', { dso: Party, sv: Party, beneficiary: Party, round: Round, weight: Int });
export type SvRewardCoupon = typeof SvRewardCoupon._A;

/**
 * The `UnclaimedReward` template: rewards nobody claimed in time, held by the DSO.
 * @example
 * ```ts
 * import { decodeWith, splice } from 'canton-rx';
 * decodeWith(splice.UnclaimedReward)({ dso: 'DSO::1', amount: '145801.3119991000' }); // Right
 * ```
 * @category Payloads
 * @since 0.5.0
 */
export const UnclaimedReward = record('UnclaimedReward', { dso: Party, amount: Numeric });
export type UnclaimedReward = typeof UnclaimedReward._A;

/**
 * The `UnclaimedActivityRecord` template: an amount granted to a beneficiary from the unclaimed rewards, until it expires.
 * @example
 * ```ts
 * import { decodeWith, splice } from 'canton-rx';
 * decodeWith(splice.UnclaimedActivityRecord)({ dso: 'DSO::1', beneficiary: 'b::1', amount: '5.0', reason: 'grant', expiresAt: '2026-01-01T00:00:00Z' }); // Right
 * ```
 * @category Payloads
 * @since 0.5.0
 */
export const UnclaimedActivityRecord = record('UnclaimedActivityRecord', { dso: Party, beneficiary: Party, amount: Numeric, reason: Text, expiresAt: Time });
export type UnclaimedActivityRecord = typeof UnclaimedActivityRecord._A;

/**
 * The `FeaturedAppRight` template: an app provider's right to featured-app rewards (`activityWeight` came later).
 * @example
 * ```ts
 * import { decodeWith, splice } from 'canton-rx';
 * decodeWith(splice.FeaturedAppRight)({ dso: 'DSO::1', provider: 'app::1' }); // Right
 * ```
 * @category Payloads
 * @since 0.5.0
 */
export const FeaturedAppRight = record('FeaturedAppRight', { dso: Party, provider: Party }, { activityWeight: Numeric });
export type FeaturedAppRight = typeof FeaturedAppRight._A;

/**
 * The `FeaturedAppActivityMarker` template: activity of a featured app, later converted into an app reward coupon.
 * @example
 * ```ts
 * import { decodeWith, splice } from 'canton-rx';
 * decodeWith(splice.FeaturedAppActivityMarker)({ dso: 'DSO::1', provider: 'app::1', beneficiary: 'b::1', weight: '1.0' }); // Right
 * ```
 * @category Payloads
 * @since 0.5.0
 */
export const FeaturedAppActivityMarker = record('FeaturedAppActivityMarker', { dso: Party, provider: Party, beneficiary: Party, weight: Numeric });
export type FeaturedAppActivityMarker = typeof FeaturedAppActivityMarker._A;

/**
 * The `ValidatorRight` template: a validator's right to the rewards of its user's burns.
 * @example
 * ```ts
 * import { decodeWith, splice } from 'canton-rx';
 * decodeWith(splice.ValidatorRight)({ dso: 'DSO::1', user: 'alice::1', validator: 'v::1' }); // Right
 * ```
 * @category Payloads
 * @since 0.5.0
 */
export const ValidatorRight = record('ValidatorRight', { dso: Party, user: Party, validator: Party });
export type ValidatorRight = typeof ValidatorRight._A;

/**
 * `AmuletExpireSummary`: what expiring a dust Amulet took out of its owner's balance.
 * @example
 * ```ts
 * import { decodeWith, splice } from 'canton-rx';
 * decodeWith(splice.AmuletExpireSummary)({ owner: 'a::1', round: { number: '9' }, changeToInitialAmountAsOfRoundZero: '-0.1', changeToHoldingFeesRate: '-0.0038' }); // Right
 * ```
 * @category Payloads
 * @since 0.5.0
 */
export const AmuletExpireSummary = record('AmuletExpireSummary', { owner: Party, round: Round, changeToInitialAmountAsOfRoundZero: Numeric, changeToHoldingFeesRate: Numeric });
export type AmuletExpireSummary = typeof AmuletExpireSummary._A;

/** The choices of Splice.Amulet's templates: argument and result codecs. @internal */
export const amuletChoices = {
  Amulet: {
    Amulet_Expire: { argument: record('Amulet_Expire', { roundCid: ContractId }), result: record('Amulet_ExpireResult', { expireSum: AmuletExpireSummary }, { meta: Metadata }) },
    Amulet_ExpireV2: { argument: record('Amulet_ExpireV2', { externalPartyConfigState0Cid: ContractId, externalPartyConfigState1Cid: ContractId }), result: record('Amulet_ExpireV2Result', { expireSum: record('AmuletExpireV2Summary', { owner: Party }), meta: Metadata }) },
  },
  LockedAmulet: {
    LockedAmulet_Unlock: { argument: record('LockedAmulet_Unlock', { openRoundCid: ContractId }), result: record('LockedAmulet_UnlockResult', { amuletSum: AmuletCreateSummary }, { meta: Metadata }) },
    LockedAmulet_UnlockV2: { argument: Unit, result: record('LockedAmulet_UnlockV2Result', { amuletCid: ContractId, meta: Metadata }) },
    LockedAmulet_OwnerExpireLock: { argument: record('LockedAmulet_OwnerExpireLock', { openRoundCid: ContractId }), result: record('LockedAmulet_OwnerExpireLockResult', { amuletSum: AmuletCreateSummary }, { meta: Metadata }) },
    LockedAmulet_OwnerExpireLockV2: { argument: Unit, result: record('LockedAmulet_OwnerExpireLockV2Result', { amuletCid: ContractId, meta: Metadata }) },
    LockedAmulet_ExpireAmulet: { argument: record('LockedAmulet_ExpireAmulet', { roundCid: ContractId }), result: record('LockedAmulet_ExpireAmuletResult', { expireSum: AmuletExpireSummary }, { meta: Metadata }) },
  },
  AppRewardCoupon: {
    AppRewardCoupon_DsoExpire: { argument: record('AppRewardCoupon_DsoExpire', { closedRoundCid: ContractId }), result: record('AppRewardCoupon_DsoExpireResult', { featured: Bool, amount: Numeric }) },
  },
  ValidatorRewardCoupon: {
    ValidatorRewardCoupon_DsoExpire: { argument: record('ValidatorRewardCoupon_DsoExpire', { closedRoundCid: ContractId }), result: record('ValidatorRewardCoupon_DsoExpireResult', { amount: Numeric }) },
  },
  SvRewardCoupon: {
    SvRewardCoupon_DsoExpire: { argument: record('SvRewardCoupon_DsoExpire', { closedRoundCid: ContractId }), result: record('SvRewardCoupon_DsoExpireResult', { weight: Int }) },
    SvRewardCoupon_ArchiveAsBeneficiary: { argument: Unit, result: constructorOnly('SvRewardCoupon_ArchiveAsBeneficiaryResult') },
  },
  FeaturedAppRight: {
    FeaturedAppRight_Update: { argument: record('FeaturedAppRight_Update', { reason: Text, newActivityWeight: Numeric }), result: record('FeaturedAppRight_UpdateResult', { featuredAppRightCid: ContractId }) },
  },
  UnclaimedActivityRecord: {
    UnclaimedActivityRecord_DsoExpire: { argument: Unit, result: record('UnclaimedActivityRecord_DsoExpireResult', { unclaimedRewardCid: ContractId }) },
  },
} as const;

