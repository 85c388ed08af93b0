/**
 * The flows of one owner's holdings: mints (taps), merges and splits (self-transfers), locks and
 * their expiry, burns (traffic purchases) and expired dust.
 */
import { cid, formatAmount, list, party, rec, round, some, text, time, variant } from '../daml.js';
import { metaOf } from '../interfaceViews.js';
import { T } from '../templates.js';
import { amountOf } from './Amulets.js';
import type { FlowKit, Lock } from './tokenFlowKit.js';
import { archiveHolding, BURNED, eventLog, REASON, SENDER, TX_KIND } from './tokenFlowSpecs.js';


/** A DevNet tap: a mint (tx-kind `mint`, reason as Splice's faucet gives it). */
export const tap = (kit: FlowKit, owner: string): void => {
  const log = kit.log;
  const ctx = log.begin();
  const micro = (100 + log.prng.int(4900)) * 1_000_000 + log.prng.int(1_000_000);
  const minted = kit.amulet(ctx, owner, micro);
  const open = kit.rounds.current();
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
      children: [{ created: minted }, eventLog(log, kit.parties.dso, owner, [], [minted.contractId], [], reason)],
    },
  ]);
};


/** A self-transfer of 2 or 3 amulets into one (the token standard's merge). */
export const merge = (kit: FlowKit, owner: string): void => {
  const log = kit.log;
  const dso = kit.parties.dso;
  const inputs = kit.amulets.of(owner).slice(0, 3).map((c) => log.contract(c));
  const total = inputs.reduce((s, c) => s + amountOf(c), 0);
  const ctx = log.begin();
  const merged = kit.amulet(ctx, owner, total);
  const transfer = kit.transfer(ctx, owner, owner, total, inputs, 'merge');
  log.commitTx(ctx, 'ts-merge', [owner], [
    kit.factoryTransfer(transfer, owner, rec({ output: variant('TransferInstructionResult_Completed', rec({ receiverHoldingCids: list([cid(merged.contractId)]) })), senderChangeCids: list([]), meta: metaOf([[SENDER, owner], [TX_KIND, 'merge-split']]) }), [
      ...inputs.map((c) => archiveHolding(c, dso, owner)),
      { created: merged },
      eventLog(log, dso, owner, inputs.map((c) => c.contractId), [merged.contractId], [], 'merge'),
    ]),
  ]);
};


/** A self-transfer of one amulet into two (the token standard's split). */
export const split = (kit: FlowKit, owner: string): void => {
  const log = kit.log;
  const dso = kit.parties.dso;
  const part = kit.part(owner);
  if (part === undefined) return tap(kit, owner);
  const ctx = log.begin();
  const a = kit.amulet(ctx, owner, part.micro);
  const b = kit.amulet(ctx, owner, part.total - part.micro);
  const transfer = kit.transfer(ctx, owner, owner, part.micro, [part.input], 'split');
  log.commitTx(ctx, 'ts-split', [owner], [
    kit.factoryTransfer(transfer, owner, rec({ output: variant('TransferInstructionResult_Completed', rec({ receiverHoldingCids: list([cid(a.contractId)]) })), senderChangeCids: list([cid(b.contractId)]), meta: metaOf([[SENDER, owner], [TX_KIND, 'merge-split']]) }), [
      archiveHolding(part.input, dso, owner),
      { created: a },
      { created: b },
      eventLog(log, dso, owner, [part.input.contractId], [a.contractId, b.contractId], [], 'split'),
    ]),
  ]);
};


/** The owner locks part of an amulet to the DSO for a short while (a transfer to self with a lock; tx-kind `merge-split`). */
export const lock = (kit: FlowKit, owner: string): void => {
  const log = kit.log;
  const dso = kit.parties.dso;
  const part = kit.part(owner);
  if (part === undefined) return tap(kit, owner);
  const ctx = log.begin();
  const expiresAt = ctx.effectiveAt + 5_000_000 + log.prng.int(30_000_000);
  const reason = 'locked for a subscription';
  const locked = kit.lockedAmulet(ctx, owner, part.micro, expiresAt, reason);
  const change = kit.amulet(ctx, owner, part.total - part.micro);
  const open = kit.rounds.current();
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
  kit.expiring.push({ locked, owner, micro: part.micro, expiresAt });
};


/** A lock past its expiry: the owner takes the amulet back (tx-kind `unlock`). */
export const expireLock = (kit: FlowKit, lock: Lock): void => {
  const log = kit.log;
  const dso = kit.parties.dso;
  const ctx = log.begin();
  const back = kit.amulet(ctx, lock.owner, lock.micro);
  const reason = 'lock expired';
  log.commitTx(ctx, 'ts-lock-expired', [lock.owner], [
    {
      exercise: {
        target: lock.locked,
        choice: 'LockedAmulet_OwnerExpireLock',
        argument: rec({ openRoundCid: cid(kit.rounds.current().cid) }),
        result: rec({ amuletSum: rec({ amulet: cid(back.contractId), round: round(kit.rounds.currentNumber()) }), meta: some(metaOf([[REASON, reason], [TX_KIND, 'unlock']])) }),
        consuming: true,
        acting: [lock.owner],
      },
      children: [{ created: back }, eventLog(log, dso, lock.owner, [lock.locked.contractId], [back.contractId], [], reason)],
    },
  ]);
  if (lock.instruction !== undefined) kit.dangling.push({ instruction: lock.instruction, sender: lock.owner });
};


/** A traffic purchase: the amount paid is burned (tx-kind `burn` with the `burned` amount). */
export const burn = (kit: FlowKit, owner: string): void => {
  const log = kit.log;
  const dso = kit.parties.dso;
  const part = kit.part(owner);
  if (part === undefined) return tap(kit, owner);
  const ctx = log.begin();
  const change = kit.amulet(ctx, owner, part.total - part.micro);
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
};


/** The DSO expires one of the owner's amulets as dust (tx-kind `expire-dust`; its amount is burned). */
export const expireDust = (kit: FlowKit, owner: string): void => {
  const log = kit.log;
  const dso = kit.parties.dso;
  const dust = log.contract(kit.amulets.of(owner)[0]!);
  const micro = amountOf(dust);
  const ctx = log.begin();
  log.commitTx(ctx, 'ts-expire-dust', [dso], [
    {
      exercise: {
        target: dust,
        choice: 'Amulet_Expire',
        argument: rec({ roundCid: cid(kit.rounds.current().cid) }),
        result: rec({ expireSum: rec({ owner: party(owner), round: round(kit.rounds.currentNumber()), changeToInitialAmountAsOfRoundZero: { t: 'numeric', v: `-${formatAmount(micro)}` } }), meta: some(metaOf([[TX_KIND, 'expire-dust'], [BURNED, formatAmount(micro)]])) }),
        consuming: true,
        acting: [dso],
      },
      children: [eventLog(log, dso, owner, [dust.contractId], [], [])],
    },
  ]);
};
