/**
 * The history generator: a small, deterministic model of a Splice network (amulet transfers and
 * taps, mining rounds, votes, featured app rights, external-party transfer commands, validator
 * licences, reassignments between two synchronizers, ANS entries) that appends updates to one
 * list. All randomness comes from one seeded PRNG, all times from the genesis time.
 */
import {
  amount,
  bool,
  cid,
  enumValue,
  int64,
  list,
  none,
  numeric,
  party,
  rec,
  reltime,
  round,
  some,
  text,
  textMap,
  time,
  variant,
  type DamlValue,
} from './daml.js';
import { contractIdFor, partyIdFor, sha256Hex, updateIdFor } from './ids.js';
import type {
  AnsEntryRecord,
  ContractData,
  ContractState,
  CreatedNode,
  ExercisedNode,
  HistoryUpdate,
  PendingSubscription,
  ReassignmentUpdate,
  Snapshot,
  TemplateRef,
  TransactionUpdate,
  TreeNode,
  VoteResult,
} from './model.js';
import { mulberry32, type Prng } from './prng.js';
import { formatMicros6 } from './time.js';
import { T } from './templates.js';

export interface HistoryConfig {
  /** The seed as a string (ids are hashed from it). */
  readonly seed: string;
  readonly seedNumber: number;
  readonly genesisMicros: number;
  /** Updates of the initial history, spread over the migrations. */
  readonly initialUpdates: number;
  readonly migrations: number;
  readonly firstMigrationId: number;
  readonly snapshotEvery: number;
  readonly initialRound: number;
  readonly users: readonly string[];
  readonly validators: readonly string[];
  readonly svs: readonly string[];
  readonly externalParties: readonly string[];
}

type Spec =
  | { readonly created: ContractData }
  | {
      readonly exercise: {
        readonly target: ContractData;
        readonly choice: string;
        readonly argument: DamlValue;
        readonly result: DamlValue;
        readonly consuming: boolean;
        readonly acting: readonly string[];
      };
      readonly children: readonly Spec[];
    };

interface Ctx {
  readonly index: number;
  readonly migrationId: number;
  readonly recordTime: number;
  readonly effectiveAt: number;
}

interface PendingReassignment {
  readonly contractId: string;
  readonly unassignId: string;
  readonly counter: number;
  readonly source: string;
  readonly target: string;
  readonly submitter: string;
}

const sortedUnique = (parties: Iterable<string>): string[] => [...new Set(parties)].sort();

const VOTE_ACTIONS = ['CRARC_SetConfig', 'SRARC_SetConfig', 'SRARC_GrantFeaturedAppRight', 'SRARC_UpdateSvRewardWeight', 'SRARC_OffboardSv'] as const;

/** Decimal string with 10 digits from an integer count of 10^-10. */
const tenths = (units: number): string => `${Math.floor(units / 1e10)}.${String(units % 1e10).padStart(10, '0')}`;

export interface AmuletConfigForRound {
  readonly amulet_create_fee: string;
  readonly holding_fee: string;
  readonly lock_holder_fee: string;
  readonly transfer_fee: { readonly initial: string; readonly steps: ReadonlyArray<{ readonly amount: string; readonly rate: string }> };
}

export class History {
  readonly updates: HistoryUpdate[] = [];
  readonly contracts = new Map<string, ContractState>();
  readonly snapshots: Snapshot[] = [];
  readonly voteResults: VoteResult[] = [];
  readonly ansEntries: AnsEntryRecord[] = [];
  readonly pendingSubscriptions = new Map<string, PendingSubscription>();
  readonly partyIds = new Map<string, string>();
  readonly dso: string;
  readonly globalSynchronizer: string;
  readonly appSynchronizer: string;
  /** Called once per committed update, in order. */
  readonly listeners: Array<(u: HistoryUpdate) => void> = [];

  private readonly prng: Prng;
  private now: number;
  private contractCounter = 0;
  private readonly users: string[];
  private readonly validators: string[];
  private readonly svs: string[];
  private readonly externals: string[];
  private readonly amulets = new Map<string, string[]>();
  private readonly offDomain: string[] = [];
  private readonly pending: PendingReassignment[] = [];
  private openRounds: Array<{ cid: string; round: number }> = [];
  private issuingRounds: Array<{ cid: string; round: number }> = [];
  private readonly featured = new Map<string, string>();
  private readonly counters = new Map<string, { cid: string; nonce: number }>();
  private readonly licenses = new Map<string, string>();
  private activeVotes: Array<{ cid: string; requester: string; actionName: string }> = [];
  private readonly migrationCounts = new Map<number, number>();
  private singletons: { dsoRules: string; amuletRules: string; ansRules: string; externalRules: string } | undefined;

  constructor(readonly config: HistoryConfig) {
    this.prng = mulberry32(config.seedNumber);
    this.now = config.genesisMicros;
    const hint = (h: string): string => {
      const id = partyIdFor(config.seed, h);
      this.partyIds.set(h, id);
      return id;
    };
    this.dso = hint('DSO');
    this.svs = config.svs.map(hint);
    this.validators = config.validators.map(hint);
    this.users = config.users.map(hint);
    this.externals = config.externalParties.map(hint);
    const fingerprint = this.dso.slice(this.dso.indexOf('::') + 2);
    this.globalSynchronizer = `global-domain::${fingerprint}`;
    this.appSynchronizer = `app-synchronizer::1220${sha256Hex(config.seed, 'app-synchronizer')}`;
  }

  /** The latest open round, the first one, and the last round whose reward accounting is done. */
  rounds(): { initial: number; latestOpen: number; closedThrough: number } {
    const latestOpen = this.openRounds.length > 0 ? this.openRounds[this.openRounds.length - 1]!.round : this.config.initialRound + 2;
    return { initial: this.config.initialRound, latestOpen, closedThrough: latestOpen - 3 };
  }

  amuletConfigForRound(n: number): AmuletConfigForRound | undefined {
    const { initial, latestOpen } = this.rounds();
    if (!Number.isSafeInteger(n) || n < initial || n > latestOpen) return undefined;
    const era = Math.floor((n - initial) / 20) % 5;
    return {
      amulet_create_fee: tenths(300_000_000),
      holding_fee: tenths(190_259 + era * 1_000),
      lock_holder_fee: tenths(50_000_000),
      transfer_fee: {
        initial: tenths(100_000_000),
        steps: [
          { amount: tenths(100 * 1e10), rate: tenths(10_000_000) },
          { amount: tenths(1000 * 1e10), rate: tenths(1_000_000) },
          { amount: tenths(1_000_000 * 1e10), rate: tenths(100_000) },
        ],
      },
    };
  }

  /** Active contracts of some templates after update `lastIndex`. */
  activeAt(lastIndex: number, templates: readonly TemplateRef[]): ContractState[] {
    const out: ContractState[] = [];
    for (const state of this.contracts.values()) {
      if (!templates.includes(state.data.template)) continue;
      if (state.data.createdIn > lastIndex) continue;
      if (state.archivedIn !== undefined && state.archivedIn <= lastIndex) continue;
      out.push(state);
    }
    return out;
  }

  openAndIssuingRounds(): { open: ContractState[]; issuing: ContractState[] } {
    const get = (c: { cid: string }): ContractState => this.contracts.get(c.cid)!;
    return { open: this.openRounds.map(get), issuing: this.issuingRounds.map(get) };
  }

  featuredAppRight(provider: string): ContractState | undefined {
    const c = this.featured.get(provider);
    return c === undefined ? undefined : this.contracts.get(c);
  }

  transferCommandCounter(p: string): ContractState | undefined {
    const c = this.counters.get(p);
    return c === undefined ? undefined : this.contracts.get(c.cid);
  }

  activeVoteRequests(): ContractState[] {
    return this.activeVotes.map((v) => this.contracts.get(v.cid)!);
  }

  /** Generates the initial history. */
  bootstrap(): void {
    this.genesis();
    while (this.updates.length < this.config.initialUpdates) this.step();
  }

  /** Appends n generated updates. */
  append(n: number): void {
    for (let i = 0; i < n; i++) this.step();
  }

  // ---------------------------------------------------------------------------------------------
  // ANS lifecycle

  requestAnsEntry(user: string, name: string, url: string, description: string): PendingSubscription {
    const ansRules = this.contract(this.singletons!.ansRules);
    const ctx = this.begin();
    const entryContext = this.newContract(ctx, T.AnsEntryContext, rec({ dso: party(this.dso), user: party(user), name: text(name), url: text(url), description: text(description) }), [this.dso, user], []);
    const request = this.newContract(
      ctx,
      T.SubscriptionRequest,
      rec({ subscriptionData: this.subscriptionData(user, name), payData: this.payData() }),
      [this.dso],
      [user],
    );
    this.commitTx(ctx, 'ans-request', [user], [
      {
        exercise: {
          target: ansRules,
          choice: 'AnsRules_RequestEntry',
          argument: rec({ name: text(name), url: text(url), description: text(description), user: party(user) }),
          result: rec({ entryCid: cid(entryContext.contractId), requestCid: cid(request.contractId) }),
          consuming: false,
          acting: [user],
        },
        children: [{ created: entryContext }, { created: request }],
      },
    ]);
    const pending: PendingSubscription = { subscriptionRequestCid: request.contractId, entryContextCid: entryContext.contractId, user, name, url, description };
    this.pendingSubscriptions.set(request.contractId, pending);
    return pending;
  }

  /** The wallet accepts (and pays), then the DSO automation collects the payment and creates the entry. */
  acceptSubscription(subscriptionRequestCid: string): AnsEntryRecord {
    const pending = this.pendingSubscriptions.get(subscriptionRequestCid);
    if (pending === undefined) throw new Error(`No pending subscription request ${subscriptionRequestCid}`);
    const user = pending.user;
    if ((this.amulets.get(user) ?? []).length === 0) this.tap(user);
    const input = this.contract(this.amulets.get(user)![0]!);
    const inputAmount = this.amountOf(input);
    const fee = Math.min(1_000_000, inputAmount);
    const request = this.contract(subscriptionRequestCid);

    const ctx = this.begin();
    const payment = this.newContract(
      ctx,
      T.SubscriptionInitialPayment,
      rec({ subscriptionData: this.subscriptionData(user, pending.name), payData: this.payData(), lockedAmulet: cid(input.contractId), round: round(this.rounds().latestOpen), reference: cid(pending.entryContextCid) }),
      [user],
      [this.dso],
    );
    const change = inputAmount - fee > 0 ? [this.newContract(ctx, T.Amulet, this.amuletArgs(user, inputAmount - fee), [this.dso, user], [])] : [];
    this.commitTx(ctx, 'ans-accept', [user], [
      {
        exercise: {
          target: request,
          choice: 'SubscriptionRequest_AcceptAndMakePayment',
          argument: rec({ inputs: list([variant('InputAmulet', cid(input.contractId))]), context: rec({ openMiningRound: cid(this.openRounds[0]!.cid) }), walletProvider: party(this.validators[0]!) }),
          result: rec({ subscriptionPayment: cid(payment.contractId) }),
          consuming: true,
          acting: [user],
        },
        children: [this.archiveSpec(input, [user], 'Amulet_Lock'), { created: payment }, ...change.map((c) => ({ created: c }))],
      },
    ]);

    const entryContext = this.contract(pending.entryContextCid);
    const ctx2 = this.begin();
    const expiresAt = ctx2.effectiveAt + 90 * 86_400_000_000;
    const entry = this.newContract(
      ctx2,
      T.AnsEntry,
      rec({ user: party(user), dso: party(this.dso), name: text(pending.name), url: text(pending.url), description: text(pending.description), expiresAt: time(expiresAt) }),
      [this.dso, user],
      [],
    );
    const subscription = this.newContract(ctx2, T.Subscription, rec({ subscriptionData: this.subscriptionData(user, pending.name), reference: cid(pending.entryContextCid) }), [this.dso, user], []);
    const idle = this.newContract(
      ctx2,
      T.SubscriptionIdleState,
      rec({ subscription: cid(subscription.contractId), subscriptionData: this.subscriptionData(user, pending.name), payData: this.payData(), nextPaymentDueAt: time(expiresAt - 86_400_000_000) }),
      [this.dso, user],
      [],
    );
    this.commitTx(ctx2, 'ans-collect', [this.dso], [
      {
        exercise: {
          target: entryContext,
          choice: 'AnsEntryContext_CollectInitialEntryPayment',
          argument: rec({ paymentCid: cid(payment.contractId) }),
          result: rec({ entryCid: cid(entry.contractId), subscriptionStateCid: cid(idle.contractId) }),
          consuming: false,
          acting: [this.dso],
        },
        children: [this.archiveSpec(payment, [this.dso], 'SubscriptionInitialPayment_Collect'), { created: entry }, { created: subscription }, { created: idle }],
      },
    ]);
    this.pendingSubscriptions.delete(subscriptionRequestCid);
    const record: AnsEntryRecord = { contractId: entry.contractId, user, name: pending.name, url: pending.url, description: pending.description, expiresAt };
    this.ansEntries.push(record);
    return record;
  }

  // ---------------------------------------------------------------------------------------------
  // generation

  private step(): void {
    const p = this.prng;
    if (this.pending.length > 0 && p.chance(0.5)) return this.assign(this.pending.shift()!);
    const r = p.next();
    if (r < 0.38) return this.transfer();
    if (r < 0.5) return this.tap(p.pick([...this.users, ...this.validators]));
    if (r < 0.56) return this.advanceRounds();
    if (r < 0.6) return this.requestVote();
    if (r < 0.64) return this.activeVotes.length > 0 ? this.closeVote() : this.transfer();
    if (r < 0.67) return this.featureApp();
    if (r < 0.74) return this.transferCommand();
    if (r < 0.8) return this.updateLicense();
    if (r < 0.9) return this.unassign();
    return this.transfer();
  }

  private genesis(): void {
    const ctx = this.begin();
    const dso = this.dso;
    const dsoRules = this.newContract(ctx, T.DsoRules, rec({ dso: party(dso), epoch: int64(0), svs: textMap(this.svs.map((sv, i) => [sv, rec({ name: text(`sv-${i + 1}`), joinedAsOfRound: round(this.config.initialRound) })])), dsoDelegate: party(this.svs[0]!) }), [dso], []);
    const amuletRules = this.newContract(ctx, T.AmuletRules, rec({ dso: party(dso), configSchedule: rec({ initialValue: this.transferConfig(), futureValues: list([]) }), isDevNet: bool(true) }), [dso], []);
    const ansRules = this.newContract(ctx, T.AnsRules, rec({ dso: party(dso), config: rec({ renewalDuration: reltime(2_592_000_000_000), entryLifetime: reltime(7_776_000_000_000), entryFee: numeric('1.0000000000'), descriptionPrefix: text('ANS entry: ') }) }), [dso], []);
    const externalRules = this.newContract(ctx, T.ExternalPartyAmuletRules, rec({ dso: party(dso) }), [dso], []);
    const rounds = [0, 1, 2].map((k) => this.newRound(ctx, this.config.initialRound + k));
    const licenses = this.validators.map((v) => this.newContract(ctx, T.ValidatorLicense, this.licenseArgs(v, ctx.effectiveAt, '0.1.0'), [dso], [v]));
    this.commitTx(ctx, 'bootstrap', [dso], [dsoRules, amuletRules, ansRules, externalRules, ...rounds, ...licenses].map((c) => ({ created: c })));
    this.singletons = { dsoRules: dsoRules.contractId, amuletRules: amuletRules.contractId, ansRules: ansRules.contractId, externalRules: externalRules.contractId };
    this.openRounds = rounds.map((c, k) => ({ cid: c.contractId, round: this.config.initialRound + k }));
    this.validators.forEach((v, i) => this.licenses.set(v, licenses[i]!.contractId));
  }

  private tap(owner: string): void {
    const ctx = this.begin();
    const micro = (100 + this.prng.int(4900)) * 1_000_000 + this.prng.int(1_000_000);
    const amulet = this.newContract(ctx, T.Amulet, this.amuletArgs(owner, micro), [this.dso, owner], []);
    this.commitTx(ctx, 'tap', [owner], [
      {
        exercise: {
          target: this.contract(this.singletons!.amuletRules),
          choice: 'AmuletRules_DevNet_Tap',
          argument: rec({ receiver: party(owner), amount: amount(micro), openRound: cid(this.openRounds[0]!.cid) }),
          result: rec({ amuletSum: rec({ amulet: cid(amulet.contractId), round: round(this.openRounds[0]!.round) }) }),
          consuming: false,
          acting: [owner],
        },
        children: [{ created: amulet }],
      },
    ]);
  }

  private transfer(): void {
    const p = this.prng;
    const candidates = [...this.users, ...this.validators].filter((x) => (this.amulets.get(x) ?? []).length > 0);
    if (candidates.length === 0) return this.tap(p.pick(this.users));
    const sender = p.pick(candidates);
    const receiver = p.pick([...this.users, ...this.validators].filter((x) => x !== sender));
    const input = this.contract(p.pick(this.amulets.get(sender)!));
    const inputAmount = this.amountOf(input);
    const sent = Math.floor(inputAmount * (0.1 + p.next() * 0.5));
    if (sent <= 0 || sent >= inputAmount) return this.tap(sender);
    const ctx = this.begin();
    const out = this.newContract(ctx, T.Amulet, this.amuletArgs(receiver, sent), [this.dso, receiver], []);
    const change = this.newContract(ctx, T.Amulet, this.amuletArgs(sender, inputAmount - sent), [this.dso, sender], []);
    const open = this.openRounds[0]!;
    this.commitTx(ctx, 'transfer', [sender], [
      {
        exercise: {
          target: this.contract(this.singletons!.amuletRules),
          choice: 'AmuletRules_Transfer',
          argument: rec({
            transfer: rec({
              sender: party(sender),
              provider: party(sender),
              inputs: list([variant('InputAmulet', cid(input.contractId))]),
              outputs: list([rec({ receiver: party(receiver), receiverFeeRatio: numeric('0.0000000000'), amount: amount(sent), lock: none })]),
              beneficiaries: none,
            }),
            context: rec({ openMiningRound: cid(open.cid), issuingMiningRounds: list([]), validatorRights: list([]), featuredAppRight: none }),
            expectedDso: some(party(this.dso)),
          }),
          result: rec({
            round: round(open.round),
            summary: rec({ inputAmuletAmount: amount(inputAmount), balanceChanges: list([]), amuletPrice: numeric('0.0050000000') }),
            createdAmulets: list([variant('TransferResultAmulet', cid(out.contractId))]),
            senderChangeAmulet: some(cid(change.contractId)),
            meta: none,
          }),
          consuming: false,
          acting: [sender],
        },
        children: [this.archiveSpec(input, [sender], 'Archive'), { created: out }, { created: change }],
      },
    ]);
  }

  private advanceRounds(): void {
    const ctx = this.begin();
    const oldest = this.openRounds[0]!;
    const next = this.openRounds[this.openRounds.length - 1]!.round + 1;
    const issuing = this.newContract(
      ctx,
      T.IssuingMiningRound,
      rec({
        dso: party(this.dso),
        round: round(oldest.round),
        issuancePerValidatorRewardCoupon: numeric('0.2000000000'),
        issuancePerFeaturedAppRewardCoupon: numeric('100.0000000000'),
        issuancePerUnfeaturedAppRewardCoupon: numeric('0.6000000000'),
        issuancePerSvRewardCoupon: numeric('1.5000000000'),
        opensAt: time(ctx.effectiveAt),
        targetClosesAt: time(ctx.effectiveAt + 1_200_000_000),
        optIssuancePerValidatorFaucetCoupon: some(numeric('570.0000000000')),
      }),
      [this.dso],
      [],
    );
    const opened = this.newRound(ctx, next);
    const children: Spec[] = [this.archiveSpec(this.contract(oldest.cid), [this.dso], 'Archive'), { created: issuing }, { created: opened }];
    const retiring = this.issuingRounds.length >= 3 ? this.issuingRounds[0] : undefined;
    if (retiring !== undefined) children.push(this.archiveSpec(this.contract(retiring.cid), [this.dso], 'Archive'));
    this.commitTx(ctx, 'advance-rounds', [this.dso], [
      {
        exercise: {
          target: this.contract(this.singletons!.amuletRules),
          choice: 'AmuletRules_AdvanceOpenMiningRounds',
          argument: rec({ amuletPrice: numeric('0.0050000000'), roundToArchiveCid: cid(oldest.cid), middleRoundCid: cid(this.openRounds[1]!.cid), latestRoundCid: cid(this.openRounds[2]!.cid) }),
          result: rec({ summarizingRoundCid: cid(issuing.contractId), openMiningRoundCid: cid(opened.contractId) }),
          consuming: false,
          acting: [this.dso],
        },
        children,
      },
    ]);
    this.openRounds = [...this.openRounds.slice(1), { cid: opened.contractId, round: next }];
    this.issuingRounds = [...(retiring === undefined ? this.issuingRounds : this.issuingRounds.slice(1)), { cid: issuing.contractId, round: oldest.round }];
  }

  private requestVote(): void {
    const p = this.prng;
    const sv = p.pick(this.svs);
    const requester = `sv-${this.svs.indexOf(sv) + 1}`;
    const actionName = p.pick(VOTE_ACTIONS);
    const ctx = this.begin();
    const outer = actionName.startsWith('CRARC') ? 'ARC_AmuletRules' : 'ARC_DsoRules';
    const inner = actionName.startsWith('CRARC') ? 'amuletRulesAction' : 'dsoAction';
    const vote = this.newContract(
      ctx,
      T.VoteRequest,
      rec({
        dso: party(this.dso),
        requester: text(requester),
        action: variant(outer, rec({ [inner]: variant(actionName, rec({ reason: text('simulated') })) })),
        reason: rec({ url: text(`https://vote.example/${ctx.index}`), body: text(`Proposal ${ctx.index}`) }),
        voteBefore: time(ctx.effectiveAt + 3_600_000_000),
        votes: textMap([[requester, rec({ sv: party(sv), accept: bool(true), reason: rec({ url: text(''), body: text('') }) })]]),
        trackingCid: none,
      }),
      [this.dso],
      [],
    );
    this.commitTx(ctx, 'vote-request', [sv], [
      {
        exercise: {
          target: this.contract(this.singletons!.dsoRules),
          choice: 'DsoRules_RequestVote',
          argument: rec({ requester: party(sv), action: variant(outer, rec({ [inner]: variant(actionName, rec({ reason: text('simulated') })) })) }),
          result: rec({ voteRequest: cid(vote.contractId) }),
          consuming: false,
          acting: [sv],
        },
        children: [{ created: vote }],
      },
    ]);
    this.activeVotes.push({ cid: vote.contractId, requester, actionName });
  }

  private closeVote(): void {
    const vote = this.activeVotes.shift()!;
    const accepted = this.prng.chance(0.7);
    const ctx = this.begin();
    const effectiveAt = ctx.effectiveAt;
    this.commitTx(ctx, 'vote-close', [this.dso], [
      {
        exercise: {
          target: this.contract(this.singletons!.dsoRules),
          choice: 'DsoRules_CloseVoteRequest',
          argument: rec({ requestCid: cid(vote.cid), amuletRulesCid: none }),
          result: rec({ outcome: accepted ? variant('VRO_Accepted', rec({ effectiveAt: time(effectiveAt) })) : variant('VRO_Rejected', rec({})) }),
          consuming: false,
          acting: [this.dso],
        },
        children: [this.archiveSpec(this.contract(vote.cid), [this.dso], 'Archive')],
      },
    ]);
    this.voteResults.push({ actionName: vote.actionName, accepted, requester: vote.requester, effectiveAt: formatMicros6(effectiveAt) });
  }

  private featureApp(): void {
    const providers = [...this.validators, ...this.users].filter((x) => !this.featured.has(x));
    if (providers.length === 0) return this.transfer();
    const provider = this.prng.pick(providers);
    const ctx = this.begin();
    const right = this.newContract(ctx, T.FeaturedAppRight, rec({ dso: party(this.dso), provider: party(provider) }), [this.dso], [provider]);
    this.commitTx(ctx, 'feature-app', [provider], [
      {
        exercise: {
          target: this.contract(this.singletons!.amuletRules),
          choice: 'AmuletRules_DevNet_FeatureApp',
          argument: rec({ provider: party(provider) }),
          result: rec({ featuredAppRightCid: cid(right.contractId) }),
          consuming: false,
          acting: [provider],
        },
        children: [{ created: right }],
      },
    ]);
    this.featured.set(provider, right.contractId);
  }

  private transferCommand(): void {
    const sender = this.prng.pick(this.externals);
    const previous = this.counters.get(sender);
    const nonce = previous === undefined ? 1 : previous.nonce + 1;
    const ctx = this.begin();
    const counter = this.newContract(ctx, T.TransferCommandCounter, rec({ dso: party(this.dso), sender: party(sender), nextNonce: int64(nonce) }), [this.dso], [sender]);
    const children: Spec[] = [];
    if (previous !== undefined) children.push(this.archiveSpec(this.contract(previous.cid), [this.dso], 'Archive'));
    children.push({ created: counter });
    this.commitTx(
      ctx,
      'transfer-command',
      [this.dso],
      [
        {
          exercise: {
            target: this.contract(this.singletons!.externalRules),
            choice: 'ExternalPartyAmuletRules_CreateTransferCommand',
            argument: rec({ sender: party(sender), receiver: party(this.prng.pick(this.users)), delegate: party(this.validators[0]!), amount: amount((1 + this.prng.int(50)) * 1_000_000), nonce: int64(nonce - 1) }),
            result: rec({ transferCommandCounterCid: cid(counter.contractId) }),
            consuming: false,
            acting: [this.dso],
          },
          children,
        },
      ],
      sha256Hex(this.config.seed, 'external-hash', ctx.index),
    );
    this.counters.set(sender, { cid: counter.contractId, nonce });
  }

  private updateLicense(): void {
    const validator = this.prng.pick(this.validators);
    const old = this.contract(this.licenses.get(validator)!);
    const ctx = this.begin();
    const version = `0.${1 + (ctx.index % 5)}.${ctx.index % 10}`;
    const renewed = this.newContract(ctx, T.ValidatorLicense, this.licenseArgs(validator, ctx.effectiveAt, version), [this.dso], [validator]);
    this.commitTx(ctx, 'license-update', [validator], [
      {
        exercise: {
          target: old,
          choice: 'ValidatorLicense_UpdateMetadata',
          argument: rec({ version: text(version), contactPoint: text(`ops@${validator.split('::')[0]}.example`) }),
          result: rec({ licenseCid: cid(renewed.contractId) }),
          consuming: true,
          acting: [validator],
        },
        children: [{ created: renewed }],
      },
    ]);
    this.licenses.set(validator, renewed.contractId);
  }

  private unassign(): void {
    const p = this.prng;
    const onGlobal = [...this.amulets.values()].flat();
    const fromApp = this.offDomain.length > 0 && p.chance(0.5);
    if (!fromApp && onGlobal.length === 0) return this.transfer();
    const contractId = fromApp ? this.offDomain.splice(p.int(this.offDomain.length), 1)[0]! : p.pick(onGlobal);
    const state = this.contracts.get(contractId)!;
    const owner = state.data.signatories.find((s) => s !== this.dso) ?? this.dso;
    if (!fromApp) this.removeAmulet(owner, contractId);
    const source = state.synchronizerId;
    const target = source === this.globalSynchronizer ? this.appSynchronizer : this.globalSynchronizer;
    state.inFlight = true;
    state.reassignmentCounter += 1;
    const ctx = this.begin();
    const unassignId = sha256Hex(this.config.seed, 'unassign', ctx.index);
    this.commitReassignment(ctx, 'unassign', { contractId, unassignId, counter: state.reassignmentCounter, source, target, submitter: owner }, state.data);
    this.pending.push({ contractId, unassignId, counter: state.reassignmentCounter, source, target, submitter: owner });
  }

  private assign(pending: PendingReassignment): void {
    const state = this.contracts.get(pending.contractId)!;
    const ctx = this.begin();
    this.commitReassignment(ctx, 'assign', pending, state.data);
    state.inFlight = false;
    state.synchronizerId = pending.target;
    if (pending.target === this.globalSynchronizer) {
      const owner = state.data.signatories.find((s) => s !== this.dso) ?? this.dso;
      this.amulets.set(owner, [...(this.amulets.get(owner) ?? []), pending.contractId]);
    } else {
      this.offDomain.push(pending.contractId);
    }
  }

  // ---------------------------------------------------------------------------------------------
  // building blocks

  private contract(contractId: string): ContractData {
    const state = this.contracts.get(contractId);
    if (state === undefined) throw new Error(`unknown contract ${contractId}`);
    return state.data;
  }

  private amountOf(data: ContractData): number {
    if (data.args.t !== 'record') return 0;
    const amt = data.args.fields.find(([k]) => k === 'amount')?.[1];
    if (amt === undefined || amt.t !== 'record') return 0;
    const initial = amt.fields.find(([k]) => k === 'initialAmount')?.[1];
    if (initial === undefined || initial.t !== 'numeric') return 0;
    const [whole, frac = ''] = initial.v.split('.');
    return Number(whole) * 1_000_000 + Number(frac.slice(0, 6).padEnd(6, '0'));
  }

  private amuletArgs(owner: string, micro: number): DamlValue {
    return rec({ dso: party(this.dso), owner: party(owner), amount: rec({ initialAmount: amount(micro), createdAt: round(this.openRounds[0]?.round ?? this.config.initialRound), ratePerRound: rec({ rate: numeric('0.0000190259') }) }) });
  }

  private licenseArgs(validator: string, at: number, version: string): DamlValue {
    return rec({
      validator: party(validator),
      sponsor: party(this.svs[0]!),
      dso: party(this.dso),
      faucetState: some(rec({ firstReceivedFor: round(this.config.initialRound), lastReceivedFor: round(this.openRounds[0]?.round ?? this.config.initialRound), numCouponsMissed: int64(0) })),
      metadata: some(rec({ lastUpdatedAt: time(at), version: text(version), contactPoint: text(`ops@${validator.split('::')[0]}.example`) })),
      lastActiveAt: some(time(at)),
    });
  }

  private transferConfig(): DamlValue {
    return rec({
      createFee: rec({ fee: numeric('0.0300000000') }),
      holdingFee: rec({ rate: numeric('0.0000190259') }),
      transferFee: rec({
        initialRate: numeric('0.0100000000'),
        steps: list([
          rec({ _1: numeric('100.0000000000'), _2: numeric('0.0010000000') }),
          rec({ _1: numeric('1000.0000000000'), _2: numeric('0.0001000000') }),
          rec({ _1: numeric('1000000.0000000000'), _2: numeric('0.0000100000') }),
        ]),
      }),
      lockHolderFee: rec({ fee: numeric('0.0050000000') }),
      extraFeaturedAppRewardAmount: numeric('1.0000000000'),
      maxNumInputs: int64(100),
      maxNumOutputs: int64(100),
      maxNumLockHolders: int64(50),
    });
  }

  private newRound(ctx: Ctx, n: number): ContractData {
    const opensAt = ctx.effectiveAt;
    return this.newContract(
      ctx,
      T.OpenMiningRound,
      rec({
        dso: party(this.dso),
        round: round(n),
        amuletPrice: numeric('0.0050000000'),
        opensAt: time(opensAt + 600_000_000),
        targetClosesAt: time(opensAt + 1_800_000_000),
        issuingFor: reltime((n - this.config.initialRound) * 600_000_000),
        transferConfigUsd: this.transferConfig(),
        issuanceConfig: rec({
          amuletToIssuePerYear: numeric('40000000000.0000000000'),
          validatorRewardPercentage: numeric('0.0500000000'),
          appRewardPercentage: numeric('0.1500000000'),
          validatorRewardCap: numeric('0.2000000000'),
          featuredAppRewardCap: numeric('100.0000000000'),
          unfeaturedAppRewardCap: numeric('0.6000000000'),
          optValidatorFaucetCap: some(numeric('570.0000000000')),
        }),
        tickDuration: reltime(600_000_000),
      }),
      [this.dso],
      [],
    );
  }

  private subscriptionData(user: string, name: string): DamlValue {
    return rec({ sender: party(user), receiver: party(this.dso), provider: party(this.dso), dso: party(this.dso), description: text(`ANS entry: "${name}"`) });
  }

  private payData(): DamlValue {
    return rec({ paymentAmount: rec({ amount: numeric('1.0000000000'), unit: enumValue('USDUnit') }), paymentInterval: reltime(7_776_000_000_000), paymentDuration: reltime(86_400_000_000) });
  }

  private archiveSpec(target: ContractData, acting: readonly string[], choice: string): Spec {
    return { exercise: { target, choice, argument: rec({}), result: rec({}), consuming: true, acting }, children: [] };
  }

  private migrationFor(index: number): number {
    const { initialUpdates, migrations, firstMigrationId } = this.config;
    if (index >= initialUpdates) return firstMigrationId + migrations - 1;
    return firstMigrationId + Math.floor((index * migrations) / initialUpdates);
  }

  private begin(): Ctx {
    const index = this.updates.length;
    const migrationId = this.migrationFor(index);
    const previous = this.updates[index - 1];
    if (previous !== undefined && previous.migrationId !== migrationId) {
      const last = this.snapshots[this.snapshots.length - 1];
      if (last === undefined || last.lastIndex !== previous.index) this.snapshots.push({ migrationId: previous.migrationId, recordTime: previous.recordTime, lastIndex: previous.index });
      this.now += 600_000_000 + this.prng.int(600_000_000);
    }
    this.now += 200_000 + this.prng.int(1_800_000);
    const effectiveAt = this.now - 1_000 - this.prng.int(700_000);
    return { index, migrationId, recordTime: this.now, effectiveAt };
  }

  private newContract(ctx: Ctx, template: TemplateRef, args: DamlValue, signatories: readonly string[], observers: readonly string[]): ContractData {
    this.contractCounter += 1;
    return {
      contractId: contractIdFor(this.config.seed, this.contractCounter),
      template,
      args,
      signatories: sortedUnique(signatories),
      observers: sortedUnique(observers),
      createdAt: ctx.effectiveAt,
      createdIn: ctx.index,
      createdInMigration: ctx.migrationId,
    };
  }

  private commitTx(ctx: Ctx, label: string, submitters: readonly string[], roots: readonly Spec[], externalTransactionHash?: string): void {
    const nodes: TreeNode[] = [];
    const visit = (spec: Spec, inherited: readonly string[]): number => {
      const nodeId = nodes.length;
      if ('created' in spec) {
        const c = spec.created;
        const stakeholders = sortedUnique([...c.signatories, ...c.observers]);
        const node: CreatedNode = { kind: 'created', nodeId, contract: c, witnesses: sortedUnique([...stakeholders, ...inherited]), stakeholders };
        nodes.push(node);
        return nodeId;
      }
      const e = spec.exercise;
      const stakeholders = sortedUnique([...e.target.signatories, ...e.target.observers]);
      const informees = e.consuming ? [...stakeholders, ...e.acting] : [...e.target.signatories, ...e.acting];
      const witnesses = sortedUnique([...informees, ...inherited]);
      nodes.push(undefined as unknown as TreeNode);
      const children = spec.children.map((c) => visit(c, witnesses));
      const node: ExercisedNode = {
        kind: 'exercised',
        nodeId,
        contractId: e.target.contractId,
        template: e.target.template,
        choice: e.choice,
        argument: e.argument,
        result: e.result,
        consuming: e.consuming,
        actingParties: sortedUnique(e.acting),
        witnesses,
        stakeholders,
        children,
        lastDescendant: nodes.length - 1,
      };
      nodes[nodeId] = node;
      return nodeId;
    };
    const rootIds = roots.map((r) => visit(r, []));
    const update: TransactionUpdate = {
      kind: 'transaction',
      index: ctx.index,
      updateId: updateIdFor(this.config.seed, ctx.index),
      migrationId: ctx.migrationId,
      recordTime: ctx.recordTime,
      label,
      effectiveAt: ctx.effectiveAt,
      synchronizerId: this.globalSynchronizer,
      submitters: sortedUnique(submitters),
      commandId: `command-${sha256Hex(this.config.seed, 'command', ctx.index).slice(0, 16)}`,
      nodes,
      roots: rootIds,
      externalTransactionHash,
    };
    for (const node of nodes) {
      if (node.kind === 'created') {
        this.contracts.set(node.contract.contractId, { data: node.contract, archivedIn: undefined, synchronizerId: this.globalSynchronizer, reassignmentCounter: 0, inFlight: false });
        if (node.contract.template === T.Amulet) {
          const owner = node.contract.signatories.find((s) => s !== this.dso) ?? this.dso;
          this.amulets.set(owner, [...(this.amulets.get(owner) ?? []), node.contract.contractId]);
        }
      } else if (node.consuming) {
        const state = this.contracts.get(node.contractId);
        if (state !== undefined) {
          state.archivedIn = ctx.index;
          if (state.data.template === T.Amulet) this.removeAmulet(state.data.signatories.find((s) => s !== this.dso) ?? this.dso, node.contractId);
        }
      }
    }
    this.commit(update);
  }

  private commitReassignment(ctx: Ctx, kind: 'assign' | 'unassign', r: PendingReassignment, contract: ContractData): void {
    const update: ReassignmentUpdate = {
      kind,
      index: ctx.index,
      updateId: updateIdFor(this.config.seed, ctx.index),
      migrationId: ctx.migrationId,
      recordTime: ctx.recordTime,
      label: kind,
      source: r.source,
      target: r.target,
      unassignId: r.unassignId,
      counter: r.counter,
      submitter: r.submitter,
      contract,
    };
    this.commit(update);
  }

  private commit(update: HistoryUpdate): void {
    this.updates.push(update);
    const count = (this.migrationCounts.get(update.migrationId) ?? 0) + 1;
    this.migrationCounts.set(update.migrationId, count);
    if (count % this.config.snapshotEvery === 0) this.snapshots.push({ migrationId: update.migrationId, recordTime: update.recordTime, lastIndex: update.index });
    for (const listener of this.listeners) listener(update);
  }

  private removeAmulet(owner: string, contractId: string): void {
    const list = this.amulets.get(owner);
    if (list === undefined) return;
    const i = list.indexOf(contractId);
    if (i >= 0) list.splice(i, 1);
  }
}
