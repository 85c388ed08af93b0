/**
 * The ANS entry lifecycle, as the validator and the DSO automation play it: a request creates an
 * entry context and a subscription request; the wallet's acceptance locks an amulet into an
 * initial payment; the DSO collects it and creates the entry with its subscription.
 */
import { cid, enumValue, list, numeric, party, rec, reltime, round, text, time, variant, type DamlValue } from '../daml.js';
import type { AnsEntryRecord, PendingSubscription } from '../model.js';
import { T } from '../templates.js';
import { amountOf, type Amulets } from './Amulets.js';
import { archiveSpec } from './buildTree.js';
import type { HistoryLog } from './HistoryLog.js';
import type { MiningRounds } from './MiningRounds.js';
import type { Parties } from './partiesOf.js';

const DAY = 86_400_000_000;

export class AnsLifecycle {
  readonly entries: AnsEntryRecord[] = [];
  readonly pending = new Map<string, PendingSubscription>();

  constructor(
    private readonly log: HistoryLog,
    private readonly parties: Parties,
    private readonly rounds: MiningRounds,
    private readonly amulets: Amulets,
  ) {}

  request(user: string, name: string, url: string, description: string): PendingSubscription {
    const log = this.log;
    const dso = this.parties.dso;
    const ansRules = log.rule('ansRules');
    const ctx = log.begin();
    const entryContext = log.newContract(ctx, T.AnsEntryContext, rec({ dso: party(dso), user: party(user), name: text(name), url: text(url), description: text(description) }), [dso, user], []);
    const request = log.newContract(ctx, T.SubscriptionRequest, rec({ subscriptionData: this.subscriptionData(user, name), payData: this.payData() }), [dso], [user]);
    log.commitTx(ctx, 'ans-request', [user], [
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
    this.pending.set(request.contractId, pending);
    return pending;
  }

  /** The wallet accepts (and pays, tapping first if the user holds no amulet), then the DSO automation collects the payment and creates the entry. */
  accept(subscriptionRequestCid: string): AnsEntryRecord {
    const log = this.log;
    const dso = this.parties.dso;
    const pending = this.pending.get(subscriptionRequestCid);
    if (pending === undefined) throw new Error(`No pending subscription request ${subscriptionRequestCid}`);
    const user = pending.user;
    if (this.amulets.of(user).length === 0) this.amulets.tap(user);
    const input = log.contract(this.amulets.of(user)[0]!);
    const inputAmount = amountOf(input);
    const fee = Math.min(1_000_000, inputAmount);
    const request = log.contract(subscriptionRequestCid);

    const ctx = log.begin();
    const payment = log.newContract(
      ctx,
      T.SubscriptionInitialPayment,
      rec({ subscriptionData: this.subscriptionData(user, pending.name), payData: this.payData(), lockedAmulet: cid(input.contractId), round: round(this.rounds.summary().latestOpen), reference: cid(pending.entryContextCid) }),
      [user],
      [dso],
    );
    const change = inputAmount - fee > 0 ? [log.newContract(ctx, T.Amulet, this.amulets.args(user, inputAmount - fee), [dso, user], [])] : [];
    log.commitTx(ctx, 'ans-accept', [user], [
      {
        exercise: {
          target: request,
          choice: 'SubscriptionRequest_AcceptAndMakePayment',
          argument: rec({ inputs: list([variant('InputAmulet', cid(input.contractId))]), context: rec({ openMiningRound: cid(this.rounds.current().cid) }), walletProvider: party(this.parties.validators[0]!) }),
          result: rec({ subscriptionPayment: cid(payment.contractId) }),
          consuming: true,
          acting: [user],
        },
        children: [archiveSpec(input, [user], 'Amulet_Lock'), { created: payment }, ...change.map((c) => ({ created: c }))],
      },
    ]);

    const entryContext = log.contract(pending.entryContextCid);
    const ctx2 = log.begin();
    const expiresAt = ctx2.effectiveAt + 90 * DAY;
    const entry = log.newContract(
      ctx2,
      T.AnsEntry,
      rec({ user: party(user), dso: party(dso), name: text(pending.name), url: text(pending.url), description: text(pending.description), expiresAt: time(expiresAt) }),
      [dso, user],
      [],
    );
    const subscription = log.newContract(ctx2, T.Subscription, rec({ subscriptionData: this.subscriptionData(user, pending.name), reference: cid(pending.entryContextCid) }), [dso, user], []);
    const idle = log.newContract(
      ctx2,
      T.SubscriptionIdleState,
      rec({ subscription: cid(subscription.contractId), subscriptionData: this.subscriptionData(user, pending.name), payData: this.payData(), nextPaymentDueAt: time(expiresAt - DAY) }),
      [dso, user],
      [],
    );
    log.commitTx(ctx2, 'ans-collect', [dso], [
      {
        exercise: {
          target: entryContext,
          choice: 'AnsEntryContext_CollectInitialEntryPayment',
          argument: rec({ paymentCid: cid(payment.contractId) }),
          result: rec({ entryCid: cid(entry.contractId), subscriptionStateCid: cid(idle.contractId) }),
          consuming: false,
          acting: [dso],
        },
        children: [archiveSpec(payment, [dso], 'SubscriptionInitialPayment_Collect'), { created: entry }, { created: subscription }, { created: idle }],
      },
    ]);
    this.pending.delete(subscriptionRequestCid);
    const record: AnsEntryRecord = { contractId: entry.contractId, user, name: pending.name, url: pending.url, description: pending.description, expiresAt };
    this.entries.push(record);
    return record;
  }

  private subscriptionData(user: string, name: string): DamlValue {
    const dso = this.parties.dso;
    return rec({ sender: party(user), receiver: party(dso), provider: party(dso), dso: party(dso), description: text(`ANS entry: "${name}"`) });
  }

  private payData(): DamlValue {
    return rec({ paymentAmount: rec({ amount: numeric('1.0000000000'), unit: enumValue('USDUnit') }), paymentInterval: reltime(90 * DAY), paymentDuration: reltime(DAY) });
  }
}
