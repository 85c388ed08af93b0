/**
 * `splice-amulet-name-service:Splice.Ans` and the subscriptions of
 * `splice-wallet-payments:Splice.Wallet.Subscriptions` that pay for its entries: an ANS entry's
 * request, initial payment, renewal and expiry, as codecs of their Daml-LF JSON
 * (docs/payloads.md), from daml/splice-amulet-name-service/daml/Splice/Ans.daml and
 * daml/splice-wallet-payments/daml/Splice/Wallet/Subscriptions.daml.
 */
import { constructorOnly, ContractId, enumOf, list, Numeric, opt, Party, record, Text, Time } from './lf.js';
import { PaymentTransferContext, TransferInput } from './AmuletRules.js';
import { RelTime, Round } from './Types.js';

/**
 * The `AnsEntry` template: a name a user holds until it expires (renewal recreates it with a later `expiresAt`).
 * @example
 * ```ts
 * import { decodeWith, splice } from 'canton-rx';
 * decodeWith(splice.AnsEntry)({ user: 'alice::1', dso: 'DSO::1', name: 'alice.unverified.cns', url: '', description: '', expiresAt: '2026-01-01T00:00:00Z' }); // Right
 * ```
 * @category Payloads
 * @since 0.5.0
 */
export const AnsEntry = record('AnsEntry', { user: Party, dso: Party, name: Text, url: Text, description: Text, expiresAt: Time });
export type AnsEntry = typeof AnsEntry._A;

/**
 * The `AnsEntryContext` template: a requested entry and the subscription request that pays for it.
 * @example
 * ```ts
 * import { decodeWith, splice } from 'canton-rx';
 * decodeWith(splice.AnsEntryContext)({ dso: 'DSO::1', user: 'alice::1', name: 'alice.unverified.cns', url: '', description: '', reference: '00ab' }); // Right
 * ```
 * @category Payloads
 * @since 0.5.0
 */
export const AnsEntryContext = record('AnsEntryContext', { dso: Party, user: Party, name: Text, url: Text, description: Text, reference: ContractId });
export type AnsEntryContext = typeof AnsEntryContext._A;

/**
 * The `AnsRules` template: the entry fee, lifetime and renewal window.
 * @example
 * ```ts
 * import { decodeWith, splice } from 'canton-rx';
 * decodeWith(splice.AnsRules)(createdEvent.create_arguments); // Right
 * ```
 * @category Payloads
 * @since 0.5.0
 */
export const AnsRules = record('AnsRules', {
  dso: Party,
  config: record('AnsRulesConfig', { renewalDuration: RelTime, entryLifetime: RelTime, entryFee: Numeric, descriptionPrefix: Text }),
});
export type AnsRules = typeof AnsRules._A;

/**
 * `SubscriptionData`: who pays whom, through which provider, for what.
 * @example
 * ```ts
 * import { decodeWith, splice } from 'canton-rx';
 * decodeWith(splice.SubscriptionData)({ sender: 'alice::1', receiver: 'DSO::1', provider: 'DSO::1', dso: 'DSO::1', description: 'ANS entry: "alice.unverified.cns"' }); // Right
 * ```
 * @category Payloads
 * @since 0.5.0
 */
export const SubscriptionData = record('SubscriptionData', { sender: Party, receiver: Party, provider: Party, dso: Party, description: Text });
export type SubscriptionData = typeof SubscriptionData._A;

/**
 * `SubscriptionPayData`: the amount (in Amulet or USD) of each payment, and its interval and window.
 * @example
 * ```ts
 * import { decodeWith, splice } from 'canton-rx';
 * decodeWith(splice.SubscriptionPayData)({ paymentAmount: { amount: '1.0', unit: 'USDUnit' }, paymentInterval: { microseconds: '7776000000000' }, paymentDuration: { microseconds: '86400000000' } }); // Right
 * ```
 * @category Payloads
 * @since 0.5.0
 */
export const SubscriptionPayData = record('SubscriptionPayData', {
  paymentAmount: record('PaymentAmount', { amount: Numeric, unit: enumOf('Unit', ['AmuletUnit', 'USDUnit', 'ExtUnit']) }),
  paymentInterval: RelTime,
  paymentDuration: RelTime,
});
export type SubscriptionPayData = typeof SubscriptionPayData._A;

/**
 * The `SubscriptionRequest` template: a subscription offered to a sender, who accepts it with a first payment.
 * @example
 * ```ts
 * import { decodeWith, splice } from 'canton-rx';
 * decodeWith(splice.SubscriptionRequest)(createdEvent.create_arguments); // Right({ subscriptionData, payData })
 * ```
 * @category Payloads
 * @since 0.5.0
 */
export const SubscriptionRequest = record('SubscriptionRequest', { subscriptionData: SubscriptionData, payData: SubscriptionPayData });
export type SubscriptionRequest = typeof SubscriptionRequest._A;

/**
 * The `SubscriptionInitialPayment` template: the first payment, a locked Amulet, until the provider collects it.
 * @example
 * ```ts
 * import { decodeWith, splice } from 'canton-rx';
 * decodeWith(splice.SubscriptionInitialPayment)(createdEvent.create_arguments); // Right
 * ```
 * @category Payloads
 * @since 0.5.0
 */
export const SubscriptionInitialPayment = record('SubscriptionInitialPayment', { subscriptionData: SubscriptionData, payData: SubscriptionPayData, lockedAmulet: ContractId, round: Round, reference: ContractId }, { targetAmount: Numeric });
export type SubscriptionInitialPayment = typeof SubscriptionInitialPayment._A;

/**
 * The `Subscription` template: an accepted subscription.
 * @example
 * ```ts
 * import { decodeWith, splice } from 'canton-rx';
 * decodeWith(splice.Subscription)(createdEvent.create_arguments); // Right({ subscriptionData, reference })
 * ```
 * @category Payloads
 * @since 0.5.0
 */
export const Subscription = record('Subscription', { subscriptionData: SubscriptionData, reference: ContractId });
export type Subscription = typeof Subscription._A;

/**
 * The `SubscriptionIdleState` template: a subscription between payments, and when the next is due.
 * @example
 * ```ts
 * import { decodeWith, splice } from 'canton-rx';
 * decodeWith(splice.SubscriptionIdleState)(createdEvent.create_arguments); // Right({ nextPaymentDueAt: '…', … })
 * ```
 * @category Payloads
 * @since 0.5.0
 */
export const SubscriptionIdleState = record('SubscriptionIdleState', { subscription: ContractId, subscriptionData: SubscriptionData, payData: SubscriptionPayData, nextPaymentDueAt: Time, reference: ContractId });
export type SubscriptionIdleState = typeof SubscriptionIdleState._A;

/**
 * The `SubscriptionPayment` template: a renewal payment, a locked Amulet, until the provider collects it.
 * @example
 * ```ts
 * import { decodeWith, splice } from 'canton-rx';
 * decodeWith(splice.SubscriptionPayment)(createdEvent.create_arguments); // Right
 * ```
 * @category Payloads
 * @since 0.5.0
 */
export const SubscriptionPayment = record('SubscriptionPayment', {
  subscription: ContractId,
  subscriptionData: SubscriptionData,
  payData: SubscriptionPayData,
  thisPaymentDueAt: Time,
  lockedAmulet: ContractId,
  round: Round,
  reference: ContractId,
}, { targetAmount: Numeric });
export type SubscriptionPayment = typeof SubscriptionPayment._A;

/**
 * The `TerminatedSubscription` template: a subscription that ended (expired, cancelled, rejected).
 * @example
 * ```ts
 * import { decodeWith, splice } from 'canton-rx';
 * decodeWith(splice.TerminatedSubscription)(createdEvent.create_arguments); // Right({ subscriptionData, reference })
 * ```
 * @category Payloads
 * @since 0.5.0
 */
export const TerminatedSubscription = record('TerminatedSubscription', { subscriptionData: SubscriptionData, reference: ContractId });
export type TerminatedSubscription = typeof TerminatedSubscription._A;

const AppTransferContext = record('AppTransferContext', { amuletRules: ContractId, openMiningRound: ContractId }, { featuredAppRight: ContractId });
const entryAndState = (name: string) => record(name, { entryCid: ContractId, subscriptionStateCid: ContractId });

/** @internal */
export const ansChoices = {
  AnsRules: {
    AnsRules_RequestEntry: { argument: record('AnsRules_RequestEntry', { name: Text, url: Text, description: Text, user: Party }), result: record('AnsRules_RequestEntryResult', { entryCid: ContractId, requestCid: ContractId }) },
    AnsRules_CollectInitialEntryPayment: {
      argument: record('AnsRules_CollectInitialEntryPayment', { user: Party, entryContext: ContractId, paymentCid: ContractId, transferContext: AppTransferContext }),
      result: entryAndState('AnsRules_CollectInitialEntryPaymentResult'),
    },
    AnsRules_CollectEntryRenewalPayment: {
      argument: record('AnsRules_CollectEntryRenewalPayment', { user: Party, entryContext: ContractId, paymentCid: ContractId, entryCid: ContractId, transferContext: AppTransferContext }),
      result: entryAndState('AnsRules_CollectEntryRenewalPaymentResult'),
    },
  },
  AnsEntryContext: {
    AnsEntryContext_CollectInitialEntryPayment: {
      argument: record('AnsEntryContext_CollectInitialEntryPayment', { paymentCid: ContractId, transferContext: AppTransferContext, ansRulesCid: ContractId }),
      result: entryAndState('AnsEntryContext_CollectInitialEntryPaymentResult'),
    },
    AnsEntryContext_CollectEntryRenewalPayment: {
      argument: record('AnsEntryContext_CollectEntryRenewalPayment', { paymentCid: ContractId, entryCid: ContractId, transferContext: AppTransferContext, ansRulesCid: ContractId }),
      result: entryAndState('AnsEntryContext_CollectEntryRenewalPaymentResult'),
    },
  },
  AnsEntry: {
    AnsEntry_Renew: { argument: record('AnsEntry_Renew', { extension: RelTime }), result: record('AnsEntry_RenewResult', { entryCid: ContractId }) },
    AnsEntry_Expire: { argument: record('AnsEntry_Expire', { actor: Party }), result: constructorOnly('AnsEntry_ExpireResult') },
  },
} as const;

const collectArgument = (name: string) => record(name, { transferContext: AppTransferContext });

/** @internal */
export const subscriptionChoices = {
  SubscriptionRequest: {
    SubscriptionRequest_AcceptAndMakePayment: {
      argument: record('SubscriptionRequest_AcceptAndMakePayment', { inputs: list(TransferInput), context: PaymentTransferContext, walletProvider: Party }),
      result: record('SubscriptionRequest_AcceptAndMakePaymentResult', { subscriptionPayment: ContractId, senderChange: opt(ContractId) }),
    },
  },
  SubscriptionInitialPayment: {
    SubscriptionInitialPayment_Collect: { argument: collectArgument('SubscriptionInitialPayment_Collect'), result: record('SubscriptionInitialPayment_CollectResult', { subscription: ContractId, subscriptionState: ContractId, amulet: ContractId }) },
  },
  SubscriptionIdleState: {
    SubscriptionIdleState_MakePayment: {
      argument: record('SubscriptionIdleState_MakePayment', { inputs: list(TransferInput), context: PaymentTransferContext, walletProvider: Party }),
      result: record('SubscriptionIdleState_MakePaymentResult', { subscriptionPayment: ContractId, senderChange: opt(ContractId) }),
    },
  },
  SubscriptionPayment: {
    SubscriptionPayment_Collect: { argument: collectArgument('SubscriptionPayment_Collect'), result: record('SubscriptionPayment_CollectResult', { subscriptionState: ContractId, amulet: ContractId }) },
  },
} as const;
