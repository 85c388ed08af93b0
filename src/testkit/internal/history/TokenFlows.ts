/**
 * The token-standard flows of Amulet (opt-in: `SimulatedNetworkOptions.tokenFlows`), with the
 * events a participant shows for them, so that the upstream parsers (the Splice CLI's and the
 * wallet kernel's `@canton-network/core-tx-parser`) and canton-rx's read them as the flows they
 * are: mints (taps), one-step transfers through the receiver's preapproval, two-step transfers
 * through a transfer instruction (accepted, rejected, withdrawn, or left to expire), merges and
 * splits (self-transfers), locks released by their holders or expired by their owner, burns
 * (traffic purchases), expired dust, and allocations settled or cancelled. Each changed account
 * also gets a v2 `EventLog_HoldingsChange`. What Splice computes and no parser reads (fees,
 * rounds' rewards) is left out: no fee is charged.
 */
import { cid, formatAmount, list, party, rec, round, some, text, time, variant, type DamlValue } from '../daml.js';
import { metaOf, transferRecord } from '../interfaceViews.js';
import type { ContractData } from '../model.js';
import { I, T } from '../templates.js';
import { amountOf, type Amulets } from './Amulets.js';
import type { Spec } from './buildTree.js';
import type { Ctx, HistoryLog } from './HistoryLog.js';
import type { MiningRounds } from './MiningRounds.js';
import type { Parties } from './partiesOf.js';
import { archiveHolding, BURNED, eventLog, noExtraArgs, REASON, SENDER, TX_KIND, unlockSpec } from './tokenFlowSpecs.js';

const DAY_MICROS = 24 * 3600 * 1_000_000;

/** A locked amulet and what it is locked for. */
interface Lock {
  readonly locked: ContractData;
  readonly owner: string;
  readonly micro: number;
  readonly expiresAt: number;
  /** The transfer instruction it backs, if any (then withdrawn once the lock expired). */
  readonly instruction?: ContractData;
}

interface Offer extends Lock {
  readonly instruction: ContractData;
  readonly receiver: string;
  readonly fate: 'accept' | 'reject' | 'withdraw';
}

interface Allocation extends Lock {
  readonly allocation: ContractData;
  readonly receiver: string;
}

export class TokenFlows {
  private readonly offers: Offer[] = [];
  /** Locks that end when they expire (a lock, or an instruction left to expire), oldest first. */
  private readonly expiring: Lock[] = [];
  /** Instructions whose lock expired: the sender withdraws them (nothing moves any more). */
  private readonly dangling: Array<{ readonly instruction: ContractData; readonly sender: string }> = [];
  private readonly allocations: Allocation[] = [];
  /** The receivers' transfer preapprovals, by receiver. */
  private readonly preapprovals = new Map<string, ContractData>();

  constructor(
    private readonly log: HistoryLog,
    private readonly parties: Parties,
    private readonly amulets: Amulets,
    private readonly rounds: MiningRounds,
  ) {}

  /** Appends one update: a pending flow moves on now and then, else a new one starts. */
  step(): void {
    const p = this.log.prng;
    const now = this.log.clock();
    if (this.dangling.length > 0 && p.chance(0.3)) return this.withdrawDangling(this.dangling.shift()!);
    const due = this.expiring.findIndex((l) => l.expiresAt < now);
    if (due >= 0 && p.chance(0.6)) return this.expireLock(this.expiring.splice(due, 1)[0]!);
    if (this.offers.length > 0 && p.chance(0.35)) return this.settleOffer(this.offers.shift()!);
    if (this.allocations.length > 0 && p.chance(0.3)) return this.settleAllocation(this.allocations.shift()!, p.chance(0.6));
    const owner = this.someOwner();
    if (owner === undefined) return this.tap(p.pick(this.accounts()));
    const r = p.next();
    if (r < 0.12) return this.tap(p.pick(this.accounts()));
    if (r < 0.3) return this.oneStep(owner, this.other(owner));
    if (r < 0.5) return this.offer(owner, this.other(owner));
    if (r < 0.58) return this.amulets.of(owner).length > 1 ? this.merge(owner) : this.split(owner);
    if (r < 0.66) return this.split(owner);
    if (r < 0.76) return this.lock(owner);
    if (r < 0.83) return this.burn(owner);
    if (r < 0.88) return this.amulets.of(owner).length > 1 ? this.expireDust(owner) : this.split(owner);
    return this.allocate(owner, this.other(owner));
  }

  private accounts(): string[] {
    return [...this.parties.users, ...this.parties.validators];
  }

  private someOwner(): string | undefined {
    const candidates = this.accounts().filter((x) => this.amulets.of(x).length > 0);
    return candidates.length === 0 ? undefined : this.log.prng.pick(candidates);
  }

  private other(owner: string): string {
    return this.log.prng.pick(this.accounts().filter((x) => x !== owner));
  }

  private amulet(ctx: Ctx, owner: string, micro: number): ContractData {
    return this.log.newContract(ctx, T.Amulet, this.amulets.args(owner, micro), [this.parties.dso, owner], []);
  }

  private lockedAmulet(ctx: Ctx, owner: string, micro: number, expiresAt: number, context: string): ContractData {
    const dso = this.parties.dso;
    const lock = rec({ holders: list([party(dso)]), expiresAt: time(expiresAt), optContext: some(text(context)) });
    return this.log.newContract(ctx, T.LockedAmulet, rec({ amulet: this.amulets.args(owner, micro), lock }), [dso, owner], []);
  }

  /** One of the owner's amulets and a part of it (10 % to 60 %), or undefined for an amulet too small to split. */
  private part(owner: string): { input: ContractData; total: number; micro: number } | undefined {
    const input = this.log.contract(this.log.prng.pick(this.amulets.of(owner)));
    const total = amountOf(input);
    const micro = Math.floor(total * (0.1 + this.log.prng.next() * 0.5));
    return micro <= 0 || micro >= total ? undefined : { input, total, micro };
  }

  /** A DevNet tap: a mint (tx-kind `mint`, reason as Splice's faucet gives it). */
  private tap(owner: string): void {
    const log = this.log;
    const ctx = log.begin();
    const micro = (100 + log.prng.int(4900)) * 1_000_000 + log.prng.int(1_000_000);
    const minted = this.amulet(ctx, owner, micro);
    const open = this.rounds.current();
    const reason = 'tapped DevNet faucet';
    log.commitTx(ctx, 'ts-mint', [owner], [
      {
        exercise: {
          target: log.rule('amuletRules'),
          choice: 'AmuletRules_DevNet_Tap',
          argument: rec({ receiver: party(owner), amount: { t: 'numeric', v: formatAmount(micro) }, openRound: cid(open.cid) }),
          result: rec({ amuletSum: rec({ amulet: cid(minted.contractId), round: round(open.round) }), meta: some(metaOf([[REASON, reason], [TX_KIND, 'mint']])) }),
          consuming: false,
          acting: [owner],
        },
        children: [{ created: minted }, eventLog(log, this.parties.dso, owner, [], [minted.contractId], [], reason)],
      },
    ]);
  }

  /** The `TransferFactory_Transfer` root every transfer through the factory starts with. */
  private factoryTransfer(transfer: DamlValue, sender: string, result: DamlValue, children: readonly Spec[]): Spec {
    return {
      exercise: {
        target: this.log.rule('externalRules'),
        choice: 'TransferFactory_Transfer',
        interfaceId: I.TransferFactory,
        argument: rec({ expectedAdmin: party(this.parties.dso), transfer, extraArgs: noExtraArgs }),
        result,
        consuming: false,
        acting: [sender],
      },
      children,
    };
  }

  private transfer(ctx: Ctx, sender: string, receiver: string, micro: number, inputs: readonly ContractData[], reason: string, executeBefore = ctx.effectiveAt + DAY_MICROS): DamlValue {
    return transferRecord({ sender, receiver, amount: formatAmount(micro), dso: this.parties.dso, requestedAt: ctx.effectiveAt, executeBefore, inputs: inputs.map((c) => c.contractId), meta: [[REASON, reason]] });
  }

  /** One step: the factory sends through the receiver's `TransferPreapproval` (created first, by the receiver, when missing). */
  private oneStep(sender: string, receiver: string): void {
    const log = this.log;
    const dso = this.parties.dso;
    const preapproval = this.preapprovals.get(receiver);
    if (preapproval === undefined) {
      const ctx = log.begin();
      const provider = this.parties.validators[0] ?? receiver;
      const created = log.newContract(ctx, T.TransferPreapproval, rec({ dso: party(dso), receiver: party(receiver), provider: party(provider), validFrom: time(ctx.effectiveAt), lastRenewedAt: time(ctx.effectiveAt), expiresAt: time(ctx.effectiveAt + 90 * DAY_MICROS) }), [dso, provider, receiver], []);
      log.commitTx(ctx, 'ts-preapproval', [receiver], [{ created }]);
      this.preapprovals.set(receiver, created);
      return;
    }
    const part = this.part(sender);
    if (part === undefined) return this.tap(sender);
    const ctx = log.begin();
    const reason = `payment to ${receiver.slice(0, receiver.indexOf('::'))}`;
    const out = this.amulet(ctx, receiver, part.micro);
    const change = this.amulet(ctx, sender, part.total - part.micro);
    const transfer = this.transfer(ctx, sender, receiver, part.micro, [part.input], reason);
    const transferMeta = metaOf([[SENDER, sender], [TX_KIND, 'transfer']]);
    log.commitTx(ctx, 'ts-transfer', [sender], [
      this.factoryTransfer(transfer, sender, rec({ output: variant('TransferInstructionResult_Completed', rec({ receiverHoldingCids: list([cid(out.contractId)]) })), senderChangeCids: list([cid(change.contractId)]), meta: transferMeta }), [
        {
          exercise: {
            target: preapproval,
            choice: 'TransferPreapproval_SendV2',
            argument: rec({ sender: party(sender), inputs: list([variant('InputAmulet', cid(part.input.contractId))]), amount: { t: 'numeric', v: formatAmount(part.micro) }, description: some(text(reason)) }),
            result: rec({ receiverAmuletCid: cid(out.contractId), senderChangeAmulet: some(cid(change.contractId)), meta: metaOf([[SENDER, sender], [TX_KIND, 'transfer'], [REASON, reason]]) }),
            consuming: false,
            acting: [sender],
          },
          children: [
            archiveHolding(part.input, dso, sender),
            { created: out },
            { created: change },
            eventLog(log, dso, receiver, [], [out.contractId], [{ side: 'ReceiverSide', other: sender, micro: part.micro, reason }]),
            eventLog(log, dso, sender, [part.input.contractId], [change.contractId], [{ side: 'SenderSide', other: receiver, micro: part.micro, reason }]),
          ],
        },
      ]),
    ]);
  }

  /**
   * Two steps, the first: the amount is locked for the receiver and a transfer instruction waits
   * for them. Its fate is drawn now: accepted, rejected, withdrawn, or left until its lock expires.
   */
  private offer(sender: string, receiver: string): void {
    const log = this.log;
    const p = log.prng;
    const dso = this.parties.dso;
    const part = this.part(sender);
    if (part === undefined) return this.tap(sender);
    const r = p.next();
    const fate = r < 0.45 ? 'accept' : r < 0.65 ? 'reject' : r < 0.85 ? 'withdraw' : 'expire';
    const ctx = log.begin();
    // One left to expire runs out within seconds of record time, so that a short history sees it.
    const executeBefore = ctx.effectiveAt + (fate === 'expire' ? 5_000_000 + p.int(20_000_000) : DAY_MICROS);
    const reason = `invoice ${p.int(100_000)}`;
    const locked = this.lockedAmulet(ctx, sender, part.micro, executeBefore, `transfer to '${receiver}'`);
    const change = this.amulet(ctx, sender, part.total - part.micro);
    const transfer = this.transfer(ctx, sender, receiver, part.micro, [part.input], reason, executeBefore);
    const instruction = log.newContract(ctx, T.AmuletTransferInstruction, rec({ lockedAmulet: cid(locked.contractId), transfer }), [dso, sender], [receiver]);
    const lockReason = `lock for transfer to '${receiver}'`;
    log.commitTx(ctx, 'ts-offer', [sender], [
      this.factoryTransfer(transfer, sender, rec({ output: variant('TransferInstructionResult_Pending', rec({ transferInstructionCid: cid(instruction.contractId) })), senderChangeCids: list([cid(change.contractId)]), meta: metaOf([]) }), [
        archiveHolding(part.input, dso, sender),
        { created: locked },
        { created: change },
        eventLog(log, dso, sender, [part.input.contractId], [locked.contractId, change.contractId], [
          { side: 'SenderSide', other: sender, micro: part.micro, reason: lockReason },
          { side: 'ReceiverSide', other: sender, micro: part.micro, reason: lockReason },
        ]),
        { created: instruction },
      ]),
    ]);
    const lock = { locked, owner: sender, micro: part.micro, expiresAt: executeBefore, instruction };
    if (fate === 'expire') this.expiring.push(lock);
    else this.offers.push({ ...lock, receiver, fate });
  }

  /** Two steps, the second: the receiver accepts (the locked amount becomes theirs), rejects, or the sender withdraws. */
  private settleOffer(offer: Offer): void {
    const log = this.log;
    const dso = this.parties.dso;
    const sender = offer.owner;
    const ctx = log.begin();
    const back = this.amulet(ctx, sender, offer.micro);
    if (offer.fate !== 'accept') {
      const choice = offer.fate === 'reject' ? 'TransferInstruction_Reject' : 'TransferInstruction_Withdraw';
      const actor = offer.fate === 'reject' ? offer.receiver : sender;
      log.commitTx(ctx, `ts-offer-${offer.fate}`, [actor], [
        {
          exercise: {
            target: offer.instruction,
            choice,
            interfaceId: I.TransferInstruction,
            argument: rec({ extraArgs: noExtraArgs }),
            result: rec({ output: variant('TransferInstructionResult_Failed', rec({})), senderChangeCids: list([cid(back.contractId)]), meta: metaOf([]) }),
            consuming: true,
            acting: [actor],
          },
          children: [unlockSpec(log, offer.locked, back, dso, sender)],
        },
      ]);
      return;
    }
    // Accepted: the lock is released to the sender, whose amulet then goes to the receiver.
    const received = this.amulet(ctx, offer.receiver, offer.micro);
    log.commitTx(ctx, 'ts-offer-accept', [offer.receiver], [
      {
        exercise: {
          target: offer.instruction,
          choice: 'TransferInstruction_Accept',
          interfaceId: I.TransferInstruction,
          argument: rec({ extraArgs: noExtraArgs }),
          result: rec({ output: variant('TransferInstructionResult_Completed', rec({ receiverHoldingCids: list([cid(received.contractId)]) })), senderChangeCids: list([]), meta: metaOf([[SENDER, sender], [TX_KIND, 'transfer']]) }),
          consuming: true,
          acting: [offer.receiver],
        },
        children: [
          unlockSpec(log, offer.locked, back, dso, sender),
          archiveHolding(back, dso, sender),
          { created: received },
          eventLog(log, dso, sender, [back.contractId], [], [{ side: 'SenderSide', other: offer.receiver, micro: offer.micro }]),
          eventLog(log, dso, offer.receiver, [], [received.contractId], [{ side: 'ReceiverSide', other: sender, micro: offer.micro }]),
        ],
      },
    ]);
  }

  /** A lock past its expiry: the owner takes the amulet back (tx-kind `unlock`). */
  private expireLock(lock: Lock): void {
    const log = this.log;
    const dso = this.parties.dso;
    const ctx = log.begin();
    const back = this.amulet(ctx, lock.owner, lock.micro);
    const reason = 'lock expired';
    log.commitTx(ctx, 'ts-lock-expired', [lock.owner], [
      {
        exercise: {
          target: lock.locked,
          choice: 'LockedAmulet_OwnerExpireLock',
          argument: rec({ openRoundCid: cid(this.rounds.current().cid) }),
          result: rec({ amuletSum: rec({ amulet: cid(back.contractId), round: round(this.rounds.currentNumber()) }), meta: some(metaOf([[REASON, reason], [TX_KIND, 'unlock']])) }),
          consuming: true,
          acting: [lock.owner],
        },
        children: [{ created: back }, eventLog(log, dso, lock.owner, [lock.locked.contractId], [back.contractId], [], reason)],
      },
    ]);
    if (lock.instruction !== undefined) this.dangling.push({ instruction: lock.instruction, sender: lock.owner });
  }

  /** An instruction whose lock already expired is withdrawn: it fails, and no holding moves. */
  private withdrawDangling(d: { readonly instruction: ContractData; readonly sender: string }): void {
    const ctx = this.log.begin();
    this.log.commitTx(ctx, 'ts-offer-expired', [d.sender], [
      {
        exercise: {
          target: d.instruction,
          choice: 'TransferInstruction_Withdraw',
          interfaceId: I.TransferInstruction,
          argument: rec({ extraArgs: noExtraArgs }),
          result: rec({ output: variant('TransferInstructionResult_Failed', rec({})), senderChangeCids: list([]), meta: metaOf([]) }),
          consuming: true,
          acting: [d.sender],
        },
        children: [],
      },
    ]);
  }

  /** A self-transfer of 2 or 3 amulets into one (the token standard's merge). */
  private merge(owner: string): void {
    const log = this.log;
    const dso = this.parties.dso;
    const inputs = this.amulets.of(owner).slice(0, 3).map((c) => log.contract(c));
    const total = inputs.reduce((s, c) => s + amountOf(c), 0);
    const ctx = log.begin();
    const merged = this.amulet(ctx, owner, total);
    const transfer = this.transfer(ctx, owner, owner, total, inputs, 'merge');
    log.commitTx(ctx, 'ts-merge', [owner], [
      this.factoryTransfer(transfer, owner, rec({ output: variant('TransferInstructionResult_Completed', rec({ receiverHoldingCids: list([cid(merged.contractId)]) })), senderChangeCids: list([]), meta: metaOf([[SENDER, owner], [TX_KIND, 'merge-split']]) }), [
        ...inputs.map((c) => archiveHolding(c, dso, owner)),
        { created: merged },
        eventLog(log, dso, owner, inputs.map((c) => c.contractId), [merged.contractId], [], 'merge'),
      ]),
    ]);
  }

  /** A self-transfer of one amulet into two (the token standard's split). */
  private split(owner: string): void {
    const log = this.log;
    const dso = this.parties.dso;
    const part = this.part(owner);
    if (part === undefined) return this.tap(owner);
    const ctx = log.begin();
    const a = this.amulet(ctx, owner, part.micro);
    const b = this.amulet(ctx, owner, part.total - part.micro);
    const transfer = this.transfer(ctx, owner, owner, part.micro, [part.input], 'split');
    log.commitTx(ctx, 'ts-split', [owner], [
      this.factoryTransfer(transfer, owner, rec({ output: variant('TransferInstructionResult_Completed', rec({ receiverHoldingCids: list([cid(a.contractId)]) })), senderChangeCids: list([cid(b.contractId)]), meta: metaOf([[SENDER, owner], [TX_KIND, 'merge-split']]) }), [
        archiveHolding(part.input, dso, owner),
        { created: a },
        { created: b },
        eventLog(log, dso, owner, [part.input.contractId], [a.contractId, b.contractId], [], 'split'),
      ]),
    ]);
  }

  /** The owner locks part of an amulet to the DSO for a short while (a transfer to self with a lock; tx-kind `merge-split`). */
  private lock(owner: string): void {
    const log = this.log;
    const dso = this.parties.dso;
    const part = this.part(owner);
    if (part === undefined) return this.tap(owner);
    const ctx = log.begin();
    const expiresAt = ctx.effectiveAt + 5_000_000 + log.prng.int(30_000_000);
    const reason = 'locked for a subscription';
    const locked = this.lockedAmulet(ctx, owner, part.micro, expiresAt, reason);
    const change = this.amulet(ctx, owner, part.total - part.micro);
    const open = this.rounds.current();
    log.commitTx(ctx, 'ts-lock', [owner], [
      {
        exercise: {
          target: log.rule('amuletRules'),
          choice: 'AmuletRules_Transfer',
          argument: rec({
            transfer: rec({
              sender: party(owner),
              provider: party(owner),
              inputs: list([variant('InputAmulet', cid(part.input.contractId))]),
              outputs: list([rec({ receiver: party(owner), receiverFeeRatio: { t: 'numeric', v: '0.0000000000' }, amount: { t: 'numeric', v: formatAmount(part.micro) }, lock: some(rec({ holders: list([party(dso)]), expiresAt: time(expiresAt), optContext: some(text(reason)) })) })]),
              beneficiaries: { t: 'optional', v: null },
            }),
            context: rec({ openMiningRound: cid(open.cid), issuingMiningRounds: list([]), validatorRights: list([]), featuredAppRight: { t: 'optional', v: null } }),
            expectedDso: some(party(dso)),
          }),
          result: rec({ round: round(open.round), createdAmulets: list([variant('TransferResultLockedAmulet', cid(locked.contractId))]), senderChangeAmulet: some(cid(change.contractId)), meta: some(metaOf([[REASON, reason], [TX_KIND, 'merge-split']])) }),
          consuming: false,
          acting: [owner],
        },
        children: [
          archiveHolding(part.input, dso, owner),
          { created: locked },
          { created: change },
          eventLog(log, dso, owner, [part.input.contractId], [locked.contractId, change.contractId], [], reason),
        ],
      },
    ]);
    this.expiring.push({ locked, owner, micro: part.micro, expiresAt });
  }

  /** A traffic purchase: the amount paid is burned (tx-kind `burn` with the `burned` amount). */
  private burn(owner: string): void {
    const log = this.log;
    const dso = this.parties.dso;
    const part = this.part(owner);
    if (part === undefined) return this.tap(owner);
    const ctx = log.begin();
    const change = this.amulet(ctx, owner, part.total - part.micro);
    const paid = formatAmount(part.micro);
    const traffic = log.newContract(ctx, T.MemberTraffic, rec({ dso: party(dso), memberId: text(`PAR::${owner.slice(0, owner.indexOf('::'))}`), synchronizerId: text(log.synchronizerId), totalPurchased: { t: 'int64', v: String(part.micro) }, amuletSpent: { t: 'numeric', v: paid } }), [dso], []);
    log.commitTx(ctx, 'ts-burn', [owner], [
      {
        exercise: {
          target: log.rule('amuletRules'),
          choice: 'AmuletRules_BuyMemberTraffic',
          argument: rec({ inputs: list([variant('InputAmulet', cid(part.input.contractId))]), provider: party(owner), memberId: text(`PAR::${owner.slice(0, owner.indexOf('::'))}`), synchronizerId: text(log.synchronizerId), trafficAmount: { t: 'int64', v: String(part.micro) } }),
          result: rec({ purchasedTraffic: cid(traffic.contractId), senderChangeAmulet: some(cid(change.contractId)), amuletPaid: { t: 'numeric', v: paid }, meta: some(metaOf([[TX_KIND, 'burn'], [BURNED, paid], [REASON, 'traffic purchase']])) }),
          consuming: false,
          acting: [owner],
        },
        children: [archiveHolding(part.input, dso, owner), { created: change }, { created: traffic }, eventLog(log, dso, owner, [part.input.contractId], [change.contractId], [], 'traffic purchase')],
      },
    ]);
  }

  /** The DSO expires one of the owner's amulets as dust (tx-kind `expire-dust`; its amount is burned). */
  private expireDust(owner: string): void {
    const log = this.log;
    const dso = this.parties.dso;
    const dust = log.contract(this.amulets.of(owner)[0]!);
    const micro = amountOf(dust);
    const ctx = log.begin();
    log.commitTx(ctx, 'ts-expire-dust', [dso], [
      {
        exercise: {
          target: dust,
          choice: 'Amulet_Expire',
          argument: rec({ roundCid: cid(this.rounds.current().cid) }),
          result: rec({ expireSum: rec({ owner: party(owner), round: round(this.rounds.currentNumber()), changeToInitialAmountAsOfRoundZero: { t: 'numeric', v: `-${formatAmount(micro)}` } }), meta: some(metaOf([[TX_KIND, 'expire-dust'], [BURNED, formatAmount(micro)]])) }),
          consuming: true,
          acting: [dso],
        },
        children: [eventLog(log, dso, owner, [dust.contractId], [], [])],
      },
    ]);
  }

  /** An allocation for a settlement the DSO executes: the amount is locked for it (tx-kind `merge-split`). */
  private allocate(sender: string, receiver: string): void {
    const log = this.log;
    const p = log.prng;
    const dso = this.parties.dso;
    const part = this.part(sender);
    if (part === undefined) return this.tap(sender);
    const ctx = log.begin();
    const settleBefore = ctx.effectiveAt + DAY_MICROS;
    const ref = `trade-${p.int(1_000_000)}`;
    const locked = this.lockedAmulet(ctx, sender, part.micro, settleBefore, `allocation for ${ref}`);
    const change = this.amulet(ctx, sender, part.total - part.micro);
    const spec = rec({
      settlement: rec({ executor: party(dso), settlementRef: rec({ id: text(ref), cid: { t: 'optional', v: null } }), requestedAt: time(ctx.effectiveAt), allocateBefore: time(settleBefore), settleBefore: time(settleBefore), meta: metaOf([]) }),
      transferLegId: text('leg0'),
      transferLeg: rec({ sender: party(sender), receiver: party(receiver), amount: { t: 'numeric', v: formatAmount(part.micro) }, instrumentId: rec({ admin: party(dso), id: text('Amulet') }), meta: metaOf([]) }),
    });
    const allocation = log.newContract(ctx, T.AmuletAllocation, rec({ lockedAmulet: cid(locked.contractId), allocation: spec }), [dso, sender], [receiver]);
    const reason = `allocation for ${ref}`;
    log.commitTx(ctx, 'ts-allocate', [sender], [
      {
        exercise: {
          target: log.rule('externalRules'),
          choice: 'AllocationFactory_Allocate',
          interfaceId: I.AllocationFactory,
          argument: rec({ expectedAdmin: party(dso), allocation: spec, requestedAt: time(ctx.effectiveAt), inputHoldingCids: list([cid(part.input.contractId)]), extraArgs: noExtraArgs }),
          result: rec({ output: variant('AllocationInstructionResult_Completed', rec({ allocationCid: cid(allocation.contractId) })), senderChangeCids: list([cid(change.contractId)]), meta: metaOf([[REASON, reason], [TX_KIND, 'merge-split']]) }),
          consuming: false,
          acting: [sender],
        },
        children: [archiveHolding(part.input, dso, sender), { created: locked }, { created: change }, eventLog(log, dso, sender, [part.input.contractId], [locked.contractId, change.contractId], [], reason), { created: allocation }],
      },
    ]);
    this.allocations.push({ locked, owner: sender, micro: part.micro, expiresAt: settleBefore, allocation, receiver });
  }

  /** The executor settles an allocation (the receiver gets the amount, tx-kind `transfer`) or the sender cancels it (tx-kind `unlock`). */
  private settleAllocation(a: Allocation, settle: boolean): void {
    const log = this.log;
    const dso = this.parties.dso;
    const sender = a.owner;
    const ctx = log.begin();
    const back = this.amulet(ctx, sender, a.micro);
    if (!settle) {
      log.commitTx(ctx, 'ts-allocation-cancel', [sender], [
        {
          exercise: {
            target: a.allocation,
            choice: 'Allocation_Cancel',
            interfaceId: I.Allocation,
            argument: rec({ extraArgs: noExtraArgs }),
            result: rec({ senderHoldingCids: list([cid(back.contractId)]), meta: metaOf([[REASON, 'allocation cancelled'], [TX_KIND, 'unlock']]) }),
            consuming: true,
            acting: [dso, sender],
          },
          children: [unlockSpec(log, a.locked, back, dso, sender)],
        },
      ]);
      return;
    }
    const received = this.amulet(ctx, a.receiver, a.micro);
    log.commitTx(ctx, 'ts-allocation-settle', [dso, sender, a.receiver], [
      {
        exercise: {
          target: a.allocation,
          choice: 'Allocation_ExecuteTransfer',
          interfaceId: I.Allocation,
          argument: rec({ extraArgs: noExtraArgs }),
          result: rec({ senderHoldingCids: list([]), receiverHoldingCids: list([cid(received.contractId)]), meta: metaOf([[SENDER, sender], [TX_KIND, 'transfer']]) }),
          consuming: true,
          acting: [dso, sender, a.receiver],
        },
        children: [
          unlockSpec(log, a.locked, back, dso, sender),
          archiveHolding(back, dso, sender),
          { created: received },
          eventLog(log, dso, sender, [back.contractId], [], [{ side: 'SenderSide', other: a.receiver, micro: a.micro }]),
          eventLog(log, dso, a.receiver, [], [received.contractId], [{ side: 'ReceiverSide', other: sender, micro: a.micro }]),
        ],
      },
    ]);
  }
}
