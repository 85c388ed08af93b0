import type { Update } from '../codecs/ledger/Update.js';
import type { Update1 } from '../codecs/ledger/JsGetUpdateTreesResponse.js';
import type { UpdateHistoryItem } from '../codecs/scan/UpdateHistoryItem.js';
import type { UpdateHistoryItemV2 } from '../codecs/scan/UpdateHistoryItemV2.js';
import type { ActiveContract } from '../codecs/scan/ActiveContract.js';
import type { Checkpoint, HoldingsCheckpoint, LedgerCheckpoint, ScanCheckpoint } from './checkpoints.js';
import type { Heartbeat } from './heartbeat.js';
import { isHeartbeat } from './isHeartbeat.js';
import { holdingsCheckpoints } from './holdingsCheckpoints.js';

/** The offset of any ledger update, whichever variant it is. @internal */
export const offsetOfUpdate = (update: Update): number => {
  const variant = Object.values(update)[0] as { value: { offset: number } };
  return variant.value.offset;
};

/**
 * The variant, update id and record time of a ledger update that is one (a transaction, a
 * reassignment or a topology transaction); `undefined` for an `OffsetCheckpoint`. @internal
 */
export const ledgerUpdateKey = (u: Update): { kind: 'Transaction' | 'Reassignment' | 'TopologyTransaction'; updateId: string; recordTime: string } | undefined => {
  if ('Transaction' in u) return { kind: 'Transaction', updateId: u.Transaction.value.updateId, recordTime: u.Transaction.value.recordTime };
  if ('Reassignment' in u) return { kind: 'Reassignment', updateId: u.Reassignment.value.updateId, recordTime: u.Reassignment.value.recordTime };
  if ('TopologyTransaction' in u) return { kind: 'TopologyTransaction', updateId: u.TopologyTransaction.value.updateId, recordTime: u.TopologyTransaction.value.recordTime };
  return undefined;
};

/** The `(migration_id, record_time)` cursor of a Scan history item. @internal */
export const cursorOfItem = (item: UpdateHistoryItem | UpdateHistoryItemV2): { migration_id: number; record_time: string } =>
  'event' in item ? { migration_id: item.event.migration_id, record_time: item.record_time } : { migration_id: item.migration_id, record_time: item.record_time };

/**
 * The checkpoint after an item of a record stream: persist it, and pass it back as
 * `options.from` to continue exactly after that item, nothing lost and nothing repeated.
 *
 * - a ledger `Update` (from `ledger.updates` or `ledger.ws.updates`), or a tree's `Update1`
 *   (from the deprecated `ledger.ws.trees`): its offset;
 * - a Scan history item (from `scan.updates`): its `(migration_id, record_time)`, with a
 *   reassignment's migration id taken from its `event`, and its `update_id`;
 * - an `ActiveContract` (from `scan.holdings`): the snapshot, page token and contract id, known
 *   for the very objects the stream emitted (a copy has none: `undefined`);
 * - a `Heartbeat`: the checkpoint it carries.
 *
 * @example
 * ```ts
 * import { checkpointOf, createClient } from 'canton-rx';
 * import * as E from 'fp-ts/lib/Either.js';
 *
 * const scan = createClient({ scan: { url: 'https://scan.example.com/api/scan' } }).scan;
 * scan.updates({ page_size: 100 }, { from: await store.load() }).subscribe(async (r) => {
 *   if (E.isRight(r)) await store.save(checkpointOf(r.right)); // JSON: {stream, migration_id, record_time, update_id}
 * });
 * ```
 * @category Streams
 * @since 0.1.0
 */
export function checkpointOf<C extends Checkpoint>(heartbeat: Heartbeat<C>): C | undefined;
export function checkpointOf(update: Update | Update1): LedgerCheckpoint;
export function checkpointOf(item: UpdateHistoryItem | UpdateHistoryItemV2): ScanCheckpoint;
export function checkpointOf(contract: ActiveContract): HoldingsCheckpoint | undefined;
export function checkpointOf(element: Update | Heartbeat<LedgerCheckpoint>): LedgerCheckpoint | undefined;
export function checkpointOf(element: UpdateHistoryItem | UpdateHistoryItemV2 | Heartbeat<ScanCheckpoint>): ScanCheckpoint | undefined;
export function checkpointOf(
  item: Update | Update1 | UpdateHistoryItem | UpdateHistoryItemV2 | ActiveContract | Heartbeat<Checkpoint>,
): Checkpoint | undefined {
  if (isHeartbeat(item)) return item.checkpoint;
  if ('contract_id' in item && 'create_arguments' in item) return holdingsCheckpoints.get(item);
  if ('update_id' in item) return { stream: 'scan.updates', ...cursorOfItem(item), update_id: item.update_id };
  return { stream: 'ledger.updates', offset: offsetOfUpdate(item as Update) };
}
