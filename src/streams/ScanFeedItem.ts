/**
 * The elements of `scan.updatesFromSnapshot`: an ACS snapshot, then Scan's updates after it.
 */
import type { ActiveContract } from '../codecs/scan/ActiveContract.js';
import type { UpdateHistoryItemV2 } from '../codecs/scan/UpdateHistoryItemV2.js';
import type { ScanCheckpoint, ScanSnapshotCheckpoint } from './checkpoints.js';

/**
 * "What follows is Scan's ACS snapshot at `(migration_id, record_time)`": `ScanSnapshotContract`s,
 * then the updates after that time.
 * @category Streams
 * @since 0.2.0
 */
export interface ScanSnapshot {
  readonly _tag: 'ScanSnapshot';
  readonly migration_id: number;
  readonly record_time: string;
  /** The checkpoint after this marker. */
  readonly checkpoint: ScanSnapshotCheckpoint | ScanCheckpoint;
}

/**
 * One contract of the snapshot announced by the `ScanSnapshot` before it.
 * @category Streams
 * @since 0.2.0
 */
export interface ScanSnapshotContract {
  readonly _tag: 'ScanSnapshotContract';
  readonly migration_id: number;
  readonly record_time: string;
  readonly contract: ActiveContract;
  /** The checkpoint after this contract: a `ScanCheckpoint` at the snapshot's time after the last one. */
  readonly checkpoint: ScanSnapshotCheckpoint | ScanCheckpoint;
}

/**
 * An element of `scan.updatesFromSnapshot`.
 * @category Streams
 * @since 0.2.0
 */
export type ScanFeedItem = ScanSnapshot | ScanSnapshotContract | UpdateHistoryItemV2;

/**
 * The checkpoint of `scan.updatesFromSnapshot`.
 * @category Streams
 * @since 0.2.0
 */
export type ScanFeedCheckpoint = ScanCheckpoint | ScanSnapshotCheckpoint;
