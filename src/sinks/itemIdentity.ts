import type { Update } from '../codecs/ledger/Update.js';
import type { UpdateHistoryItem } from '../codecs/scan/UpdateHistoryItem.js';
import type { UpdateHistoryItemV2 } from '../codecs/scan/UpdateHistoryItemV2.js';
import { cursorOfItem, ledgerUpdateKey, offsetOfUpdate } from '../streams/checkpointOf.js';
import type { SnapshotContract } from '../streams/LedgerFeedItem.js';
import type { SinkItem } from './Sink.js';

/**
 * The columns an indexer needs of one stored item, and its identity.
 * @category Sinks
 * @since 0.2.0
 */
export interface ItemKey {
  /**
   * What makes the item unique in its stream, and what duplicates are dropped by: the update id
   * of a ledger update; `<migration_id>:<update_id>` of a Scan item, since Scan keeps the history
   * of every migration and an id is only known to be unique within one.
   */
  readonly identity: string;
  readonly updateId: string;
  /** The Scan item's migration id (a reassignment's is inside its `event`); `null` for the ledger. */
  readonly migrationId: number | null;
  readonly recordTime: string;
  /** The ledger offset (decimal) or the Scan item's hex offset when it has one. */
  readonly offset: string | null;
  /**
   * `transaction`, `reassignment` or `topology` (ledger); `transaction`, `assignment` or
   * `unassignment` (Scan); `snapshot` (a snapshot's marker) or `snapshot-contract` (one of its
   * entries).
   */
  readonly kind: string;
}

/** What tells a snapshot entry from the others of its snapshot: a contract may have one per synchronizer, or in-flight reassignments. */
const entryKey = (item: SnapshotContract): string => {
  const entry = item.element.contractEntry;
  if (entry == null || 'JsEmpty' in entry) return 'empty';
  if ('JsActiveContract' in entry) return `${entry.JsActiveContract.synchronizerId}:${entry.JsActiveContract.createdEvent.contractId}`;
  if ('JsIncompleteAssigned' in entry) return `assigned:${entry.JsIncompleteAssigned.assignedEvent.reassignmentId}:${entry.JsIncompleteAssigned.assignedEvent.createdEvent.contractId}`;
  if ('JsIncompleteUnassigned' in entry) return `unassigned:${entry.JsIncompleteUnassigned.unassignedEvent.reassignmentId}:${entry.JsIncompleteUnassigned.unassignedEvent.contractId}`;
  // An entry kind this version does not know (an open union, docs/codecs.md): its JSON is its identity.
  return `unknown:${JSON.stringify(entry)}`;
};

const LEDGER_KINDS = { Transaction: 'transaction', Reassignment: 'reassignment', TopologyTransaction: 'topology' } as const;

/**
 * The identity and index columns of an item a sink stores; `undefined` for a ledger
 * `OffsetCheckpoint`, which carries no update and is not stored (it only advances the checkpoint).
 * @example
 * ```ts
 * import { itemIdentity, type SinkItem } from 'canton-rx';
 * declare const item: SinkItem;
 * const key = itemIdentity(item); // { identity: '4:1220…', updateId: '1220…', migrationId: 4, kind: 'transaction', … }
 * ```
 * @category Sinks
 * @since 0.2.0
 */
export const itemIdentity = (item: SinkItem): ItemKey | undefined => {
  if ('_tag' in item && (item._tag === 'ScanSnapshot' || item._tag === 'ScanSnapshotContract')) {
    const at = `snapshot:${item.migration_id}:${item.record_time}`;
    const common = { updateId: '', migrationId: item.migration_id, recordTime: item.record_time, offset: null };
    if (item._tag === 'ScanSnapshot') return { identity: at, ...common, kind: 'snapshot' };
    return { identity: `${at}:${item.contract.contract_id}`, ...common, kind: 'snapshot-contract' };
  }
  if ('_tag' in item) {
    // A snapshot's entries are told apart within their snapshot, and snapshots by their offset:
    // a snapshot read again at a newer offset is stored again, after its own marker.
    const offset = String(item.activeAtOffset);
    if (item._tag === 'PrunedSnapshot') return { identity: `snapshot:${offset}`, updateId: '', migrationId: null, recordTime: '', offset, kind: 'snapshot' };
    return { identity: `snapshot:${offset}:${entryKey(item)}`, updateId: '', migrationId: null, recordTime: '', offset, kind: 'snapshot-contract' };
  }
  if ('update_id' in item) {
    const scan = item as UpdateHistoryItem | UpdateHistoryItemV2;
    const { migration_id } = cursorOfItem(scan);
    // An item or event of a kind this version does not know (open unions, docs/codecs.md): 'unknown'.
    const kind = 'event' in scan ? ('created_event' in scan.event ? 'assignment' : 'contract_id' in scan.event ? 'unassignment' : 'unknown') : 'events_by_id' in scan || 'root_event_ids' in scan ? 'transaction' : 'unknown';
    const offset = (scan as { offset?: string | null }).offset;
    return { identity: `${migration_id}:${scan.update_id}`, updateId: scan.update_id, migrationId: migration_id, recordTime: scan.record_time, offset: offset ?? null, kind };
  }
  const update = item as Update;
  const key = ledgerUpdateKey(update);
  if (key === undefined) {
    // An update kind this version does not know is stored under its offset, its only known field.
    if ('OffsetCheckpoint' in update) return undefined;
    const offset = String(offsetOfUpdate(update));
    return { identity: `offset:${offset}`, updateId: '', migrationId: null, recordTime: '', offset, kind: 'unknown' };
  }
  return { identity: key.updateId, updateId: key.updateId, migrationId: null, recordTime: key.recordTime, offset: String(offsetOfUpdate(update)), kind: LEDGER_KINDS[key.kind] };
};
