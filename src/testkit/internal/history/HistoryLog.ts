/**
 * The append-only log every part of the generated history writes to: the clock, the seeded
 * generator, contract ids, contract states, updates and Scan's snapshots.
 */
import type { DamlValue } from '../daml.js';
import { contractIdFor, sha256Hex, updateIdFor } from '../ids.js';
import type { ContractData, ContractState, HistoryUpdate, ReassignmentUpdate, Snapshot, TemplateRef, TransactionUpdate } from '../model.js';
import { mulberry32, type Prng } from '../prng.js';
import { buildTree, sortedUnique, type Spec } from './buildTree.js';

/** The most the clock moves on between two updates of a migration (they are 0.2 s to 2 s apart). */
export const MAX_STEP_MICROS = 2_000_000;

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
  /** The chance that an update shares the record time of the one before (see `SimulatedNetworkOptions.tiedRecordTimes`). */
  readonly tiedRecordTimes: number;
  readonly users: readonly string[];
  readonly validators: readonly string[];
  readonly svs: readonly string[];
  readonly externalParties: readonly string[];
  /** The chance that a generated update is a token-standard transfer offer or its acceptance (see `SimulatedNetworkOptions.transferOffers`). */
  readonly transferOffers?: number;
  /** The chance that a generated update is a step of the token-standard flows (see `SimulatedNetworkOptions.tokenFlows`). */
  readonly tokenFlows?: number;
  /** When set, a new migration's clock starts this long before its predecessor's last record time. */
  readonly migrationOverlapMicros?: number;
}

/** Where and when the update being built happens. */
export interface Ctx {
  readonly index: number;
  readonly migrationId: number;
  readonly recordTime: number;
  readonly effectiveAt: number;
  /** The record time the update would have without overlapping migrations: the rounds' schedule runs on it. */
  readonly clock: number;
}

/** The rule contracts genesis creates, which most choices are exercised on. */
export interface Rules {
  readonly dsoRules: string;
  readonly amuletRules: string;
  readonly ansRules: string;
  readonly externalRules: string;
}

/** What a reassignment update moves, and between which synchronizers. */
export interface Reassignment {
  readonly contractId: string;
  readonly unassignId: string;
  readonly counter: number;
  readonly source: string;
  readonly target: string;
  readonly submitter: string;
}

/** Told about every contract a committed transaction creates or archives, in node order. */
export interface ContractObserver {
  readonly created: (c: ContractData) => void;
  readonly archived: (c: ContractData) => void;
}

export class HistoryLog {
  readonly updates: HistoryUpdate[] = [];
  readonly contracts = new Map<string, ContractState>();
  readonly snapshots: Snapshot[] = [];
  /** Called once per committed update, in order. */
  readonly listeners: Array<(u: HistoryUpdate) => void> = [];
  readonly observers: ContractObserver[] = [];
  readonly prng: Prng;

  private now: number;
  /** How far overlapping migrations moved the record times back, in total. */
  private shift = 0;
  private contractCounter = 0;
  private readonly migrationCounts = new Map<number, number>();
  /** The synchronizer whose record time the last update is. */
  private lastSynchronizer: string | undefined;
  private rulesSet: Rules | undefined;

  constructor(
    readonly config: HistoryConfig,
    /** Transactions happen on the global synchronizer; only reassignments leave it. */
    readonly synchronizerId: string,
  ) {
    this.prng = mulberry32(config.seedNumber);
    this.now = config.genesisMicros;
  }

  set rules(rules: Rules) {
    this.rulesSet = rules;
  }

  /** One of the rule contracts; only exists once genesis has run. */
  rule(name: keyof Rules): ContractData {
    if (this.rulesSet === undefined) throw new Error('the history has no genesis yet');
    return this.contract(this.rulesSet[name]);
  }

  contract(contractId: string): ContractData {
    const state = this.contracts.get(contractId);
    if (state === undefined) throw new Error(`unknown contract ${contractId}`);
    return state.data;
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

  /** The clock of the last update: its record time as it would be without overlapping migrations, in microseconds. */
  clock(): number {
    return this.now + this.shift;
  }

  /**
   * Opens the next update on a synchronizer (the global one unless said): moves the clock on (by
   * minutes when a new migration starts, whose predecessor then gets its final snapshot, or back
   * by `migrationOverlapMicros` so that the migrations' record times overlap), unless the update
   * ties with the one before, and draws its effective time. `atLeast`: the earliest clock (see
   * `Ctx.clock`) the update may have.
   */
  begin(synchronizer: string = this.synchronizerId, atLeast?: number): Ctx {
    const index = this.updates.length;
    const migrationId = this.migrationFor(index);
    const previous = this.updates[index - 1];
    if (previous !== undefined && previous.migrationId !== migrationId) {
      const last = this.snapshots[this.snapshots.length - 1];
      if (last === undefined || last.lastIndex !== previous.index) this.snapshots.push({ migrationId: previous.migrationId, recordTime: previous.recordTime, lastIndex: previous.index });
      // The gap is drawn either way, so that an overlap changes record times and nothing else.
      const gap = 600_000_000 + this.prng.int(600_000_000);
      const natural = this.now + gap;
      this.now = this.config.migrationOverlapMicros === undefined ? natural : previous.recordTime - this.config.migrationOverlapMicros;
      // An overlap moves record times and nothing else: what is scheduled in time (the rounds)
      // follows the clock the history would have without it.
      this.shift += natural - this.now;
    }
    // A tie keeps the clock where it is; Scan orders ties by synchronizer id, so only an update on
    // a synchronizer that sorts after the previous one's may tie, to keep the list in Scan's order.
    const tied =
      this.config.tiedRecordTimes > 0 &&
      previous !== undefined &&
      previous.migrationId === migrationId &&
      this.lastSynchronizer !== undefined &&
      synchronizer > this.lastSynchronizer &&
      this.prng.chance(this.config.tiedRecordTimes);
    this.lastSynchronizer = synchronizer;
    if (!tied) this.now += 200_000 + this.prng.int(MAX_STEP_MICROS - 200_000);
    // An update that must not come before a time (the rounds' advance): the clock jumps to it.
    if (atLeast !== undefined && this.now + this.shift < atLeast) this.now = atLeast - this.shift;
    const effectiveAt = this.now - 1_000 - this.prng.int(700_000);
    return { index, migrationId, recordTime: this.now, effectiveAt, clock: this.now + this.shift };
  }

  newContract(ctx: Ctx, template: TemplateRef, args: DamlValue, signatories: readonly string[], observers: readonly string[]): ContractData {
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

  commitTx(ctx: Ctx, label: string, submitters: readonly string[], roots: readonly Spec[], externalTransactionHash?: string, commandId?: string): void {
    const tree = buildTree(roots);
    const update: TransactionUpdate = {
      kind: 'transaction',
      index: ctx.index,
      updateId: updateIdFor(this.config.seed, ctx.index),
      migrationId: ctx.migrationId,
      recordTime: ctx.recordTime,
      label,
      effectiveAt: ctx.effectiveAt,
      synchronizerId: this.synchronizerId,
      submitters: sortedUnique(submitters),
      commandId: commandId ?? `command-${sha256Hex(this.config.seed, 'command', ctx.index).slice(0, 16)}`,
      nodes: tree.nodes,
      roots: tree.roots,
      externalTransactionHash,
    };
    for (const node of tree.nodes) {
      if (node.kind === 'created') {
        this.contracts.set(node.contract.contractId, { data: node.contract, archivedIn: undefined, synchronizerId: this.synchronizerId, reassignmentCounter: 0, inFlight: false });
        for (const o of this.observers) o.created(node.contract);
      } else if (node.consuming) {
        const state = this.contracts.get(node.contractId);
        if (state !== undefined) {
          state.archivedIn = ctx.index;
          for (const o of this.observers) o.archived(state.data);
        }
      }
    }
    this.commit(update);
  }

  commitReassignment(ctx: Ctx, kind: 'assign' | 'unassign', r: Reassignment, contract: ContractData): void {
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

  /** The initial updates are spread evenly over the migrations; appended ones go to the last. */
  private migrationFor(index: number): number {
    const { initialUpdates, migrations, firstMigrationId } = this.config;
    if (index >= initialUpdates) return firstMigrationId + migrations - 1;
    return firstMigrationId + Math.floor((index * migrations) / initialUpdates);
  }
}
