/**
 * Codecs of the Splice templates and choices of the Scan history (Daml-LF JSON, docs/payloads.md),
 * named after their Daml types: `splice.Amulet`, `splice.TransferResult`, … Each is a value (an
 * io-ts codec, compiled) and a type. `typedPayloads` applies them to a stream.
 *
 * @packageDocumentation
 */
export { Round, RelTime, ExpiringAmount, TimeLock, Metadata, ExtraArgs, InstrumentId, TokenTransfer, TransferInstructionResult, AmuletCreateSummary } from './Types.js';
export { Amulet, LockedAmulet, AppRewardCoupon, ValidatorRewardCoupon, SvRewardCoupon, UnclaimedReward, UnclaimedActivityRecord, FeaturedAppRight, FeaturedAppActivityMarker, ValidatorRight, AmuletExpireSummary } from './Amulet.js';
export { TransferInput, TransferOutput, Transfer, TransferContext, PaymentTransferContext, BalanceChange, TransferSummary, TransferResult, AmuletRules, TransferPreapproval, MemberTraffic, BuyMemberTrafficResult } from './AmuletRules.js';
export { TransferConfig, IssuanceConfig, OpenMiningRound, SummarizingMiningRound, IssuingMiningRound, ClosedMiningRound } from './Round.js';
export { ValidatorLicense, ValidatorFaucetCoupon, ValidatorLivenessActivityRecord } from './ValidatorLicense.js';
export { AnsEntry, AnsEntryContext, AnsRules, SubscriptionData, SubscriptionPayData, SubscriptionRequest, SubscriptionInitialPayment, Subscription, SubscriptionIdleState, SubscriptionPayment, TerminatedSubscription } from './Ans.js';
export { ExternalPartyAmuletRules, TransferCommand, TransferCommandCounter, AmuletTransferInstruction, AllocationSpecification, AmuletAllocation } from './TokenStandard.js';
export { Reason, Vote, VoteRequest, VoteRequestOutcome, CloseVoteRequestResult } from './DsoRules.js';
export { SvStatusReport, SvRewardState, SvNodeState, AmuletPriceVote, Confirmation } from './SvState.js';
export type { Lf, RecordOf, VariantOf, UnknownConstructor } from './lf.js';
