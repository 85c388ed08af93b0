/**
 * Reassignments of amulets between the global synchronizer and the app synchronizer: an unassign
 * takes a contract off its synchronizer (in flight, counter + 1), a later assign with the same
 * unassign id and counter lands it on the other one.
 */
import { sha256Hex } from '../ids.js';
import type { Amulets } from './Amulets.js';
import type { HistoryLog, Reassignment } from './HistoryLog.js';
import type { Parties } from './partiesOf.js';

export class Reassignments {
  /** Unassigned contracts waiting for their assign, oldest first. */
  private readonly inFlight: Reassignment[] = [];
  /** Amulets on the app synchronizer. */
  private readonly offGlobal: string[] = [];

  constructor(
    private readonly log: HistoryLog,
    private readonly parties: Parties,
    private readonly amulets: Amulets,
  ) {}

  get pending(): number {
    return this.inFlight.length;
  }

  /** Unassigns an amulet from either synchronizer; false (and nothing happens) when there is none. */
  unassign(): boolean {
    const log = this.log;
    const p = log.prng;
    const onGlobal = this.amulets.all();
    const fromApp = this.offGlobal.length > 0 && p.chance(0.5);
    if (!fromApp && onGlobal.length === 0) return false;
    const contractId = fromApp ? this.offGlobal.splice(p.int(this.offGlobal.length), 1)[0]! : p.pick(onGlobal);
    const state = log.contracts.get(contractId)!;
    const owner = this.amulets.ownerOf(state.data);
    if (!fromApp) this.amulets.remove(owner, contractId);
    const source = state.synchronizerId;
    const target = source === this.parties.globalSynchronizer ? this.parties.appSynchronizer : this.parties.globalSynchronizer;
    state.inFlight = true;
    state.reassignmentCounter += 1;
    const ctx = log.begin(source);
    const unassignId = sha256Hex(log.config.seed, 'unassign', ctx.index);
    const r: Reassignment = { contractId, unassignId, counter: state.reassignmentCounter, source, target, submitter: owner };
    log.commitReassignment(ctx, 'unassign', r, state.data);
    this.inFlight.push(r);
    return true;
  }

  /** Assigns the oldest contract in flight to its target. */
  assignNext(): void {
    const pending = this.inFlight.shift()!;
    const log = this.log;
    const state = log.contracts.get(pending.contractId)!;
    const ctx = log.begin(pending.target);
    log.commitReassignment(ctx, 'assign', pending, state.data);
    state.inFlight = false;
    state.synchronizerId = pending.target;
    if (pending.target === this.parties.globalSynchronizer) this.amulets.add(this.amulets.ownerOf(state.data), pending.contractId);
    else this.offGlobal.push(pending.contractId);
  }
}
