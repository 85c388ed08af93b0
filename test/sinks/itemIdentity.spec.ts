import assert from 'node:assert/strict';
import { itemIdentity } from '../../src/sinks/itemIdentity';
import type { Update } from '../../src/codecs/ledger/Update';
import type { UpdateHistoryItemV2 } from '../../src/codecs/scan/UpdateHistoryItemV2';
import { readFixture } from '../helpers/fixtures';
import type { JsGetActiveContractsResponse } from '../../src/codecs/ledger/JsGetActiveContractsResponse';
import type { PrunedSnapshot, SnapshotContract } from '../../src/streams/LedgerFeedItem';
import type { ScanSnapshot, ScanSnapshotContract } from '../../src/streams/ScanFeedItem';

describe('itemIdentity', () => {
  it('a Scan transaction: migration and update id, its record time, kind transaction', () => {
    const page = readFixture('scan', 'v2-updates__JosefinHao-canton__1.json') as { transactions: UpdateHistoryItemV2[] };
    const tx = page.transactions[0] as UpdateHistoryItemV2 & { record_time: string; migration_id: number };
    assert.deepEqual(itemIdentity(tx), { identity: `4:${tx.update_id}`, updateId: tx.update_id, migrationId: 4, recordTime: tx.record_time, offset: null, kind: 'transaction' });
  });

  it('a Scan reassignment: the migration id of its event; assignment or unassignment', () => {
    const event = { submitter: 's', source_synchronizer: 'a', target_synchronizer: 'b', migration_id: 9, unassign_id: 'x', reassignment_counter: 1, contract_id: 'c' };
    const un = { update_id: 'u', offset: '0a', record_time: '2025-01-01T00:00:00.000001Z', event } as UpdateHistoryItemV2;
    assert.deepEqual(itemIdentity(un), { identity: '9:u', updateId: 'u', migrationId: 9, recordTime: '2025-01-01T00:00:00.000001Z', offset: '0a', kind: 'unassignment' });
    const as = { ...un, event: { ...event, created_event: {} } } as unknown as UpdateHistoryItemV2;
    assert.equal(itemIdentity(as)?.kind, 'assignment');
  });

  it('a ledger update: its update id and offset; an OffsetCheckpoint has none', () => {
    const [first] = readFixture('ledger', 'updates-ledger-effects__canton-network-splice-sv-voting-dapp__2.json') as Array<{ update: Update }>;
    const key = itemIdentity(first!.update)!;
    const value = Object.values(first!.update)[0].value as { updateId: string; offset: number };
    assert.deepEqual([key.identity, key.updateId, key.migrationId, key.offset], [value.updateId, value.updateId, null, String(value.offset)]);
    assert.equal(itemIdentity({ OffsetCheckpoint: { value: { offset: 3, synchronizerTimes: [] } } } as Update), undefined);
  });

  it('a snapshot’s marker and entries: by the snapshot’s offset, and an entry by its synchronizer and contract (or its reassignment)', () => {
    const [element] = readFixture('ledger', 'state-active-contracts__digital-asset-canton__1.json') as JsGetActiveContractsResponse[];
    const active = (element!.contractEntry as { JsActiveContract: { synchronizerId: string; createdEvent: { contractId: string } } }).JsActiveContract;
    const checkpoint = { stream: 'ledger.updates' as const, offset: 40 };
    const marker: PrunedSnapshot = { _tag: 'PrunedSnapshot', reason: 'pruned', activeAtOffset: 40, checkpoint };
    assert.deepEqual(itemIdentity(marker), { identity: 'snapshot:40', updateId: '', migrationId: null, recordTime: '', offset: '40', kind: 'snapshot' });
    const contract = (e: JsGetActiveContractsResponse): SnapshotContract => ({ _tag: 'SnapshotContract', activeAtOffset: 40, element: e, checkpoint });
    assert.deepEqual(itemIdentity(contract(element!)), {
      identity: `snapshot:40:${active.synchronizerId}:${active.createdEvent.contractId}`,
      updateId: '',
      migrationId: null,
      recordTime: '',
      offset: '40',
      kind: 'snapshot-contract',
    });
    const unassigned = { contractEntry: { JsIncompleteUnassigned: { createdEvent: active.createdEvent, unassignedEvent: { reassignmentId: 'r7', contractId: 'c1' } } } } as unknown as JsGetActiveContractsResponse;
    assert.equal(itemIdentity(contract(unassigned))!.identity, 'snapshot:40:unassigned:r7:c1');
    const assigned = { contractEntry: { JsIncompleteAssigned: { assignedEvent: { reassignmentId: 'r8', createdEvent: { contractId: 'c2' } } } } } as unknown as JsGetActiveContractsResponse;
    assert.equal(itemIdentity(contract(assigned))!.identity, 'snapshot:40:assigned:r8:c2');
    assert.equal(itemIdentity(contract({ contractEntry: { JsEmpty: {} } }))!.identity, 'snapshot:40:empty');
  });

  it('a Scan snapshot’s marker and contracts: by migration, snapshot time and contract id', () => {
    const checkpoint = { stream: 'scan.updates' as const, migration_id: 4, record_time: '2026-03-19T15:00:00Z' };
    const marker: ScanSnapshot = { _tag: 'ScanSnapshot', migration_id: 4, record_time: '2026-03-19T15:00:00Z', checkpoint };
    assert.deepEqual(itemIdentity(marker), { identity: 'snapshot:4:2026-03-19T15:00:00Z', updateId: '', migrationId: 4, recordTime: '2026-03-19T15:00:00Z', offset: null, kind: 'snapshot' });
    const contract = { _tag: 'ScanSnapshotContract', migration_id: 4, record_time: '2026-03-19T15:00:00Z', contract: { contract_id: '00ab' }, checkpoint } as unknown as ScanSnapshotContract;
    assert.deepEqual(itemIdentity(contract), { identity: 'snapshot:4:2026-03-19T15:00:00Z:00ab', updateId: '', migrationId: 4, recordTime: '2026-03-19T15:00:00Z', offset: null, kind: 'snapshot-contract' });
  });
});
