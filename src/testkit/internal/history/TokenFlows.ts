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
import type { Amulets } from './Amulets.js';
import { allocate, settleAllocation } from './allocationFlows.js';
import { burn, expireDust, expireLock, lock, merge, split, tap } from './holdingFlows.js';
import type { HistoryLog } from './HistoryLog.js';
import type { MiningRounds } from './MiningRounds.js';
import type { Parties } from './partiesOf.js';
import { FlowKit } from './tokenFlowKit.js';
import { offer, oneStep, settleOffer, withdrawDangling } from './transferFlows.js';

export class TokenFlows {
  private readonly kit: FlowKit;

  constructor(log: HistoryLog, parties: Parties, amulets: Amulets, rounds: MiningRounds) {
    this.kit = new FlowKit(log, parties, amulets, rounds);
  }

  /** Appends one update: a pending flow moves on now and then, else a new one starts. */
  step(): void {
    const kit = this.kit;
    const p = kit.log.prng;
    const now = kit.log.clock();
    if (kit.dangling.length > 0 && p.chance(0.3)) return withdrawDangling(kit, kit.dangling.shift()!);
    const due = kit.expiring.findIndex((l) => l.expiresAt < now);
    if (due >= 0 && p.chance(0.6)) return expireLock(kit, kit.expiring.splice(due, 1)[0]!);
    if (kit.offers.length > 0 && p.chance(0.35)) return settleOffer(kit, kit.offers.shift()!);
    if (kit.allocations.length > 0 && p.chance(0.3)) return settleAllocation(kit, kit.allocations.shift()!, p.chance(0.6));
    const owner = kit.someOwner();
    if (owner === undefined) return tap(kit, p.pick(kit.accounts()));
    const r = p.next();
    if (r < 0.12) return tap(kit, p.pick(kit.accounts()));
    if (r < 0.3) return oneStep(kit, owner, kit.other(owner));
    if (r < 0.5) return offer(kit, owner, kit.other(owner));
    if (r < 0.58) return kit.amulets.of(owner).length > 1 ? merge(kit, owner) : split(kit, owner);
    if (r < 0.66) return split(kit, owner);
    if (r < 0.76) return lock(kit, owner);
    if (r < 0.83) return burn(kit, owner);
    if (r < 0.88) return kit.amulets.of(owner).length > 1 ? expireDust(kit, owner) : split(kit, owner);
    return allocate(kit, owner, kit.other(owner));
  }
}
