/**
 * Renders history updates and contracts in Scan's (and the validator scan-proxy's) wire shapes.
 */
import { compact, protobufJson, type DamlValue, type Json } from './daml.js';
import { blobFor } from './ids.js';
import type { ContractData, ContractState, HistoryUpdate, TreeNode } from './model.js';
import { formatDateTime, formatInstant, formatMicros6 } from './time.js';

export type DamlValueEncoding = 'compact_json' | 'protobuf_json';
export type ScanVersion = 'v1' | 'v2';

const encode = (value: DamlValue, encoding: DamlValueEncoding): Json => (encoding === 'compact_json' ? compact(value) : protobufJson(value));

/** A Scan node offset: a legacy hex offset (version byte + 8 bytes), increasing within this Scan. */
export const scanOffset = (index: number): string => `00${(index + 1).toString(16).padStart(16, '0')}`;

const eventId = (updateId: string, nodeId: number): string => `${updateId}:${nodeId}`;

const createdEvent = (id: string, c: ContractData, encoding: DamlValueEncoding): Json => ({
  event_type: 'created_event',
  event_id: id,
  contract_id: c.contractId,
  template_id: c.template.id,
  package_name: c.template.packageName,
  create_arguments: encode(c.args, encoding),
  // A `date-time` field: Scan trims the fraction (MainNet pages have 4- and 5-digit ones), unlike
  // `effective_at` and the plain-string `created_at` of a Splice `Contract`.
  created_at: formatDateTime(c.createdAt),
  signatories: [...c.signatories],
  observers: [...c.observers],
});

const treeEvent = (updateId: string, node: TreeNode, encoding: DamlValueEncoding): Json => {
  if (node.kind === 'created') return createdEvent(eventId(updateId, node.nodeId), node.contract, encoding);
  return {
    event_type: 'exercised_event',
    event_id: eventId(updateId, node.nodeId),
    contract_id: node.contractId,
    template_id: node.template.id,
    package_name: node.template.packageName,
    choice: node.choice,
    choice_argument: encode(node.argument, encoding),
    child_event_ids: node.children.map((c) => eventId(updateId, c)),
    exercise_result: encode(node.result, encoding),
    consuming: node.consuming,
    acting_parties: [...node.actingParties],
    interface_id: node.interfaceId?.id ?? null,
  };
};

/** One `UpdateHistoryItem` (v1, with `offset`) or `UpdateHistoryItemV2` (v2, keys of `events_by_id` sorted). */
export const scanItem = (u: HistoryUpdate, version: ScanVersion, encoding: DamlValueEncoding): Json => {
  if (u.kind === 'transaction') {
    const nodes = version === 'v2' ? [...u.nodes].sort((a, b) => (eventId(u.updateId, a.nodeId) < eventId(u.updateId, b.nodeId) ? -1 : 1)) : u.nodes;
    const eventsById: { [key: string]: Json } = {};
    for (const node of nodes) eventsById[eventId(u.updateId, node.nodeId)] = treeEvent(u.updateId, node, encoding);
    const item: { [key: string]: Json } = {
      update_id: u.updateId,
      migration_id: u.migrationId,
      workflow_id: '',
      record_time: formatMicros6(u.recordTime),
      synchronizer_id: u.synchronizerId,
      effective_at: formatInstant(u.effectiveAt),
    };
    if (version === 'v1') item['offset'] = scanOffset(u.index);
    item['root_event_ids'] = u.roots.map((r) => eventId(u.updateId, r));
    item['events_by_id'] = eventsById;
    if (u.externalTransactionHash !== undefined) item['external_transaction_hash'] = u.externalTransactionHash;
    return item;
  }
  const event: Json =
    u.kind === 'assign'
      ? {
          submitter: u.submitter,
          source_synchronizer: u.source,
          target_synchronizer: u.target,
          migration_id: u.migrationId,
          unassign_id: u.unassignId,
          created_event: createdEvent(eventId(u.updateId, 0), u.contract, encoding),
          reassignment_counter: u.counter,
        }
      : {
          submitter: u.submitter,
          source_synchronizer: u.source,
          migration_id: u.migrationId,
          target_synchronizer: u.target,
          unassign_id: u.unassignId,
          reassignment_counter: u.counter,
          contract_id: u.contract.contractId,
        };
  return { update_id: u.updateId, offset: scanOffset(u.index), record_time: formatMicros6(u.recordTime), event };
};

/** Splice's `Contract`. */
export const spliceContract = (seed: string, c: ContractData): Json => ({
  template_id: c.template.id,
  contract_id: c.contractId,
  payload: compact(c.args),
  created_event_blob: blobFor(seed, c.contractId),
  created_at: formatInstant(c.createdAt),
});

/** Splice's `ContractWithState` (no `domain_id` while in flight). */
export const contractWithState = (seed: string, s: ContractState): Json =>
  s.inFlight ? { contract: spliceContract(seed, s.data) } : { contract: spliceContract(seed, s.data), domain_id: s.synchronizerId };

/** Scan's `ActiveContract` (holdings). */
export const activeContract = (c: ContractData, snapshotMigration: number, updateId: string): Json => {
  const out: { [key: string]: Json } = {};
  if (c.createdInMigration === snapshotMigration) out['created_in_update_id'] = updateId;
  out['contract_id'] = c.contractId;
  out['template_id'] = c.template.id;
  out['package_name'] = c.template.packageName;
  out['create_arguments'] = compact(c.args);
  out['created_at'] = formatDateTime(c.createdAt);
  out['signatories'] = [...c.signatories];
  out['observers'] = [...c.observers];
  return out;
};
