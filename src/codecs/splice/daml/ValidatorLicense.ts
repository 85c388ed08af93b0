/**
 * `splice-amulet:Splice.ValidatorLicense`: validator licences, faucet coupons and liveness
 * records, as codecs of their Daml-LF JSON (docs/payloads.md), from
 * daml/splice-amulet/daml/Splice/ValidatorLicense.daml.
 */
import { constructorOnly, ContractId, Int, Numeric, Party, record, Text, Time, Unit } from './lf.js';
import { Round } from './Types.js';

/**
 * The `ValidatorLicense` template: a validator onboarded by a sponsor (faucet state, metadata, activity and weight came with later versions).
 * @example
 * ```ts
 * import { decodeWith, splice } from 'canton-rx';
 * decodeWith(splice.ValidatorLicense)({ validator: 'v::1', sponsor: 's::1', dso: 'DSO::1', faucetState: null, metadata: null, lastActiveAt: null }); // Right
 * ```
 * @category Payloads
 * @since 0.5.0
 */
export const ValidatorLicense = record(
  'ValidatorLicense',
  { validator: Party, sponsor: Party, dso: Party },
  {
    faucetState: record('FaucetState', { firstReceivedFor: Round, lastReceivedFor: Round, numCouponsMissed: Int }),
    metadata: record('ValidatorLicenseMetadata', { lastUpdatedAt: Time, version: Text, contactPoint: Text }),
    lastActiveAt: Time,
    weight: Numeric,
  },
);
export type ValidatorLicense = typeof ValidatorLicense._A;

/**
 * The `ValidatorFaucetCoupon` template: a validator's faucet reward for a round.
 * @example
 * ```ts
 * import { decodeWith, splice } from 'canton-rx';
 * decodeWith(splice.ValidatorFaucetCoupon)({ dso: 'DSO::1', validator: 'v::1', round: { number: '0' } }); // Right
 * ```
 * @category Payloads
 * @since 0.5.0
 */
export const ValidatorFaucetCoupon = record('ValidatorFaucetCoupon', { dso: Party, validator: Party, round: Round });
export type ValidatorFaucetCoupon = typeof ValidatorFaucetCoupon._A;

/**
 * The `ValidatorLivenessActivityRecord` template: a validator's liveness reward for a round.
 * @example
 * ```ts
 * import { decodeWith, splice } from 'canton-rx';
 * decodeWith(splice.ValidatorLivenessActivityRecord)({ dso: 'DSO::1', validator: 'v::1', round: { number: '81306' } }); // Right
 * ```
 * @category Payloads
 * @since 0.5.0
 */
export const ValidatorLivenessActivityRecord = record('ValidatorLivenessActivityRecord', { dso: Party, validator: Party, round: Round });
export type ValidatorLivenessActivityRecord = typeof ValidatorLivenessActivityRecord._A;

const licenceAndCoupon = (name: string) => record(name, { licenseCid: ContractId }, { couponCid: ContractId });

/** @internal */
export const validatorLicenseChoices = {
  ValidatorLicense: {
    ValidatorLicense_ReceiveFaucetCoupon: { argument: record('ValidatorLicense_ReceiveFaucetCoupon', { openRoundCid: ContractId }), result: licenceAndCoupon('ValidatorLicense_ReceiveFaucetCouponResult') },
    ValidatorLicense_RecordValidatorLivenessActivity: { argument: record('ValidatorLicense_RecordValidatorLivenessActivity', { openRoundCid: ContractId }), result: licenceAndCoupon('ValidatorLicense_RecordValidatorLivenessActivityResult') },
    ValidatorLicense_ReportActive: { argument: Unit, result: record('ValidatorLicense_ReportActiveResult', { licenseCid: ContractId }) },
    ValidatorLicense_UpdateMetadata: { argument: record('ValidatorLicense_UpdateMetadata', { version: Text, contactPoint: Text }), result: record('ValidatorLicense_UpdateMetadataResult', { licenseCid: ContractId }) },
  },
  ValidatorLivenessActivityRecord: {
    ValidatorLivenessActivityRecord_DsoExpire: { argument: record('ValidatorLivenessActivityRecord_DsoExpire', { closedRoundCid: ContractId }), result: constructorOnly('ValidatorLivenessActivityRecord_DsoExpireResult') },
  },
  ValidatorFaucetCoupon: {
    ValidatorFaucetCoupon_DsoExpire: { argument: record('ValidatorFaucetCoupon_DsoExpire', { closedRoundCid: ContractId }), result: Unit },
  },
} as const;
