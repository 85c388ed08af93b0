import type * as E from 'fp-ts/lib/Either.js';
import type { Update } from '../codecs/ledger/Update.js';
import type { UpdateHistoryItem } from '../codecs/scan/UpdateHistoryItem.js';
import type { UpdateHistoryItemV2 } from '../codecs/scan/UpdateHistoryItemV2.js';
import type { CheckpointStore } from '../checkpoints/CheckpointStore.js';
import type { SinkError } from '../checkpoints/SinkError.js';
import type { Checkpoint } from '../streams/checkpoints.js';
import type { PrunedSnapshot, SnapshotContract } from '../streams/LedgerFeedItem.js';
import type { ScanSnapshot, ScanSnapshotContract } from '../streams/ScanFeedItem.js';

/**
 * An item a sink stores: a ledger `Update`, a Scan history item, or a snapshot's marker or entry:
 * `PrunedSnapshot` and `SnapshotContract` (from `ledger.updatesWithSnapshot`), `ScanSnapshot`
 * and `ScanSnapshotContract` (from `scan.updatesFromSnapshot`).
 * @category Sinks
 * @since 0.2.0
 */
export type SinkItem = Update | UpdateHistoryItem | UpdateHistoryItemV2 | PrunedSnapshot | SnapshotContract | ScanSnapshot | ScanSnapshotContract;

/**
 * Where a stream's items go together with its checkpoint. `commit` stores a batch of items and
 * advances the checkpoint to the one after the batch's last item, all or nothing, fenced by the
 * same compare-and-set as `CheckpointStore.save` (it is one: `save` commits an empty batch). A
 * sink is idempotent by item identity (see `itemIdentity`), so storing an item twice keeps one.
 *
 * `drainInto` runs a stream into a sink; `canton-rx/postgres` and `canton-rx/nats` make sinks.
 * @example
 * ```ts
 * import type { Sink, LedgerCheckpoint, SinkItem } from 'canton-rx';
 * import * as E from 'fp-ts/lib/Either.js';
 *
 * // A sink in memory, for tests: commit replaces the checkpoint only from the expected revision.
 * const stored: SinkItem[] = [];
 * let state = { checkpoint: undefined as LedgerCheckpoint | undefined, revision: 0 };
 * const memory: Sink<LedgerCheckpoint> = {
 *   load: async () => E.right(state),
 *   save: async (checkpoint, expected) => memory.commit([], checkpoint, expected),
 *   commit: async (items, checkpoint, expected) => {
 *     if (expected !== state.revision) return E.left({ _tag: 'CheckpointConflict', store: 'memory', expected, message: 'conflict' });
 *     stored.push(...items);
 *     state = { checkpoint, revision: expected + 1 };
 *     return E.right(state.revision);
 *   },
 * };
 * ```
 * @category Sinks
 * @since 0.2.0
 */
export interface Sink<C extends Checkpoint = Checkpoint, I = SinkItem> extends CheckpointStore<C> {
  /**
   * Stores `items` and the checkpoint after them in one atomic step if the stored revision is
   * `expected`; answers the new revision. `I`: the records a sink takes (default `SinkItem`, what
   * the postgres and NATS sinks index; a sink of your own may take any record).
   */
  commit(items: ReadonlyArray<I>, checkpoint: C, expected: number): Promise<E.Either<SinkError, number>>;
  /**
   * Makes durable what the commits so far accepted, for a sink that gathers several commits into
   * one write (the Parquet writer of canton-rx/duckdb fills a file from many pages): `drainInto`
   * calls it when the stream ends, before it completes. A sink without it stores each commit at once.
   * @since 0.5.0
   */
  flush?(): Promise<E.Either<SinkError, void>>;
}
