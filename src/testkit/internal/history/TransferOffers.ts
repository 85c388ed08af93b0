/**
 * Token-standard transfer offers of Amulet (opt-in: `SimulatedNetworkOptions.transferOffers`):
 * a sender locks part of one amulet for a receiver and offers it (an AmuletTransferInstruction,
 * which implements `TransferInstruction`, created through the transfer factory), and the receiver
 * later accepts it (the locked amulet becomes the receiver's amulet).
 */
import { cid, formatAmount, list, none, party, rec, some, text, time, variant } from '../daml.js';
import { transferRecord } from '../interfaceViews.js';
import { T } from '../templates.js';
import { amountOf, type Amulets } from './Amulets.js';
import { archiveSpec } from './buildTree.js';
import type { HistoryLog } from './HistoryLog.js';
import type { Parties } from './partiesOf.js';

/** How long an offer may be accepted: a day, as wallets default to. */
const OFFER_MICROS = 24 * 3600 * 1_000_000;

interface Offer {
  readonly instruction: string;
  readonly locked: string;
  readonly receiver: string;
  readonly micro: number;
}

export class TransferOffers {
  /** Offers not accepted yet, oldest first. */
  private readonly pending: Offer[] = [];

  constructor(
    private readonly log: HistoryLog,
    private readonly parties: Parties,
    private readonly amulets: Amulets,
  ) {}

  /** The receiver accepts the oldest offer now and then; otherwise a new offer. */
  step(): void {
    if (this.pending.length > 0 && this.log.prng.chance(0.3)) return this.accept(this.pending.shift()!);
    return this.offer();
  }

  private offer(): void {
    const log = this.log;
    const p = log.prng;
    const { users, validators, dso } = this.parties;
    const candidates = [...users, ...validators].filter((x) => this.amulets.of(x).length > 0);
    if (candidates.length === 0) return this.amulets.tap(p.pick(users));
    const sender = p.pick(candidates);
    const receiver = p.pick([...users, ...validators].filter((x) => x !== sender));
    const input = log.contract(p.pick(this.amulets.of(sender)));
    const inputAmount = amountOf(input);
    const micro = Math.floor(inputAmount * (0.1 + p.next() * 0.5));
    if (micro <= 0 || micro >= inputAmount) return this.amulets.tap(sender);
    const ctx = log.begin();
    const executeBefore = ctx.effectiveAt + OFFER_MICROS;
    const locked = log.newContract(
      ctx,
      T.LockedAmulet,
      rec({ amulet: this.amulets.args(sender, micro), lock: rec({ holders: list([party(dso)]), expiresAt: time(executeBefore), optContext: some(text(`transfer offer to ${receiver}`)) }) }),
      [dso, sender],
      [],
    );
    const change = log.newContract(ctx, T.Amulet, this.amulets.args(sender, inputAmount - micro), [dso, sender], []);
    const transfer = transferRecord({ sender, receiver, amount: formatAmount(micro), dso, requestedAt: ctx.effectiveAt, executeBefore, inputs: [input.contractId] });
    const instruction = log.newContract(ctx, T.AmuletTransferInstruction, rec({ lockedAmulet: cid(locked.contractId), transfer }), [dso, sender], [receiver]);
    log.commitTx(ctx, 'transfer-offer', [sender], [
      {
        exercise: {
          // Splice's ExternalPartyAmuletRules is Amulet's transfer factory.
          target: log.rule('externalRules'),
          choice: 'TransferFactory_Transfer',
          argument: rec({ expectedAdmin: party(dso), transfer, extraArgs: rec({ context: rec({ values: rec({}) }), meta: rec({ values: rec({}) }) }) }),
          result: rec({ output: variant('TransferInstructionResult_Pending', rec({ transferInstructionCid: cid(instruction.contractId) })), senderChangeCids: list([cid(change.contractId)]), meta: rec({ values: rec({}) }) }),
          consuming: false,
          acting: [sender],
        },
        children: [archiveSpec(input, [sender], 'Archive'), { created: locked }, { created: change }, { created: instruction }],
      },
    ]);
    this.pending.push({ instruction: instruction.contractId, locked: locked.contractId, receiver, micro });
  }

  private accept(offer: Offer): void {
    const log = this.log;
    const ctx = log.begin();
    const received = log.newContract(ctx, T.Amulet, this.amulets.args(offer.receiver, offer.micro), [this.parties.dso, offer.receiver], []);
    log.commitTx(ctx, 'transfer-offer-accepted', [offer.receiver], [
      {
        exercise: {
          target: log.contract(offer.instruction),
          choice: 'TransferInstruction_Accept',
          argument: rec({ extraArgs: rec({ context: rec({ values: rec({}) }), meta: rec({ values: rec({}) }) }) }),
          result: rec({ output: variant('TransferInstructionResult_Completed', rec({ receiverHoldingCids: list([cid(received.contractId)]) })), senderChangeCids: list([]), meta: none }),
          consuming: true,
          acting: [offer.receiver],
        },
        children: [archiveSpec(log.contract(offer.locked), [offer.receiver], 'LockedAmulet_Unlock'), { created: received }],
      },
    ]);
  }
}
