import type { Update } from '../codecs/ledger/Update.js';
import type { JsTransaction } from '../codecs/ledger/JsTransaction.js';
import type { JsReassignment } from '../codecs/ledger/JsReassignment.js';
import type { UpdateHistoryItemV2 } from '../codecs/scan/UpdateHistoryItemV2.js';
import type { UpdateHistoryTransactionV2 } from '../codecs/scan/UpdateHistoryTransactionV2.js';
import type { UpdateHistoryReassignment } from '../codecs/scan/UpdateHistoryReassignment.js';
import type { SinkItem } from '../sinks/Sink.js';
import { itemIdentity } from '../sinks/itemIdentity.js';
import { utcTimestamp } from '../time/utcTimestamp.js';
import { activityRows } from './activityRows.js';
import type { BalanceChangeRow, EventRow, HistoryRows, TransferRow } from './HistoryRows.js';

/** `YYYY-MM-DDTHH:MM:SS.ffffffZ`: the UTC instant cut (never rounded) to microseconds. */
const micros = (ts: string): string => {
  // Scan's and most ledger times already are this: the fast path allocates nothing.
  if (ts.length === 27 && ts.charCodeAt(26) === 90 /* Z */ && ts.charCodeAt(19) === 46 /* . */) return ts;
  const utc = utcTimestamp(ts);
  const fraction = utc.charCodeAt(19) === 46 ? utc.slice(20, -1) : '';
  return `${utc.slice(0, 19)}.${(fraction + '000000').slice(0, 6)}Z`;
};

/** A template or interface id `<package>:<module>:<entity>` (the module may hold dots, never colons). */
interface TemplateParts {
  readonly package_id: string | null;
  readonly module_name: string | null;
  readonly entity_name: string | null;
}

const NO_TEMPLATE: TemplateParts = { package_id: null, module_name: null, entity_name: null };

const templateParts = (id: string): TemplateParts => {
  const first = id.indexOf(':');
  const last = id.lastIndexOf(':');
  // Not three parts: the whole id stays in entity_name, so that nothing is lost.
  if (first < 0 || last === first) return { package_id: null, module_name: null, entity_name: id };
  return { package_id: id.slice(0, first), module_name: id.slice(first + 1, last), entity_name: id.slice(last + 1) };
};

/** The node of Scan's `<update id>:<node>` event id, when it is a whole number. */
const nodeOf = (eventId: string): number | null => {
  const n = Number(eventId.slice(eventId.lastIndexOf(':') + 1));
  return Number.isSafeInteger(n) && n >= 0 ? n : null;
};

/** Where the activity tables' rows go, when asked for. */
interface ActivityOut {
  readonly transfers: TransferRow[];
  readonly balance_changes: BalanceChangeRow[];
}

/** The fields every event row of one update shares. */
interface Common {
  readonly update_id: string;
  readonly migration_id: number | null;
  readonly record_time: string;
  readonly day: string;
}

/** A row with every column set, so that all rows share one shape (one hidden class: fast to make and read). */
const eventRow = (c: Common, event_id: string, node_id: number | null, event_index: number, kind: string, template: TemplateParts, package_name: string | null, extra: Partial<EventRow>): EventRow => ({
  update_id: c.update_id,
  migration_id: c.migration_id,
  event_id,
  node_id,
  event_index,
  kind,
  package_name,
  module_name: template.module_name,
  entity_name: template.entity_name,
  package_id: template.package_id,
  choice: extra.choice ?? null,
  interface_id: extra.interface_id ?? null,
  contract_id: extra.contract_id ?? null,
  consuming: extra.consuming ?? null,
  acting_parties: extra.acting_parties ?? null,
  signatories: extra.signatories ?? null,
  observers: extra.observers ?? null,
  payload: extra.payload,
  exercise_result: extra.exercise_result,
  record_time: c.record_time,
  day: c.day,
});

const unknownEvent = (c: Common, index: number, event: unknown): EventRow =>
  eventRow(c, `${c.update_id}:?${index}`, null, index, 'unknown', NO_TEMPLATE, null, { payload: event });

type ScanTreeEvent = UpdateHistoryTransactionV2['events_by_id'][string];

const scanEvent = (c: Common, id: string, index: number, e: ScanTreeEvent): EventRow => {
  const any = e as { event_type?: unknown };
  if (any.event_type === 'created_event') {
    const created = e as Extract<ScanTreeEvent, { event_type: 'created_event' }>;
    return eventRow(c, id, nodeOf(id), index, 'created', templateParts(created.template_id), created.package_name, {
      contract_id: created.contract_id,
      signatories: created.signatories,
      observers: created.observers,
      payload: created.create_arguments,
    });
  }
  if (any.event_type === 'exercised_event') {
    const ex = e as Extract<ScanTreeEvent, { event_type: 'exercised_event' }>;
    return eventRow(c, id, nodeOf(id), index, 'exercised', templateParts(ex.template_id), ex.package_name, {
      contract_id: ex.contract_id,
      choice: ex.choice,
      interface_id: ex.interface_id ?? null,
      consuming: ex.consuming,
      acting_parties: ex.acting_parties,
      payload: ex.choice_argument,
      exercise_result: ex.exercise_result,
    });
  }
  return unknownEvent(c, index, e);
};

const isNotReached = (seen: Set<string>) => (id: string) => !seen.has(id);

/** A Scan transaction's events in execution order: the tree walked from its roots (`events_by_id` keys sort as text). */
const scanTransaction = (tx: UpdateHistoryTransactionV2, out: HistoryRows, activity: ActivityOut | undefined): void => {
  const record_time = micros(tx.record_time);
  const c: Common = { update_id: tx.update_id, migration_id: tx.migration_id, record_time, day: record_time.slice(0, 10) };
  const byId = tx.events_by_id;
  const start = out.events.length;
  const stack: string[] = [];
  for (let i = tx.root_event_ids.length - 1; i >= 0; i--) stack.push(tx.root_event_ids[i]!);
  let index = 0;
  let unknown = 0;
  const seen = new Set<string>();
  while (stack.length > 0) {
    const id = stack.pop()!;
    const e = byId[id];
    // A dangling or repeated id (a broken tree) is skipped here; the events it leaves out are kept below.
    if (e === undefined || seen.has(id)) continue;
    seen.add(id);
    const row = scanEvent(c, id, index++, e);
    if (row.kind === 'unknown') unknown++;
    out.events.push(row);
    const children = (e as { child_event_ids?: ReadonlyArray<string> }).child_event_ids;
    if (children !== undefined) for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
  // Events no root reaches are never dropped: they follow, in key order.
  const orphans = index === Object.keys(byId).length ? [] : Object.keys(byId).filter(isNotReached(seen));
  for (const id of orphans) {
    const row = scanEvent(c, id, index++, byId[id]!);
    if (row.kind === 'unknown') unknown++;
    out.events.push(row);
  }
  const notes = [unknown > 0 ? `${unknown} event(s) of a kind this version does not know` : '', orphans.length > 0 ? `${orphans.length} event(s) outside the tree of root_event_ids` : ''].filter((n) => n !== '');
  out.updates.push({
    update_id: tx.update_id,
    migration_id: tx.migration_id,
    synchronizer_id: tx.synchronizer_id,
    record_time,
    effective_at: micros(tx.effective_at),
    day: c.day,
    offset: tx.offset ?? null,
    kind: 'transaction',
    workflow_id: tx.workflow_id === '' ? null : tx.workflow_id,
    event_count: out.events.length - start,
    external_transaction_hash: tx.external_transaction_hash ?? null,
    note: notes.length > 0 ? notes.join('; ') : null,
  });
  if (activity !== undefined) activityRows(tx, c, activity);
};

const scanReassignment = (r: UpdateHistoryReassignment, out: HistoryRows): void => {
  const record_time = micros(r.record_time);
  const ev = r.event as { migration_id: number; created_event?: unknown; contract_id?: unknown };
  const c: Common = { update_id: r.update_id, migration_id: ev.migration_id, record_time, day: record_time.slice(0, 10) };
  let kind: string;
  let synchronizer: string | null = null;
  let row: EventRow;
  if (ev.created_event !== undefined) {
    const a = r.event as Extract<UpdateHistoryReassignment['event'], { created_event: unknown }>;
    const created = a.created_event;
    kind = 'assignment';
    synchronizer = a.target_synchronizer;
    row = eventRow(c, created.event_id, nodeOf(created.event_id), 0, 'assigned', templateParts(created.template_id), created.package_name, {
      contract_id: created.contract_id,
      signatories: created.signatories,
      observers: created.observers,
      acting_parties: [a.submitter],
      payload: created.create_arguments,
    });
  } else if (typeof ev.contract_id === 'string') {
    const u = r.event as Extract<UpdateHistoryReassignment['event'], { contract_id: string }>;
    kind = 'unassignment';
    synchronizer = u.source_synchronizer;
    row = eventRow(c, `${r.update_id}:0`, 0, 0, 'unassigned', NO_TEMPLATE, null, { contract_id: u.contract_id, acting_parties: [u.submitter] });
  } else {
    kind = 'reassignment';
    row = unknownEvent(c, 0, r.event);
  }
  out.events.push(row);
  out.updates.push({
    update_id: r.update_id,
    migration_id: ev.migration_id,
    synchronizer_id: synchronizer,
    record_time,
    effective_at: null,
    day: c.day,
    offset: r.offset,
    kind,
    workflow_id: null,
    event_count: 1,
    external_transaction_hash: null,
    note: row.kind === 'unknown' ? 'a reassignment event of a kind this version does not know' : null,
  });
};

type LedgerEvent = JsTransaction['events'][number];
type LedgerCreated = Extract<LedgerEvent, { CreatedEvent: unknown }>['CreatedEvent'];

/** A ledger created event's row: a transaction's `created`, or a reassignment's `assigned` (with its submitter). */
const ledgerCreated = (c: Common, index: number, x: LedgerCreated, kind: 'created' | 'assigned', acting_parties: ReadonlyArray<string> | null): EventRow =>
  eventRow(c, `${c.update_id}:${x.nodeId}`, x.nodeId, index, kind, templateParts(x.templateId), x.packageName, {
    contract_id: x.contractId,
    signatories: x.signatories,
    observers: x.observers ?? null,
    acting_parties,
    payload: x.createArgument,
  });

const ledgerEvent = (c: Common, index: number, e: LedgerEvent): EventRow => {
  if ('CreatedEvent' in e) return ledgerCreated(c, index, e.CreatedEvent, 'created', null);
  if ('ExercisedEvent' in e) {
    const x = e.ExercisedEvent;
    return eventRow(c, `${c.update_id}:${x.nodeId}`, x.nodeId, index, 'exercised', templateParts(x.templateId), x.packageName, {
      contract_id: x.contractId,
      choice: x.choice,
      interface_id: x.interfaceId ?? null,
      consuming: x.consuming,
      acting_parties: x.actingParties,
      payload: x.choiceArgument,
      exercise_result: x.exerciseResult,
    });
  }
  if ('ArchivedEvent' in e) {
    const x = e.ArchivedEvent;
    return eventRow(c, `${c.update_id}:${x.nodeId}`, x.nodeId, index, 'archived', templateParts(x.templateId), x.packageName, { contract_id: x.contractId });
  }
  return unknownEvent(c, index, e);
};

const ledgerTransaction = (tx: JsTransaction, out: HistoryRows): void => {
  const record_time = micros(tx.recordTime);
  const c: Common = { update_id: tx.updateId, migration_id: null, record_time, day: record_time.slice(0, 10) };
  let unknown = 0;
  for (let i = 0; i < tx.events.length; i++) {
    const row = ledgerEvent(c, i, tx.events[i]!);
    if (row.kind === 'unknown') unknown++;
    out.events.push(row);
  }
  out.updates.push({
    update_id: tx.updateId,
    migration_id: null,
    synchronizer_id: tx.synchronizerId,
    record_time,
    effective_at: micros(tx.effectiveAt),
    day: c.day,
    offset: String(tx.offset),
    kind: 'transaction',
    workflow_id: tx.workflowId == null || tx.workflowId === '' ? null : tx.workflowId,
    event_count: tx.events.length,
    external_transaction_hash: tx.externalTransactionHash ?? tx.transactionHash ?? null,
    note: unknown > 0 ? `${unknown} event(s) of a kind this version does not know` : null,
  });
};

const ledgerReassignment = (r: JsReassignment, out: HistoryRows): void => {
  const record_time = micros(r.recordTime);
  const c: Common = { update_id: r.updateId, migration_id: null, record_time, day: record_time.slice(0, 10) };
  let unknown = 0;
  r.events.forEach((e, i) => {
    let row: EventRow;
    if ('JsAssignmentEvent' in e) {
      const a = e.JsAssignmentEvent;
      row = ledgerCreated(c, i, a.createdEvent, 'assigned', [a.submitter]);
    } else if ('JsUnassignedEvent' in e) {
      const x = e.JsUnassignedEvent.value;
      row = eventRow(c, `${c.update_id}:${x.nodeId}`, x.nodeId, i, 'unassigned', templateParts(x.templateId), x.packageName, {
        contract_id: x.contractId,
        acting_parties: x.submitter == null ? null : [x.submitter],
      });
    } else {
      row = unknownEvent(c, i, e);
      unknown++;
    }
    out.events.push(row);
  });
  out.updates.push({
    update_id: r.updateId,
    migration_id: null,
    synchronizer_id: r.synchronizerId,
    record_time,
    effective_at: null,
    day: c.day,
    offset: String(r.offset),
    kind: 'reassignment',
    workflow_id: r.workflowId == null || r.workflowId === '' ? null : r.workflowId,
    event_count: r.events.length,
    external_transaction_hash: null,
    note: unknown > 0 ? `${unknown} event(s) of a kind this version does not know` : null,
  });
};

/** An update with no events this version can read (a topology transaction, a snapshot marker or entry, an unknown kind): one row that says what it is. */
const bareUpdate = (item: SinkItem, out: HistoryRows, note: string | null): void => {
  const key = itemIdentity(item);
  if (key === undefined) return; // a ledger OffsetCheckpoint: no update, only a checkpoint
  const record_time = key.recordTime === '' ? '1970-01-01T00:00:00.000000Z' : micros(key.recordTime);
  out.updates.push({
    update_id: key.updateId === '' ? key.identity : key.updateId,
    migration_id: key.migrationId,
    synchronizer_id: null,
    record_time,
    effective_at: null,
    day: record_time.slice(0, 10),
    offset: key.offset,
    kind: key.kind,
    workflow_id: null,
    event_count: 0,
    external_transaction_hash: null,
    note: key.recordTime === '' ? (note === null ? 'no record time: 1970-01-01 stands for it' : `${note}; no record time: 1970-01-01 stands for it`) : note,
  });
};

/**
 * Flattens updates into table rows: one `updates` row per update, one `events` row per event
 * (in execution order), the same columns from Scan (`scan.updates` v2 items) and from the ledger
 * (`ledger.updates`) where the fields exist. Pure and fast (no copy of payloads: an event row
 * points at its update's arguments); every writer of canton-rx/duckdb uses it. Nothing is dropped:
 * an update or event of a kind this version does not know is a row of kind `unknown` (its JSON
 * in `payload`) and its update's `note` says why; a ledger `OffsetCheckpoint` carries no update
 * and gives no row; a topology transaction or a snapshot's marker or entry gives an `updates`
 * row of its kind and no events. With `{ activity: true }` it also fills `transfers` and
 * `balance_changes` from Scan's transactions, as `activityOf` reads them (the ledger's updates
 * give none).
 * @example
 * ```ts
 * import { flattenUpdates, type SinkItem } from 'canton-rx';
 * declare const page: SinkItem[];
 * const { updates, events } = flattenUpdates(page);
 * const created = events.filter((e) => e.kind === 'created' && e.entity_name === 'Amulet').length;
 * const { transfers = [] } = flattenUpdates(page, { activity: true });
 * ```
 * @category Analytics
 * @since 0.5.0
 */
export const flattenUpdates = (items: ReadonlyArray<SinkItem>, options?: { readonly activity?: boolean }): HistoryRows => {
  const activity: ActivityOut | undefined = options?.activity === true ? { transfers: [], balance_changes: [] } : undefined;
  const out: HistoryRows = activity === undefined ? { updates: [], events: [] } : { updates: [], events: [], ...activity };
  for (const item of items) {
    if ('update_id' in item && !('_tag' in item)) {
      const scan = item as UpdateHistoryItemV2;
      if ('events_by_id' in scan) scanTransaction(scan as UpdateHistoryTransactionV2, out, activity);
      else if ('event' in scan) scanReassignment(scan as UpdateHistoryReassignment, out);
      else bareUpdate(item, out, 'an update of a kind this version does not know');
      continue;
    }
    if ('_tag' in item) {
      bareUpdate(item, out, null);
      continue;
    }
    const update = item as Update;
    if ('Transaction' in update) ledgerTransaction(update.Transaction.value, out);
    else if ('Reassignment' in update) ledgerReassignment(update.Reassignment.value, out);
    else if ('TopologyTransaction' in update) bareUpdate(item, out, null);
    else if (!('OffsetCheckpoint' in update)) bareUpdate(item, out, 'an update of a kind this version does not know');
  }
  return out;
};
