import assert from 'node:assert/strict';
import { flattenUpdates } from '../../src/analytics/flattenUpdates';
import { historyColumns } from '../../src/analytics/historyColumns';
import type { SinkItem } from '../../src/sinks/Sink';
import { readFixture } from '../helpers/fixtures';
import { scanHistory } from '../helpers/scanHistory';
import { historyFacts } from '../helpers/historyFacts';

type Json = Record<string, unknown>;

const ledgerUpdates = (): SinkItem[] =>
  (readFixture('ledger', 'updates-ledger-effects__hyperledger-labs-splice-wallet-kernel__1.json') as Array<{ update: SinkItem }>).map((e) => e.update);

describe('flattenUpdates', () => {
  it('Scan (real MainNet transactions over three migrations, with reassignments): one row per update and per event, as counted from the items themselves', () => {
    const items = scanHistory(60);
    const rows = flattenUpdates(items as unknown as SinkItem[]);
    const facts = historyFacts(items);
    assert.equal(rows.updates.length, facts.updates);
    assert.equal(rows.events.length, facts.events);
    assert.deepEqual(rows.updates.map((u) => u.update_id).sort(), facts.ids);
    assert.equal(rows.updates.reduce((n, u) => n + u.event_count, 0), rows.events.length);
    const kinds = new Set(rows.updates.map((u) => u.kind));
    assert.deepEqual([...kinds].sort(), ['transaction', 'unassignment']);
    // The reassignment's migration id sits inside its event.
    const assigned = items.findIndex((i) => 'event' in i);
    assert.equal(rows.updates[assigned]!.migration_id, ((items[assigned] as Json).event as Json).migration_id);
  });

  it('walks a Scan transaction in execution order from root_event_ids (not in the text order of events_by_id keys) and splits the template id', () => {
    const tx = {
      update_id: 'u1',
      migration_id: 4,
      workflow_id: '',
      record_time: '2026-11-25T23:59:59.999999Z',
      synchronizer_id: 'global::1220',
      effective_at: '2026-11-25T23:59:59.000001Z',
      root_event_ids: ['u1:2', 'u1:10'],
      events_by_id: {
        'u1:10': { event_type: 'created_event', event_id: 'u1:10', contract_id: 'c10', template_id: 'pkg:Splice.Amulet:Amulet', package_name: 'splice-amulet', create_arguments: { amount: { initialAmount: '1.5' } }, created_at: '2026-11-25T23:59:59.000001Z', signatories: ['dso'], observers: [] },
        'u1:2': { event_type: 'exercised_event', event_id: 'u1:2', contract_id: 'c2', template_id: 'pkg:Splice.AmuletRules:AmuletRules', package_name: 'splice-amulet', choice: 'AmuletRules_Transfer', choice_argument: { x: 1 }, child_event_ids: ['u1:3'], exercise_result: { round: { number: '7' } }, consuming: false, acting_parties: ['alice'] },
        'u1:3': { event_type: 'exercised_event', event_id: 'u1:3', contract_id: 'c3', template_id: 'pkg:Splice.Amulet:Amulet', package_name: 'splice-amulet', choice: 'Archive', choice_argument: {}, child_event_ids: [], exercise_result: null, consuming: true, acting_parties: ['alice'], interface_id: 'ipkg:I:Holding' },
      },
    };
    const { updates, events } = flattenUpdates([tx as unknown as SinkItem]);
    assert.deepEqual(events.map((e) => [e.event_id, e.event_index, e.node_id, e.kind]), [['u1:2', 0, 2, 'exercised'], ['u1:3', 1, 3, 'exercised'], ['u1:10', 2, 10, 'created']]);
    assert.deepEqual([events[2]!.package_id, events[2]!.module_name, events[2]!.entity_name], ['pkg', 'Splice.Amulet', 'Amulet']);
    assert.deepEqual([events[1]!.consuming, events[1]!.interface_id, events[1]!.exercise_result], [true, 'ipkg:I:Holding', null]);
    assert.equal(events[0]!.payload, tx.events_by_id['u1:2'].choice_argument, 'the payload is the decoded value itself, not a copy');
    assert.deepEqual({ ...updates[0]!, note: updates[0]!.note }, {
      update_id: 'u1', migration_id: 4, synchronizer_id: 'global::1220', record_time: '2026-11-25T23:59:59.999999Z', effective_at: '2026-11-25T23:59:59.000001Z', day: '2026-11-25',
      offset: null, kind: 'transaction', workflow_id: null, event_count: 3, external_transaction_hash: null, note: null,
    });
  });

  it('keeps what it cannot interpret, saying why: an unknown event kind, an event outside the tree, an unknown update kind', () => {
    const tx = {
      update_id: 'u2', migration_id: 1, workflow_id: 'w', record_time: '2026-01-01T00:00:00Z', synchronizer_id: 's', effective_at: '2026-01-01T00:00:00Z', root_event_ids: ['u2:0'],
      events_by_id: { 'u2:0': { event_type: 'future_event', event_id: 'u2:0' }, 'u2:1': { event_type: 'created_event', event_id: 'u2:1', contract_id: 'c', template_id: 'p:M:T', package_name: 'n', create_arguments: {}, created_at: '2026-01-01T00:00:00Z', signatories: [], observers: [] } },
    };
    const odd = { update_id: 'u3', migration_id: 1, record_time: '2026-01-01T00:00:01.5+01:00', something: 'new' };
    const { updates, events } = flattenUpdates([tx, odd] as unknown as SinkItem[]);
    assert.deepEqual(events.map((e) => e.kind), ['unknown', 'created']);
    assert.deepEqual(events[0]!.payload, tx.events_by_id['u2:0']);
    assert.match(updates[0]!.note ?? '', /1 event\(s\) of a kind this version does not know; 1 event\(s\) outside the tree/);
    assert.deepEqual([updates[1]!.kind, updates[1]!.record_time, updates[1]!.day, updates[1]!.event_count], ['unknown', '2025-12-31T23:00:01.500000Z', '2025-12-31', 0]);
    assert.match(updates[1]!.note ?? '', /kind this version does not know/);
  });

  it('the ledger (ledger effects, a real capture): the same columns, event ids <update id>:<node id>, offsets in decimal; an OffsetCheckpoint gives no row', () => {
    const items = [...ledgerUpdates(), { OffsetCheckpoint: { value: { offset: 99, synchronizerTimes: [] } } } as unknown as SinkItem];
    const { updates, events } = flattenUpdates(items);
    const txs = items.filter((i) => 'Transaction' in (i as object)) as unknown as Array<{ Transaction: { value: { updateId: string; offset: number; events: unknown[] } } }>;
    assert.equal(updates.filter((u) => u.kind === 'transaction').length, txs.length);
    assert.equal(events.length, items.reduce((n, i) => n + ('Transaction' in (i as object) || 'Reassignment' in (i as object) ? ((i as Json)[Object.keys(i as object)[0]!] as { value: { events: unknown[] } }).value.events.length : 0), 0));
    const first = txs[0]!.Transaction.value;
    assert.equal(updates[0]!.offset, String(first.offset));
    assert.equal(updates[0]!.migration_id, null);
    assert.ok(events.filter((e) => e.update_id === first.updateId).every((e) => e.event_id === `${first.updateId}:${e.node_id}`));
    assert.ok(events.every((e) => ['created', 'exercised', 'archived'].includes(e.kind)));
  });

  it('fills every column of historyColumns on every row', () => {
    const { updates, events } = flattenUpdates([...(scanHistory(10) as unknown as SinkItem[]), ...ledgerUpdates()]);
    for (const u of updates) assert.deepEqual(Object.keys(u).sort(), historyColumns.updates.map((c) => c.name).sort());
    for (const e of events) assert.deepEqual(Object.keys(e).sort(), historyColumns.events.map((c) => c.name).sort());
  });
});
