import { packageIdFor } from './ids.js';
import type { TemplateRef } from './model.js';

const template = (packageName: string, moduleName: string, entityName: string): TemplateRef => {
  const packageId = packageIdFor(`${packageName}-0.1.9`);
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
} as const;

/** Matches a template id given in a request, in package-id or `#package-name` reference form. */
export const templateMatches = (requested: string, ref: TemplateRef): boolean =>
  requested === ref.id || requested === `#${ref.packageName}:${ref.moduleName}:${ref.entityName}`;
