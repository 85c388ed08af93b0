/*
 * The catalogue of the Splice templates canton-rx types: each under its package name and
 * qualified name (`splice-amulet:Splice.Amulet:Amulet`), with its create-argument codec and its
 * choices' argument and result codecs. Nothing here is public but through `typedPayloads` and
 * the `splice` namespace.
 */
import type * as t from 'io-ts';
import { Unit } from './lf.js';
import * as A from './Amulet.js';
import * as R from './AmuletRules.js';
import * as N from './Ans.js';
import * as D from './DsoRules.js';
import * as O from './Round.js';
import * as S from './TokenStandard.js';
import * as W from './SvState.js';
import * as V from './ValidatorLicense.js';

/** The codecs of one choice. */
export interface ChoiceCodecs {
  readonly argument: t.Mixed;
  readonly result: t.Mixed;
}

/** The codecs of one template: its create arguments (when canton-rx types them) and its choices. */
export interface TemplateCodecs {
  /** `package-name:Module.Path:Entity`. */
  readonly name: string;
  readonly create?: t.Mixed;
  readonly choices: Readonly<Record<string, ChoiceCodecs>>;
}

type Choices = Readonly<Record<string, ChoiceCodecs>>;
const none: Choices = {};

const entries: ReadonlyArray<readonly [pkg: string, module: string, entity: string, create: t.Mixed | undefined, choices: Choices]> = [
  ['splice-amulet', 'Splice.Amulet', 'Amulet', A.Amulet, A.amuletChoices.Amulet],
  ['splice-amulet', 'Splice.Amulet', 'LockedAmulet', A.LockedAmulet, A.amuletChoices.LockedAmulet],
  ['splice-amulet', 'Splice.Amulet', 'AppRewardCoupon', A.AppRewardCoupon, A.amuletChoices.AppRewardCoupon],
  ['splice-amulet', 'Splice.Amulet', 'ValidatorRewardCoupon', A.ValidatorRewardCoupon, A.amuletChoices.ValidatorRewardCoupon],
  ['splice-amulet', 'Splice.Amulet', 'SvRewardCoupon', A.SvRewardCoupon, A.amuletChoices.SvRewardCoupon],
  ['splice-amulet', 'Splice.Amulet', 'UnclaimedReward', A.UnclaimedReward, none],
  ['splice-amulet', 'Splice.Amulet', 'UnclaimedActivityRecord', A.UnclaimedActivityRecord, A.amuletChoices.UnclaimedActivityRecord],
  ['splice-amulet', 'Splice.Amulet', 'FeaturedAppRight', A.FeaturedAppRight, A.amuletChoices.FeaturedAppRight],
  ['splice-amulet', 'Splice.Amulet', 'FeaturedAppActivityMarker', A.FeaturedAppActivityMarker, none],
  ['splice-amulet', 'Splice.Amulet', 'ValidatorRight', A.ValidatorRight, none],
  ['splice-amulet', 'Splice.AmuletRules', 'AmuletRules', R.AmuletRules, R.amuletRulesChoices.AmuletRules],
  ['splice-amulet', 'Splice.AmuletRules', 'TransferPreapproval', R.TransferPreapproval, R.amuletRulesChoices.TransferPreapproval],
  ['splice-amulet', 'Splice.DecentralizedSynchronizer', 'MemberTraffic', R.MemberTraffic, none],
  ['splice-amulet', 'Splice.Round', 'OpenMiningRound', O.OpenMiningRound, O.roundChoices.OpenMiningRound],
  ['splice-amulet', 'Splice.Round', 'SummarizingMiningRound', O.SummarizingMiningRound, none],
  ['splice-amulet', 'Splice.Round', 'IssuingMiningRound', O.IssuingMiningRound, none],
  ['splice-amulet', 'Splice.Round', 'ClosedMiningRound', O.ClosedMiningRound, none],
  ['splice-amulet', 'Splice.ValidatorLicense', 'ValidatorLicense', V.ValidatorLicense, V.validatorLicenseChoices.ValidatorLicense],
  ['splice-amulet', 'Splice.ValidatorLicense', 'ValidatorFaucetCoupon', V.ValidatorFaucetCoupon, V.validatorLicenseChoices.ValidatorFaucetCoupon],
  ['splice-amulet', 'Splice.ValidatorLicense', 'ValidatorLivenessActivityRecord', V.ValidatorLivenessActivityRecord, V.validatorLicenseChoices.ValidatorLivenessActivityRecord],
  ['splice-amulet', 'Splice.ExternalPartyAmuletRules', 'ExternalPartyAmuletRules', S.ExternalPartyAmuletRules, S.tokenStandardChoices.ExternalPartyAmuletRules],
  ['splice-amulet', 'Splice.ExternalPartyAmuletRules', 'TransferCommand', S.TransferCommand, S.tokenStandardChoices.TransferCommand],
  ['splice-amulet', 'Splice.ExternalPartyAmuletRules', 'TransferCommandCounter', S.TransferCommandCounter, none],
  ['splice-amulet', 'Splice.AmuletTransferInstruction', 'AmuletTransferInstruction', S.AmuletTransferInstruction, S.tokenStandardChoices.AmuletTransferInstruction],
  ['splice-amulet', 'Splice.AmuletAllocation', 'AmuletAllocation', S.AmuletAllocation, S.tokenStandardChoices.AmuletAllocation],
  ['splice-amulet-name-service', 'Splice.Ans', 'AnsRules', N.AnsRules, N.ansChoices.AnsRules],
  ['splice-amulet-name-service', 'Splice.Ans', 'AnsEntryContext', N.AnsEntryContext, N.ansChoices.AnsEntryContext],
  ['splice-amulet-name-service', 'Splice.Ans', 'AnsEntry', N.AnsEntry, N.ansChoices.AnsEntry],
  ['splice-wallet-payments', 'Splice.Wallet.Subscriptions', 'SubscriptionRequest', N.SubscriptionRequest, N.subscriptionChoices.SubscriptionRequest],
  ['splice-wallet-payments', 'Splice.Wallet.Subscriptions', 'SubscriptionInitialPayment', N.SubscriptionInitialPayment, N.subscriptionChoices.SubscriptionInitialPayment],
  ['splice-wallet-payments', 'Splice.Wallet.Subscriptions', 'Subscription', N.Subscription, none],
  ['splice-wallet-payments', 'Splice.Wallet.Subscriptions', 'SubscriptionIdleState', N.SubscriptionIdleState, N.subscriptionChoices.SubscriptionIdleState],
  ['splice-wallet-payments', 'Splice.Wallet.Subscriptions', 'SubscriptionPayment', N.SubscriptionPayment, N.subscriptionChoices.SubscriptionPayment],
  ['splice-wallet-payments', 'Splice.Wallet.Subscriptions', 'TerminatedSubscription', N.TerminatedSubscription, none],
  ['splice-dso-governance', 'Splice.DsoRules', 'VoteRequest', D.VoteRequest, none],
  ['splice-dso-governance', 'Splice.DsoRules', 'DsoRules', undefined, { ...D.dsoRulesChoices.DsoRules, ...W.svChoices.DsoRules }],
  ['splice-dso-governance', 'Splice.DsoRules', 'Confirmation', W.Confirmation, W.svChoices.Confirmation],
  ['splice-dso-governance', 'Splice.DSO.SvState', 'SvStatusReport', W.SvStatusReport, none],
  ['splice-dso-governance', 'Splice.DSO.SvState', 'SvRewardState', W.SvRewardState, none],
  ['splice-dso-governance', 'Splice.DSO.SvState', 'SvNodeState', W.SvNodeState, none],
  ['splice-dso-governance', 'Splice.DSO.AmuletPrice', 'AmuletPriceVote', W.AmuletPriceVote, none],
];

// Every template has the built-in `Archive` choice: Unit in, Unit out.
const archive: ChoiceCodecs = { argument: Unit, result: Unit };

/** The Splice templates canton-rx types, by `package-name:Module:Entity`. @internal */
export const spliceTemplates: ReadonlyMap<string, TemplateCodecs> = new Map(
  entries.map(([pkg, module, entity, create, choices]) => {
    const name = `${pkg}:${module}:${entity}`;
    return [name, { name, ...(create === undefined ? {} : { create }), choices: { Archive: archive, ...choices } }] as const;
  }),
);
