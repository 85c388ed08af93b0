import type { Update } from '../codecs/ledger/Update.js';
import type { Update1 } from '../codecs/ledger/JsGetUpdateTreesResponse.js';
import type { UpdateHistoryItem } from '../codecs/scan/UpdateHistoryItem.js';
import type { UpdateHistoryItemV2 } from '../codecs/scan/UpdateHistoryItemV2.js';
import type { ActiveContract } from '../codecs/scan/ActiveContract.js';
import type { Contract } from '../codecs/splice/Contract.js';
import type { EventHistoryItem } from '../generated/scan/schemas.js';
import type { Checkpoint, EventsCheckpoint, HoldingsCheckpoint, LedgerCheckpoint, ScanCheckpoint, ValidatorLicensesCheckpoint } from './checkpoints.js';
import { itemCheckpoints } from './itemCheckpoints.js';
import type { Heartbeat } from './heartbeat.js';
import { isHeartbeat } from './isHeartbeat.js';
import { cursorOfItem } from '../paging/byScanCursor.js';
import { utcTimestamp } from '../paging/utcTimestamp.js';

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

/** @internal */
export { cursorOfItem } from '../paging/byScanCursor.js';

/** The `(migration_id, record_time)` and update id of an event (of its update, else of its verdict); undefined for an event with neither. @internal */
export const cursorOfEvent = (event: EventHistoryItem): { migration_id: number; record_time: string; update_id: string } | undefined => {
  if (event.update != null) return { ...cursorOfItem(event.update), update_id: event.update.update_id };
  if (event.verdict != null) return { migration_id: event.verdict.migration_id, record_time: utcTimestamp(event.verdict.record_time) ?? event.verdict.record_time, update_id: event.verdict.update_id };
  return undefined;
};

// A ledger update of a known kind or one an open union kept (docs/codecs.md): one variant key, its value.offset.
const isLedgerUpdate = (item: object): boolean => {
  let variant: unknown;
  let keys = 0;
  for (const k in item) {
    if (++keys > 1) return false;
    variant = (item as Record<string, unknown>)[k];
  }
  return typeof variant === 'object' && variant !== null && typeof (variant as { value?: { offset?: unknown } }).value?.offset === 'number';
};

const isEvent = (item: object): item is EventHistoryItem => !('update_id' in item) && ('update' in item || 'verdict' in item);

/** The checkpoint of a ledger update, read with care: an object of another shape has none. */
const ledgerCheckpointOf = (item: object): LedgerCheckpoint | undefined => {
  const offset = (Object.values(item)[0] as { value?: { offset?: unknown } } | null | undefined)?.value?.offset;
  return typeof offset === 'number' ? { stream: 'ledger.updates', offset } : undefined;
};

/** The checkpoint an item carries, or that the stream that emitted it recorded. */
const checkpointOfItem = (item: object): Checkpoint | undefined => {
  if (isHeartbeat(item as Heartbeat<Checkpoint>)) return (item as Heartbeat<Checkpoint>).checkpoint;
  const recorded = itemCheckpoints.get(item);
  if (recorded !== undefined) return recorded;
  if (isEvent(item)) {
    const c = cursorOfEvent(item);
    return c && { stream: 'scan.events', ...c };
  }
  if ('update_id' in item) return { stream: 'scan.updates', ...cursorOfItem(item as UpdateHistoryItem | UpdateHistoryItemV2), update_id: (item as UpdateHistoryItem).update_id };
  if (isLedgerUpdate(item)) return ledgerCheckpointOf(item);
  return undefined;
};

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
 * - a `Heartbeat`: the checkpoint it carries;
 * - an `EventHistoryItem` (from `scan.events`): the cursor of its update (else of its verdict);
 * - a `Contract` (from `scan.validatorLicenses`): the page token and contract id recorded for it.
 *
 * Items whose type another stream also emits (an `ActiveContract` of `scan.acsSnapshot`, an
 * `UpdateHistoryItem` of `scan.updatesBefore` or `scan.importUpdates`) take the stream's name as
 * second argument: `checkpointOf(item, 'scan.updatesBefore')` answers that stream's checkpoint,
 * or `undefined` when the item did not come from it. What is no item of a stream (`undefined`,
 * `null`, a number, an object of no known shape) has no checkpoint: `undefined`, never a throw.
 *
 * @example
 * ```ts
 * import { checkpointOf, createClient, type ScanCheckpoint } from 'canton-rx';
 * import * as E from 'fp-ts/lib/Either.js';
 *
 * declare const store: { load(): Promise<ScanCheckpoint | undefined>; save(checkpoint: ScanCheckpoint | undefined): Promise<void> }; // your database
 * const scan = createClient({ scan: { url: 'https://scan.example.com/api/scan' } }).scan;
 * // Deprecated: scan.pages.updates gives each record's checkpoint (docs/streams.md).
 * scan.updates({ page_size: 100 }, { from: await store.load() }).subscribe(async (r) => {
 *   if (E.isRight(r)) await store.save(checkpointOf(r.right)); // JSON: {stream, migration_id, record_time, update_id}
 * });
 * ```
 * @deprecated since 0.3.0: the page form of each stream (`client.scan.pages.*`,
 * `client.ledger.pages.*`) carries every record as `{ value, checkpoint }`; take the checkpoint
 * from there. Kept for one minor release.
 * @category Streams
 * @since 0.1.0
 */
export function checkpointOf<C extends Checkpoint>(heartbeat: Heartbeat<C>): C | undefined;
export function checkpointOf(update: Update | Update1): LedgerCheckpoint;
export function checkpointOf(item: UpdateHistoryItem | UpdateHistoryItemV2): ScanCheckpoint;
export function checkpointOf<I extends object, S extends Checkpoint['stream']>(item: I, stream: S): Extract<Checkpoint, { readonly stream: S }> | undefined;
export function checkpointOf(contract: ActiveContract): HoldingsCheckpoint | undefined;
export function checkpointOf(event: EventHistoryItem): EventsCheckpoint | undefined;
export function checkpointOf(licence: Contract): ValidatorLicensesCheckpoint | undefined;
export function checkpointOf(element: Update | Heartbeat<LedgerCheckpoint>): LedgerCheckpoint | undefined;
export function checkpointOf(element: UpdateHistoryItem | UpdateHistoryItemV2 | Heartbeat<ScanCheckpoint>): ScanCheckpoint | undefined;
export function checkpointOf(item: object, stream?: Checkpoint['stream']): Checkpoint | undefined {
  // JavaScript callers can pass anything: what is no item of a stream has no checkpoint.
  if (typeof item !== 'object' || item === null) return undefined;
  if (stream === undefined) {
    // The single-argument form keeps its answers for the streams it always served: a holdings
    // contract's recorded checkpoint, a Scan item's scan.updates cursor, a ledger update's offset.
    if (isHeartbeat(item as Heartbeat<Checkpoint>)) return (item as Heartbeat<Checkpoint>).checkpoint;
    if ('contract_id' in item && 'create_arguments' in item) {
      const recorded = itemCheckpoints.get(item);
      return recorded?.stream === 'scan.holdings' ? recorded : undefined;
    }
    if ('update_id' in item) return { stream: 'scan.updates', ...cursorOfItem(item as UpdateHistoryItem | UpdateHistoryItemV2), update_id: (item as UpdateHistoryItem).update_id };
    if (isEvent(item)) return checkpointOfItem(item);
    if ('payload' in item && 'created_event_blob' in item) return itemCheckpoints.get(item);
    return ledgerCheckpointOf(item);
  }
  const cp = checkpointOfItem(item);
  return cp?.stream === stream ? cp : undefined;
}

/**
 * The checkpoint after an item of a deprecated item stream as the stream that emitted it
 * recorded it (`scan.updatesBefore`, `scan.importUpdates`, ... whose items look like
 * `scan.updates` ones), else as `checkpointOf` derives it from the item: what `drainInto` stores
 * for an item stream.
 * @internal
 */
export const recordedCheckpointOf = (item: object): Checkpoint | undefined => itemCheckpoints.get(item) ?? checkpointOf(item as never);
