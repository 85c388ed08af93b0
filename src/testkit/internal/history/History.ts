/**
 * The history generator: a small, deterministic model of a Splice network (amulet transfers and
 * taps, mining rounds, votes, featured app rights, external-party transfer commands, validator
 * licences, reassignments between two synchronizers, ANS entries) that appends updates to one
 * list. All randomness comes from one seeded PRNG, all times from the genesis time; each part of
 * the model lives in its own module and writes to the shared {@link HistoryLog}.
 */
import type { AnsEntryRecord, ContractState, HistoryUpdate, PendingSubscription, Snapshot, TemplateRef, VoteResult } from '../model.js';
import type { AmuletConfigForRound } from './amuletConfig.js';
import { Amulets } from './Amulets.js';
import { AnsLifecycle } from './AnsLifecycle.js';
import { FeaturedApps } from './FeaturedApps.js';
import { genesis } from './genesis.js';
import { HistoryLog, MAX_STEP_MICROS, type Ctx, type HistoryConfig } from './HistoryLog.js';
import type { Spec } from './buildTree.js';
import { MiningRounds } from './MiningRounds.js';
import { partiesOf, type Parties } from './partiesOf.js';
import { Reassignments } from './Reassignments.js';
import { TransferCommands } from './TransferCommands.js';
import { TokenFlows } from './TokenFlows.js';
import { TransferOffers } from './TransferOffers.js';
import { ValidatorLicenses } from './ValidatorLicenses.js';
import { Votes } from './Votes.js';

export type { HistoryConfig } from './HistoryLog.js';

export class History {
  readonly updates: readonly HistoryUpdate[];
  readonly snapshots: readonly Snapshot[];
  readonly voteResults: readonly VoteResult[];
  readonly ansEntries: readonly AnsEntryRecord[];
  readonly pendingSubscriptions: ReadonlyMap<string, PendingSubscription>;
  readonly partyIds: ReadonlyMap<string, string>;
  readonly dso: string;
  readonly globalSynchronizer: string;
  /** Called once per committed update, in order. */
  readonly listeners: Array<(u: HistoryUpdate) => void>;

  private readonly log: HistoryLog;
  private readonly parties: Parties;
  private readonly miningRounds: MiningRounds;
  private readonly amulets: Amulets;
  private readonly reassignments: Reassignments;
  private readonly votes: Votes;
  private readonly featuredApps: FeaturedApps;
  private readonly transferCommands: TransferCommands;
  private readonly transferOffers: TransferOffers;
  private readonly tokenFlows: TokenFlows;
  private readonly licenses: ValidatorLicenses;
  private readonly ans: AnsLifecycle;

  constructor(readonly config: HistoryConfig) {
    this.parties = partiesOf(config);
    this.log = new HistoryLog(config, this.parties.globalSynchronizer);
    this.miningRounds = new MiningRounds(this.log, this.parties.dso);
    this.amulets = new Amulets(this.log, this.parties, this.miningRounds);
    this.reassignments = new Reassignments(this.log, this.parties, this.amulets);
    this.votes = new Votes(this.log, this.parties);
    this.featuredApps = new FeaturedApps(this.log, this.parties);
    this.transferCommands = new TransferCommands(this.log, this.parties);
    this.transferOffers = new TransferOffers(this.log, this.parties, this.amulets);
    this.tokenFlows = new TokenFlows(this.log, this.parties, this.amulets, this.miningRounds);
    this.licenses = new ValidatorLicenses(this.log, this.parties, this.miningRounds);
    this.ans = new AnsLifecycle(this.log, this.parties, this.miningRounds, this.amulets);

    this.updates = this.log.updates;
    this.snapshots = this.log.snapshots;
    this.listeners = this.log.listeners;
    this.voteResults = this.votes.results;
    this.ansEntries = this.ans.entries;
    this.pendingSubscriptions = this.ans.pending;
    this.partyIds = this.parties.ids;
    this.dso = this.parties.dso;
    this.globalSynchronizer = this.parties.globalSynchronizer;
  }

  /** The first round, the latest open one, and the last round whose reward accounting is done. */
  rounds(): { initial: number; latestOpen: number; closedThrough: number } {
    return this.miningRounds.summary();
  }

  amuletConfigForRound(n: number): AmuletConfigForRound | undefined {
    return this.miningRounds.configFor(n);
  }

  /** Active contracts of some templates after update `lastIndex`. */
  activeAt(lastIndex: number, templates: readonly TemplateRef[]): ContractState[] {
    return this.log.activeAt(lastIndex, templates);
  }

  /** The rounds open and issuing at the end of the history, or at `now` (microseconds) on the network's clock (see `MiningRounds.openAndIssuingAt`). */
  openAndIssuingRounds(now?: number): { open: ContractState[]; issuing: ContractState[] } {
    return now === undefined ? this.miningRounds.openAndIssuing() : this.miningRounds.openAndIssuingAt(now);
  }

  featuredAppRight(provider: string): ContractState | undefined {
    return this.featuredApps.rightOf(provider);
  }

  transferCommandCounter(p: string): ContractState | undefined {
    return this.transferCommands.counterOf(p);
  }

  activeVoteRequests(): ContractState[] {
    return this.votes.activeRequests();
  }

  /** A contract the history knows (active or archived), or undefined. */
  contractState(contractId: string): ContractState | undefined {
    return this.log.contracts.get(contractId);
  }

  /**
   * Commits a submitted transaction (src/testkit/internal/submissions.ts): `build` gets the opened
   * update's context and the log to make contracts with, and must not fail (the submission is
   * checked before, so that a rejected one leaves the history as it was).
   */
  submit(commandId: string, submitters: readonly string[], build: (ctx: Ctx, log: HistoryLog) => readonly Spec[]): HistoryUpdate {
    const ctx = this.log.begin();
    this.log.commitTx(ctx, 'submission', submitters, build(ctx, this.log), undefined, commandId);
    return this.log.updates[this.log.updates.length - 1]!;
  }

  /** Generates the initial history (call once, after the listeners are registered). */
  bootstrap(): void {
    genesis(this.log, this.parties, this.miningRounds, this.licenses);
    while (this.log.updates.length < this.config.initialUpdates) this.step();
  }

  /** Appends n generated updates. */
  append(n: number): void {
    for (let i = 0; i < n; i++) this.step();
  }

  requestAnsEntry(user: string, name: string, url: string, description: string): PendingSubscription {
    return this.ans.request(user, name, url, description);
  }

  /** The wallet accepts (and pays), then the DSO automation collects the payment and creates the entry. */
  acceptSubscription(subscriptionRequestCid: string): AnsEntryRecord {
    return this.ans.accept(subscriptionRequestCid);
  }

  /**
   * Appends exactly one update: the rounds' advance when it is due, else drawn from a fixed
   * distribution: half the time a pending assign if there is one, else mostly transfers and taps, then votes, featured apps, transfer
   * commands, licence updates and unassigns. Whatever cannot happen (no vote to close, no provider
   * left to feature, nothing to unassign) is a transfer instead.
   */
  private step(): void {
    const p = this.log.prng;
    // The rounds advance on time, before anything else (as the DSO's automation does).
    if (this.miningRounds.dueBy(this.log.clock() + MAX_STEP_MICROS)) return this.miningRounds.advance();
    // Opt-in, drawn only when asked for: the default history stays as it was.
    const offers = this.config.transferOffers ?? 0;
    if (offers > 0 && p.chance(offers)) return this.transferOffers.step();
    const flows = this.config.tokenFlows ?? 0;
    if (flows > 0 && p.chance(flows)) return this.tokenFlows.step();
    if (this.reassignments.pending > 0 && p.chance(0.5)) return this.reassignments.assignNext();
    const r = p.next();
    if (r < 0.38) return this.amulets.transfer();
    if (r < 0.5) return this.amulets.tap(p.pick([...this.parties.users, ...this.parties.validators]));
    // Once the rounds' share of the draw; they advance on time now (above).
    if (r < 0.56) return this.amulets.transfer();
    if (r < 0.6) return this.votes.request();
    if (r < 0.64) return this.votes.hasActive() ? this.votes.closeOldest() : this.amulets.transfer();
    if (r < 0.67) return this.featuredApps.feature() ? undefined : this.amulets.transfer();
    if (r < 0.74) return this.transferCommands.create();
    if (r < 0.8) return this.licenses.update();
    if (r < 0.9) return this.reassignments.unassign() ? undefined : this.amulets.transfer();
    return this.amulets.transfer();
  }
}
