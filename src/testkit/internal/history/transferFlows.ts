/**
 * The token-standard transfers of the flows: one step through the receiver's preapproval, and two
 * steps through a transfer instruction (offered, then accepted, rejected, withdrawn, or withdrawn
 * after its lock expired).
 */
import { cid, formatAmount, list, party, rec, some, text, time, variant } from '../daml.js';
import { metaOf } from '../interfaceViews.js';
import type { ContractData } from '../model.js';
import { I, T } from '../templates.js';
import { tap } from './holdingFlows.js';
import { DAY_MICROS, type FlowKit, type Offer } from './tokenFlowKit.js';
import { archiveHolding, eventLog, noExtraArgs, REASON, SENDER, TX_KIND, unlockSpec } from './tokenFlowSpecs.js';


/** One step: the factory sends through the receiver's `TransferPreapproval` (created first, by the receiver, when missing). */
export const oneStep = (kit: FlowKit, sender: string, receiver: string): void => {
  const log = kit.log;
  const dso = kit.parties.dso;
  const preapproval = kit.preapprovals.get(receiver);
  if (preapproval === undefined) {
    const ctx = log.begin();
    const provider = kit.parties.validators[0] ?? receiver;
    const created = log.newContract(ctx, T.TransferPreapproval, rec({ dso: party(dso), receiver: party(receiver), provider: party(provider), validFrom: time(ctx.effectiveAt), lastRenewedAt: time(ctx.effectiveAt), expiresAt: time(ctx.effectiveAt + 90 * DAY_MICROS) }), [dso, provider, receiver], []);
    log.commitTx(ctx, 'ts-preapproval', [receiver], [{ created }]);
    kit.preapprovals.set(receiver, created);
    return;
  }
  const part = kit.part(sender);
  if (part === undefined) return tap(kit, sender);
  const ctx = log.begin();
  const reason = `payment to ${receiver.slice(0, receiver.indexOf('::'))}`;
  const out = kit.amulet(ctx, receiver, part.micro);
  const change = kit.amulet(ctx, sender, part.total - part.micro);
  const transfer = kit.transfer(ctx, sender, receiver, part.micro, [part.input], reason);
  const transferMeta = metaOf([[SENDER, sender], [TX_KIND, 'transfer']]);
  log.commitTx(ctx, 'ts-transfer', [sender], [
    kit.factoryTransfer(transfer, sender, rec({ output: variant('TransferInstructionResult_Completed', rec({ receiverHoldingCids: list([cid(out.contractId)]) })), senderChangeCids: list([cid(change.contractId)]), meta: transferMeta }), [
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
};


/**
 * Two steps, the first: the amount is locked for the receiver and a transfer instruction waits
 * for them. Its fate is drawn now: accepted, rejected, withdrawn, or left until its lock expires.
 */
export const offer = (kit: FlowKit, sender: string, receiver: string): void => {
  const log = kit.log;
  const p = log.prng;
  const dso = kit.parties.dso;
  const part = kit.part(sender);
  if (part === undefined) return tap(kit, sender);
  const r = p.next();
  const fate = r < 0.45 ? 'accept' : r < 0.65 ? 'reject' : r < 0.85 ? 'withdraw' : 'expire';
  const ctx = log.begin();
  // One left to expire runs out within seconds of record time, so that a short history sees it.
  const executeBefore = ctx.effectiveAt + (fate === 'expire' ? 5_000_000 + p.int(20_000_000) : DAY_MICROS);
  const reason = `invoice ${p.int(100_000)}`;
  const locked = kit.lockedAmulet(ctx, sender, part.micro, executeBefore, `transfer to '${receiver}'`);
  const change = kit.amulet(ctx, sender, part.total - part.micro);
  const transfer = kit.transfer(ctx, sender, receiver, part.micro, [part.input], reason, executeBefore);
  const instruction = log.newContract(ctx, T.AmuletTransferInstruction, rec({ lockedAmulet: cid(locked.contractId), transfer }), [dso, sender], [receiver]);
  const lockReason = `lock for transfer to '${receiver}'`;
  log.commitTx(ctx, 'ts-offer', [sender], [
    kit.factoryTransfer(transfer, sender, rec({ output: variant('TransferInstructionResult_Pending', rec({ transferInstructionCid: cid(instruction.contractId) })), senderChangeCids: list([cid(change.contractId)]), meta: metaOf([]) }), [
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
  if (fate === 'expire') kit.expiring.push(lock);
  else kit.offers.push({ ...lock, receiver, fate });
};


/** Two steps, the second: the receiver accepts (the locked amount becomes theirs), rejects, or the sender withdraws. */
export const settleOffer = (kit: FlowKit, offer: Offer): void => {
  const log = kit.log;
  const dso = kit.parties.dso;
  const sender = offer.owner;
  const ctx = log.begin();
  const back = kit.amulet(ctx, sender, offer.micro);
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
  const received = kit.amulet(ctx, offer.receiver, offer.micro);
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
};


/** An instruction whose lock already expired is withdrawn: it fails, and no holding moves. */
export const withdrawDangling = (kit: FlowKit, d: { readonly instruction: ContractData; readonly sender: string }): void => {
  const ctx = kit.log.begin();
  kit.log.commitTx(ctx, 'ts-offer-expired', [d.sender], [
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
};
