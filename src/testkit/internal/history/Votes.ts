/**
 * DSO governance: SVs request votes on actions, the DSO closes the oldest request (accepted or
 * rejected), and Scan counts the results.
 */
import { bool, cid, genMap, list, none, party, rec, text, time, variant, type DamlValue } from '../daml.js';
import type { ContractState, VoteResult } from '../model.js';
import { T } from '../templates.js';
import { formatMicros6 } from '../time.js';
import { archiveSpec } from './buildTree.js';
import type { HistoryLog } from './HistoryLog.js';
import type { Parties } from './partiesOf.js';

const VOTE_ACTIONS = ['CRARC_SetConfig', 'SRARC_SetConfig', 'SRARC_GrantFeaturedAppRight', 'SRARC_UpdateSvRewardWeight', 'SRARC_OffboardSv'] as const;

export class Votes {
  /** Closed votes, in closing order. */
  readonly results: VoteResult[] = [];
  private active: Array<{ cid: string; requester: string; actionName: string; args: DamlValue }> = [];

  constructor(
    private readonly log: HistoryLog,
    private readonly parties: Parties,
  ) {}

  hasActive(): boolean {
    return this.active.length > 0;
  }

  activeRequests(): ContractState[] {
    return this.active.map((v) => this.log.contracts.get(v.cid)!);
  }

  request(): void {
    const log = this.log;
    const p = log.prng;
    const { dso, svs } = this.parties;
    const sv = p.pick(svs);
    const requester = `sv-${svs.indexOf(sv) + 1}`;
    const actionName = p.pick(VOTE_ACTIONS);
    const ctx = log.begin();
    const outer = actionName.startsWith('CRARC') ? 'ARC_AmuletRules' : 'ARC_DsoRules';
    const inner = actionName.startsWith('CRARC') ? 'amuletRulesAction' : 'dsoAction';
    const reason = rec({ url: text(`https://vote.example/${ctx.index}`), body: text(`Proposal ${ctx.index}`) });
    const args = rec({
        dso: party(dso),
        requester: text(requester),
        action: variant(outer, rec({ [inner]: variant(actionName, rec({ reason: text('simulated') })) })),
        reason,
        voteBefore: time(ctx.effectiveAt + 3_600_000_000),
        // `votes : Map Text Vote` (DA.Map, keyed by the SV's name): pairs in Daml-LF JSON.
        votes: genMap([[text(requester), rec({ sv: party(sv), accept: bool(true), reason: rec({ url: text(''), body: text('') }) })]]),
        trackingCid: none,
      });
    const vote = log.newContract(ctx, T.VoteRequest, args, [dso], []);
    log.commitTx(ctx, 'vote-request', [sv], [
      {
        exercise: {
          target: log.rule('dsoRules'),
          choice: 'DsoRules_RequestVote',
          argument: rec({ requester: party(sv), action: variant(outer, rec({ [inner]: variant(actionName, rec({ reason: text('simulated') })) })), reason, voteRequestTimeout: none }),
          result: rec({ voteRequest: cid(vote.contractId) }),
          consuming: false,
          acting: [sv],
        },
        children: [{ created: vote }],
      },
    ]);
    this.active.push({ cid: vote.contractId, requester, actionName, args });
  }

  /** Closes the oldest active request; call only when there is one. */
  closeOldest(): void {
    const log = this.log;
    const dso = this.parties.dso;
    const vote = this.active.shift()!;
    const accepted = log.prng.chance(0.7);
    const ctx = log.begin();
    const effectiveAt = ctx.effectiveAt;
    log.commitTx(ctx, 'vote-close', [dso], [
      {
        exercise: {
          target: log.rule('dsoRules'),
          choice: 'DsoRules_CloseVoteRequest',
          argument: rec({ requestCid: cid(vote.cid), amuletRulesCid: none }),
          // DsoRules_CloseVoteRequestResult: the request as it closed, when, who was offboarded or abstained, the outcome.
          result: rec({
            request: vote.args,
            completedAt: time(effectiveAt),
            offboardedVoters: list([]),
            abstainingSvs: list([]),
            outcome: accepted ? variant('VRO_Accepted', rec({ effectiveAt: time(effectiveAt) })) : variant('VRO_Rejected', rec({})),
          }),
          consuming: false,
          acting: [dso],
        },
        children: [archiveSpec(log.contract(vote.cid), [dso], 'Archive')],
      },
    ]);
    this.results.push({ actionName: vote.actionName, accepted, requester: vote.requester, effectiveAt: formatMicros6(effectiveAt) });
  }
}
