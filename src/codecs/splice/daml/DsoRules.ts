/**
 * `splice-dso-governance:Splice.DsoRules`: vote requests, votes and their results, as codecs of
 * their Daml-LF JSON (docs/payloads.md), from daml/splice-dso-governance/daml/Splice/DsoRules.daml.
 * The action a vote decides is one of some forty kinds: its constructor is typed (`tag`), its
 * value kept as it came.
 */
import { AnyValue, Bool, ContractId, genMap, list, Party, record, Text, Time, Unit, variant } from './lf.js';
import { RelTime } from './Types.js';

/**
 * `Reason`: a vote's or request's URL and text.
 * @example
 * ```ts
 * import { decodeWith, splice } from 'canton-rx';
 * decodeWith(splice.Reason)({ url: 'https://example.com/proposal', body: 'raise the fee' }); // Right
 * ```
 * @category Payloads
 * @since 0.5.0
 */
export const Reason = record('Reason', { url: Text, body: Text });
export type Reason = typeof Reason._A;

/**
 * `Vote`: one SV's vote (`optCastAt` came later).
 * @example
 * ```ts
 * import { decodeWith, splice } from 'canton-rx';
 * decodeWith(splice.Vote)({ sv: 'sv1::1220…', accept: true, reason: { url: '', body: 'yes' }, optCastAt: null }); // Right
 * ```
 * @category Payloads
 * @since 0.5.0
 */
export const Vote = record('Vote', { sv: Party, accept: Bool, reason: Reason }, { optCastAt: Time });
export type Vote = typeof Vote._A;

/** The action of a vote request: its constructor (`ARC_DsoRules`, `ARC_AmuletRules`, …) and its value as it came. */
const ActionRequiringConfirmation = record('ActionRequiringConfirmation', { tag: Text, value: AnyValue });

/**
 * The `VoteRequest` template: an SV's proposal, the votes cast so far (by SV name), and its deadline.
 * @example
 * ```ts
 * import { decodeWith, splice } from 'canton-rx';
 * decodeWith(splice.VoteRequest)(createdEvent.create_arguments); // Right({ requester: 'Digital-Asset-2', action: { tag: 'ARC_DsoRules', value: … }, … })
 * ```
 * @category Payloads
 * @since 0.5.0
 */
export const VoteRequest = record(
  'VoteRequest',
  { dso: Party, requester: Text, action: ActionRequiringConfirmation, reason: Reason, voteBefore: Time, votes: genMap(Text, Vote) },
  { trackingCid: ContractId, targetEffectiveAt: Time },
);
export type VoteRequest = typeof VoteRequest._A;

/**
 * `VoteRequestOutcome`: accepted (effective when), rejected, or expired.
 * @example
 * ```ts
 * import { decodeWith, splice } from 'canton-rx';
 * decodeWith(splice.VoteRequestOutcome)({ tag: 'VRO_Accepted', value: { effectiveAt: '2026-01-01T00:00:00Z' } }); // Right
 * ```
 * @category Payloads
 * @since 0.5.0
 */
export const VoteRequestOutcome = variant('VoteRequestOutcome', { VRO_Accepted: record('VRO_Accepted', { effectiveAt: Time }), VRO_Rejected: Unit, VRO_Expired: Unit });
export type VoteRequestOutcome = typeof VoteRequestOutcome._A;

/**
 * The result of `DsoRules_CloseVoteRequest`: the request as it closed, when, and its outcome.
 * @example
 * ```ts
 * import { decodeWith, splice } from 'canton-rx';
 * decodeWith(splice.CloseVoteRequestResult)(exercisedEvent.exercise_result); // Right({ outcome: { tag: 'VRO_Accepted', … }, … })
 * ```
 * @category Payloads
 * @since 0.5.0
 */
export const CloseVoteRequestResult = record(
  'DsoRules_CloseVoteRequestResult',
  { request: VoteRequest, completedAt: Time, offboardedVoters: list(Text), abstainingSvs: list(Text), outcome: VoteRequestOutcome },
);
export type CloseVoteRequestResult = typeof CloseVoteRequestResult._A;

/** @internal */
export const dsoRulesChoices = {
  DsoRules: {
    DsoRules_RequestVote: {
      argument: record('DsoRules_RequestVote', { requester: Party, action: ActionRequiringConfirmation, reason: Reason }, { voteRequestTimeout: RelTime, targetEffectiveAt: Time }),
      result: record('DsoRules_RequestVoteResult', { voteRequest: ContractId }),
    },
    DsoRules_CastVote: { argument: record('DsoRules_CastVote', { requestCid: ContractId, vote: Vote }), result: record('DsoRules_CastVoteResult', { voteRequest: ContractId }) },
    DsoRules_CloseVoteRequest: { argument: record('DsoRules_CloseVoteRequest', { requestCid: ContractId }, { amuletRulesCid: ContractId }), result: CloseVoteRequestResult },
    DsoRules_OnboardValidator: {
      argument: record('DsoRules_OnboardValidator', { sponsor: Party, validator: Party }, { version: Text, contactPoint: Text }),
      result: record('DsoRules_OnboardValidatorResult', { validatorLicense: ContractId }),
    },
  },
} as const;

