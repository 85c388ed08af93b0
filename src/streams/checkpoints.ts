/**
 * Where a record stream stands: the resume position a service persists. Each is plain JSON and
 * tagged with its stream, so a checkpoint cannot be handed to the wrong stream by mistake.
 */

/**
 * `ledger.updates`: the offset of the last delivered update.
 * @category Streams
 * @since 0.1.0
 */
export interface LedgerCheckpoint {
  readonly stream: 'ledger.updates';
  readonly offset: number;
}

/**
 * `scan.updates`: the `(migration_id, record_time)` of the last delivered item (for a
 * reassignment the migration id is the one inside its `event`) and its `update_id`.
 *
 * Several updates may share a `(migration_id, record_time)` (Scan orders its history by
 * migration id, record time and synchronizer, and reassignments move contracts between
 * synchronizers): the update id says which of them was the last delivered, so that resuming
 * continues exactly after it. A checkpoint without `update_id` (written before 0.2.0) resumes
 * strictly after its record time.
 * @category Streams
 * @since 0.1.0
 */
export interface ScanCheckpoint {
  readonly stream: 'scan.updates';
  readonly migration_id: number;
  readonly record_time: string;
  /** @since 0.2.0 */
  readonly update_id?: string;
}

/**
 * `scan.activity`: the checkpoint of `scan.updates` after the update of the last delivered
 * element, with `element`, that element's index in its update, when more of the update's elements
 * follow it (resuming reads the update again and continues after that element). At an update's
 * last element it is the update's own `ScanCheckpoint`, so either stream resumes from it.
 * @category Streams
 * @since 0.5.0
 */
export interface ScanActivityCheckpoint extends ScanCheckpoint {
  readonly element?: number;
}

/**
 * `scan.holdings`: the snapshot, the page token that fetched the page of the last delivered
 * contract (absent for the first page), and that contract's id.
 * @category Streams
 * @since 0.1.0
 */
export interface HoldingsCheckpoint {
  readonly stream: 'scan.holdings';
  readonly migration_id: number;
  readonly record_time: string;
  readonly after?: string;
  readonly contract_id: string;
}

/**
 * `ledger.updatesWithSnapshot`, inside a snapshot of the active contracts that replaced pruned
 * history: the snapshot's offset, the page token that fetched the page of the last delivered
 * contract (absent for the first page) and that contract's index in the page (-1: only the
 * `PrunedSnapshot` marker was delivered). After the snapshot's last contract the stream's
 * checkpoint is a `LedgerCheckpoint` at `activeAtOffset` again.
 * @category Streams
 * @since 0.2.0
 */
export interface LedgerSnapshotCheckpoint {
  readonly stream: 'ledger.snapshot';
  readonly activeAtOffset: number;
  readonly pageToken?: string;
  readonly index: number;
}

/**
 * `scan.updatesFromSnapshot`, inside the ACS snapshot it starts from: the snapshot, the page
 * token that fetched the page of the last delivered contract (absent for the first page) and
 * that contract's index in the page (-1: only the `ScanSnapshot` marker was delivered). After the
 * snapshot's last contract the checkpoint is a `ScanCheckpoint` at the snapshot's time.
 * @category Streams
 * @since 0.2.0
 */
export interface ScanSnapshotCheckpoint {
  readonly stream: 'scan.snapshot';
  readonly migration_id: number;
  readonly record_time: string;
  readonly after?: string;
  readonly index: number;
}

/**
 * `scan.acsSnapshot`: the snapshot, the page token that fetched the page of the last delivered
 * contract (absent for the first page), and that contract's id.
 * @category Streams
 * @since 0.2.0
 */
export interface AcsSnapshotCheckpoint {
  readonly stream: 'scan.acsSnapshot';
  readonly migration_id: number;
  readonly record_time: string;
  readonly after?: string;
  readonly contract_id: string;
}

/**
 * `scan.events`: the `(migration_id, record_time)` of the last delivered event (of its update,
 * or of its verdict when it has no update) and its `update_id`, like {@link ScanCheckpoint}.
 * @category Streams
 * @since 0.2.0
 */
export interface EventsCheckpoint {
  readonly stream: 'scan.events';
  readonly migration_id: number;
  readonly record_time: string;
  readonly update_id?: string;
}

/**
 * `scan.updatesBefore`: the oldest update delivered so far, on the synchronizer and migration
 * the stream walks back through; resuming continues strictly below its record time.
 * @category Streams
 * @since 0.2.0
 */
export interface UpdatesBeforeCheckpoint {
  readonly stream: 'scan.updatesBefore';
  readonly migration_id: number;
  readonly synchronizer_id: string;
  readonly record_time: string;
  readonly update_id: string;
}

/**
 * `scan.importUpdates`: the migration and the update id of the last delivered import update
 * (import updates come in update id order).
 * @category Streams
 * @since 0.2.0
 */
export interface ImportUpdatesCheckpoint {
  readonly stream: 'scan.importUpdates';
  readonly migration_id: number;
  readonly update_id: string;
}

/**
 * `scan.validatorLicenses`: the page token that fetched the page of the last delivered licence
 * (absent for the first page) and that licence's contract id.
 * @category Streams
 * @since 0.2.0
 */
export interface ValidatorLicensesCheckpoint {
  readonly stream: 'scan.validatorLicenses';
  readonly after?: number;
  readonly contract_id: string;
}

/**
 * `scan.voteResults`: the page token that fetched the page of the last delivered vote result
 * (absent for the first page) and that result's index in the page.
 * @category Streams
 * @since 0.2.0
 */
export interface VoteResultsCheckpoint {
  readonly stream: 'scan.voteResults';
  readonly pageToken?: number;
  readonly index: number;
}

/**
 * `scan.bulkUpdateHistoryObjects`: the page token that fetched the page of the last delivered
 * object reference (absent for the first page) and that reference's index in the page.
 * @category Streams
 * @since 0.2.0
 */
export interface BulkUpdateHistoryCheckpoint {
  readonly stream: 'scan.bulkUpdateHistoryObjects';
  readonly pageToken?: string;
  readonly index: number;
}

/**
 * `ledger.vettedPackages`: the page token that fetched the page of the last delivered
 * `VettedPackages` entry (absent for the first page) and that entry's index in the page.
 * @category Streams
 * @since 0.2.0
 */
export interface VettedPackagesCheckpoint {
  readonly stream: 'ledger.vettedPackages';
  readonly pageToken?: string;
  readonly index: number;
}

/**
 * The checkpoint of any record stream, told apart by `stream`.
 * @category Streams
 * @since 0.1.0
 */
export type Checkpoint =
  | LedgerCheckpoint
  | ScanCheckpoint
  | HoldingsCheckpoint
  | LedgerSnapshotCheckpoint
  | ScanSnapshotCheckpoint
  | AcsSnapshotCheckpoint
  | EventsCheckpoint
  | UpdatesBeforeCheckpoint
  | ImportUpdatesCheckpoint
  | ValidatorLicensesCheckpoint
  | VoteResultsCheckpoint
  | BulkUpdateHistoryCheckpoint
  | VettedPackagesCheckpoint;
