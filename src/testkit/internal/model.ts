/**
 * The simulator's internal record of the network history: one list of updates that Scan shows
 * whole and the ledger shows filtered. Nothing here is a wire shape; views render it.
 */
import type { DamlValue } from './daml.js';

/** A template, with the parts each API prints. */
export interface TemplateRef {
  readonly packageId: string;
  readonly packageName: string;
  readonly moduleName: string;
  readonly entityName: string;
  /** `<packageId>:<Module>:<Entity>`. */
  readonly id: string;
}

/** What a create fixes for the life of a contract. */
export interface ContractData {
  readonly contractId: string;
  readonly template: TemplateRef;
  readonly args: DamlValue;
  /** Sorted, as Scan prints them. */
  readonly signatories: readonly string[];
  readonly observers: readonly string[];
  /** Ledger effective time of the creating transaction, in microseconds. */
  readonly createdAt: number;
  /** Index of the creating update in the history. */
  readonly createdIn: number;
  readonly createdInMigration: number;
}

/** What changes over the life of a contract. */
export interface ContractState {
  readonly data: ContractData;
  archivedIn: number | undefined;
  synchronizerId: string;
  reassignmentCounter: number;
  inFlight: boolean;
}

export interface CreatedNode {
  readonly kind: 'created';
  readonly nodeId: number;
  readonly contract: ContractData;
  /** Parties that see this node: its informees and those of all its ancestors, sorted. */
  readonly witnesses: readonly string[];
  readonly stakeholders: readonly string[];
}

export interface ExercisedNode {
  readonly kind: 'exercised';
  readonly nodeId: number;
  readonly contractId: string;
  readonly template: TemplateRef;
  readonly choice: string;
  readonly argument: DamlValue;
  readonly result: DamlValue;
  readonly consuming: boolean;
  readonly actingParties: readonly string[];
  readonly witnesses: readonly string[];
  /** Stakeholders of the target contract (an archive for the ACS delta when consuming). */
  readonly stakeholders: readonly string[];
  readonly children: readonly number[];
  readonly lastDescendant: number;
  /** The interface the choice was exercised through (a token-standard choice), when it was. */
  readonly interfaceId?: TemplateRef;
}

export type TreeNode = CreatedNode | ExercisedNode;

interface UpdateBase {
  /** Position in the history (0-based), which is also Scan's order. */
  readonly index: number;
  readonly updateId: string;
  readonly migrationId: number;
  /** Record time in microseconds: unique and increasing within the history. */
  readonly recordTime: number;
  /** A short name of what happened, for summaries ("transfer", "tap", ...). */
  readonly label: string;
}

export interface TransactionUpdate extends UpdateBase {
  readonly kind: 'transaction';
  readonly effectiveAt: number;
  readonly synchronizerId: string;
  readonly submitters: readonly string[];
  readonly commandId: string;
  readonly nodes: readonly TreeNode[];
  readonly roots: readonly number[];
  readonly externalTransactionHash: string | undefined;
}

export interface ReassignmentUpdate extends UpdateBase {
  readonly kind: 'assign' | 'unassign';
  readonly source: string;
  readonly target: string;
  readonly unassignId: string;
  readonly counter: number;
  readonly submitter: string;
  readonly contract: ContractData;
}

export type HistoryUpdate = TransactionUpdate | ReassignmentUpdate;

/** An ACS snapshot Scan took: the state after update `lastIndex`. */
export interface Snapshot {
  readonly migrationId: number;
  readonly recordTime: number;
  readonly lastIndex: number;
}

/** A closed vote, as Scan counts them. */
export interface VoteResult {
  readonly actionName: string;
  readonly accepted: boolean;
  readonly requester: string;
  readonly effectiveAt: string;
}

/** A completed ANS entry. */
export interface AnsEntryRecord {
  readonly contractId: string;
  readonly user: string;
  readonly name: string;
  readonly url: string;
  readonly description: string;
  readonly expiresAt: number;
}

/** A subscription request waiting for the wallet's acceptance. */
export interface PendingSubscription {
  readonly subscriptionRequestCid: string;
  readonly entryContextCid: string;
  readonly user: string;
  readonly name: string;
  readonly url: string;
  readonly description: string;
}
