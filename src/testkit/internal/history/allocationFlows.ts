/** The allocations of the flows: made for a settlement the DSO executes, then settled or cancelled. */
import { cid, formatAmount, list, party, rec, text, time, variant } from '../daml.js';
import { metaOf } from '../interfaceViews.js';
import { I, T } from '../templates.js';
import { tap } from './holdingFlows.js';
import { DAY_MICROS, type Allocation, type FlowKit } from './tokenFlowKit.js';
import { archiveHolding, eventLog, noExtraArgs, REASON, SENDER, TX_KIND, unlockSpec } from './tokenFlowSpecs.js';


/** An allocation for a settlement the DSO executes: the amount is locked for it (tx-kind `merge-split`). */
export const allocate = (kit: FlowKit, sender: string, receiver: string): void => {
  const log = kit.log;
  const p = log.prng;
  const dso = kit.parties.dso;
  const part = kit.part(sender);
  if (part === undefined) return tap(kit, sender);
  const ctx = log.begin();
  const settleBefore = ctx.effectiveAt + DAY_MICROS;
  const ref = `trade-${p.int(1_000_000)}`;
  const locked = kit.lockedAmulet(ctx, sender, part.micro, settleBefore, `allocation for ${ref}`);
  const change = kit.amulet(ctx, sender, part.total - part.micro);
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
  kit.allocations.push({ locked, owner: sender, micro: part.micro, expiresAt: settleBefore, allocation, receiver });
};


/** The executor settles an allocation (the receiver gets the amount, tx-kind `transfer`) or the sender cancels it (tx-kind `unlock`). */
export const settleAllocation = (kit: FlowKit, a: Allocation, settle: boolean): void => {
  const log = kit.log;
  const dso = kit.parties.dso;
  const sender = a.owner;
  const ctx = log.begin();
  const back = kit.amulet(ctx, sender, a.micro);
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
  const received = kit.amulet(ctx, a.receiver, a.micro);
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
};
