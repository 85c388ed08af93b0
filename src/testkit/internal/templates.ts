import { packageIdFor } from './ids.js';
import type { TemplateRef } from './model.js';

const template = (packageName: string, moduleName: string, entityName: string, version = '0.1.9'): TemplateRef => {
  const packageId = packageIdFor(`${packageName}-${version}`);
  return { packageId, packageName, moduleName, entityName, id: `${packageId}:${moduleName}:${entityName}` };
};

/** The templates the simulated network uses (a small slice of Splice's). */
export const T = {
  DsoRules: template('splice-dso-governance', 'Splice.DsoRules', 'DsoRules'),
  VoteRequest: template('splice-dso-governance', 'Splice.DsoRules', 'VoteRequest'),
  AmuletRules: template('splice-amulet', 'Splice.AmuletRules', 'AmuletRules'),
  Amulet: template('splice-amulet', 'Splice.Amulet', 'Amulet'),
  FeaturedAppRight: template('splice-amulet', 'Splice.Amulet', 'FeaturedAppRight'),
  OpenMiningRound: template('splice-amulet', 'Splice.Round', 'OpenMiningRound'),
  IssuingMiningRound: template('splice-amulet', 'Splice.Round', 'IssuingMiningRound'),
  ValidatorLicense: template('splice-amulet', 'Splice.ValidatorLicense', 'ValidatorLicense'),
  ExternalPartyAmuletRules: template('splice-amulet', 'Splice.ExternalPartyAmuletRules', 'ExternalPartyAmuletRules'),
  TransferCommandCounter: template('splice-amulet', 'Splice.ExternalPartyAmuletRules', 'TransferCommandCounter'),
  AnsRules: template('splice-amulet-name-service', 'Splice.Ans', 'AnsRules'),
  AnsEntryContext: template('splice-amulet-name-service', 'Splice.Ans', 'AnsEntryContext'),
  AnsEntry: template('splice-amulet-name-service', 'Splice.Ans', 'AnsEntry'),
  SubscriptionRequest: template('splice-wallet-payments', 'Splice.Wallet.Subscriptions', 'SubscriptionRequest'),
  SubscriptionInitialPayment: template('splice-wallet-payments', 'Splice.Wallet.Subscriptions', 'SubscriptionInitialPayment'),
  Subscription: template('splice-wallet-payments', 'Splice.Wallet.Subscriptions', 'Subscription'),
  SubscriptionIdleState: template('splice-wallet-payments', 'Splice.Wallet.Subscriptions', 'SubscriptionIdleState'),
  LockedAmulet: template('splice-amulet', 'Splice.Amulet', 'LockedAmulet'),
  AmuletTransferInstruction: template('splice-amulet', 'Splice.AmuletTransferInstruction', 'AmuletTransferInstruction'),
  // The token-standard flows (option `tokenFlows`), all in splice-amulet as in Splice.
  TransferPreapproval: template('splice-amulet', 'Splice.AmuletRules', 'TransferPreapproval'),
  AmuletAllocation: template('splice-amulet', 'Splice.AmuletAllocation', 'AmuletAllocation'),
  MemberTraffic: template('splice-amulet', 'Splice.DecentralizedSynchronizer', 'MemberTraffic'),
} as const;

/** The token-standard interfaces some of {@link T} implement (src/testkit/internal/interfaceViews.ts). */
export const I = {
  Holding: template('splice-api-token-holding-v1', 'Splice.Api.Token.HoldingV1', 'Holding', '1.0.0'),
  TransferInstruction: template('splice-api-token-transfer-instruction-v1', 'Splice.Api.Token.TransferInstructionV1', 'TransferInstruction', '1.0.0'),
  TransferFactory: template('splice-api-token-transfer-instruction-v1', 'Splice.Api.Token.TransferInstructionV1', 'TransferFactory', '1.0.0'),
  AllocationFactory: template('splice-api-token-allocation-instruction-v1', 'Splice.Api.Token.AllocationInstructionV1', 'AllocationFactory', '1.0.0'),
  Allocation: template('splice-api-token-allocation-v1', 'Splice.Api.Token.AllocationV1', 'Allocation', '1.0.0'),
  /** The v2 token standard: a holding's view with its account, and the event log of holdings changes. */
  HoldingV2: template('splice-api-token-holding-v2', 'Splice.Api.Token.HoldingV2', 'Holding', '2.0.0'),
  EventLog: template('splice-api-token-transfer-events-v2', 'Splice.Api.Token.TransferEventsV2', 'EventLog', '2.0.0'),
} as const;

/** Matches a template id given in a request, in package-id or `#package-name` reference form. */
export const templateMatches = (requested: string, ref: TemplateRef): boolean =>
  requested === ref.id || requested === `#${ref.packageName}:${ref.moduleName}:${ref.entityName}`;

/**
 * The choices a submission's exercise archives its contract with, besides `Archive` (which every
 * template has): the simulated network interprets no Daml, so any other choice is non-consuming.
 */
export const CONSUMING_CHOICES: ReadonlyMap<string, ReadonlySet<string>> = new Map([
  [T.Amulet.id, new Set(['Amulet_Expire', 'Amulet_Lock'])],
  [T.LockedAmulet.id, new Set(['LockedAmulet_Unlock', 'LockedAmulet_OwnerExpireLock', 'LockedAmulet_ExpireAmulet'])],
  [T.AmuletTransferInstruction.id, new Set(['TransferInstruction_Accept', 'TransferInstruction_Reject', 'TransferInstruction_Withdraw'])],
  [T.TransferPreapproval.id, new Set(['TransferPreapproval_Cancel'])],
  [T.AmuletAllocation.id, new Set(['Allocation_ExecuteTransfer', 'Allocation_Cancel', 'Allocation_Withdraw'])],
  [T.VoteRequest.id, new Set(['VoteRequest_Expire'])],
  [T.TransferCommandCounter.id, new Set(['TransferCommandCounter_Increment'])],
  [T.SubscriptionRequest.id, new Set(['SubscriptionRequest_AcceptAndMakePayment', 'SubscriptionRequest_Reject', 'SubscriptionRequest_Withdraw'])],
]);

/** Whether exercising `choice` on a contract of `template` archives it. */
export const isConsuming = (template: TemplateRef, choice: string): boolean => choice === 'Archive' || (CONSUMING_CHOICES.get(template.id)?.has(choice) ?? false);

/**
 * The template a submission names: one of {@link T} when the id or `#package-name` reference
 * matches it, else a template of its own (a `#name` reference gets the package id a name would).
 */
export const templateOf = (requested: string): TemplateRef | undefined => {
  const m = /^(#?)([^:]+):([^:]+):([^:]+)$/.exec(requested);
  if (m === null) return undefined;
  const known = Object.values(T).find((ref) => templateMatches(requested, ref));
  if (known !== undefined) return known;
  const [, hash, pkg, moduleName, entityName] = m as unknown as [string, string, string, string, string];
  const packageId = hash === '#' ? packageIdFor(`${pkg}-0.1.0`) : pkg;
  return { packageId, packageName: hash === '#' ? pkg : `package-${pkg.slice(0, 8)}`, moduleName, entityName, id: `${packageId}:${moduleName}:${entityName}` };
};
