/**
 * The elements of `ledger.updatesWithSnapshot`: ledger updates, and where history was pruned, a
 * marker and the snapshot of active contracts that replaced it.
 */
import type { JsGetActiveContractsResponse } from '../codecs/ledger/JsGetActiveContractsResponse.js';
import type { Update } from '../codecs/ledger/Update.js';
import type { LedgerCheckpoint, LedgerSnapshotCheckpoint } from './checkpoints.js';

/**
 * "A snapshot replaced history up to `activeAtOffset`": what follows, up to the next
 * `PrunedSnapshot` or the first `Update`, are `SnapshotContract`s, the active contracts at that
 * offset; the updates after it continue from there. Whatever the consumer folded before this
 * marker is superseded: start the state afresh from the snapshot.
 *
 * - `reason: 'pruned'`: the stream started or resumed below the participant's pruning offset
 *   (`PARTICIPANT_PRUNED_DATA_ACCESSED`), or started from the ledger begin of a pruned participant;
 * - `reason: 'restarted'`: a snapshot being read could not be continued (the participant was
 *   pruned past it, or its page token was refused), and is read again, whole, at a newer offset.
 * @category Streams
 * @since 0.2.0
 */
export interface PrunedSnapshot {
  readonly _tag: 'PrunedSnapshot';
  readonly reason: 'pruned' | 'restarted';
  /** The offset the snapshot is taken at: the participant's pruning offset when it was read. */
  readonly activeAtOffset: number;
  /** The checkpoint after this marker. */
  readonly checkpoint: LedgerSnapshotCheckpoint | LedgerCheckpoint;
}

/**
 * One entry of the snapshot announced by the `PrunedSnapshot` before it, as the participant sent
 * it (`contractEntry` is usually a `JsActiveContract`).
 * @category Streams
 * @since 0.2.0
 */
export interface SnapshotContract {
  readonly _tag: 'SnapshotContract';
  readonly activeAtOffset: number;
  readonly element: JsGetActiveContractsResponse;
  /** The checkpoint after this entry: a `LedgerCheckpoint` at `activeAtOffset` after the last one. */
  readonly checkpoint: LedgerSnapshotCheckpoint | LedgerCheckpoint;
}

/**
 * An element of `ledger.updatesWithSnapshot`.
 * @category Streams
 * @since 0.2.0
 */
export type LedgerFeedItem = Update | PrunedSnapshot | SnapshotContract;

/**
 * The checkpoint of `ledger.updatesWithSnapshot`: a `LedgerCheckpoint` among updates, a
 * `LedgerSnapshotCheckpoint` inside a snapshot.
 * @category Streams
 * @since 0.2.0
 */
export type LedgerFeedCheckpoint = LedgerCheckpoint | LedgerSnapshotCheckpoint;
