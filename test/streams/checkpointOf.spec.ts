import assert from 'node:assert/strict';
import { checkpointOf } from '../../src/streams/checkpointOf';
import { itemCheckpoints } from '../../src/streams/itemCheckpoints';
import type { Update } from '../../src/codecs/ledger/Update';
import type { UpdateHistoryItemV2 } from '../../src/codecs/scan/UpdateHistoryItemV2';
import type { ActiveContract } from '../../src/codecs/scan/ActiveContract';
import { readFixture } from '../helpers/fixtures';

describe('checkpointOf', () => {
  it('what is no item of a stream has no checkpoint: undefined, never a throw (JavaScript callers)', () => {
    const anyCheckpointOf = checkpointOf as unknown as (item: unknown, stream?: string) => unknown;
    for (const item of [undefined, null, 42, 'x', {}, { Transaction: {} }]) {
      assert.equal(anyCheckpointOf(item), undefined, String(item));
      assert.equal(anyCheckpointOf(item, 'ledger.updates'), undefined, String(item));
    }
  });

  it('a ledger update: its offset, whatever the variant', () => {
    const [first] = readFixture('ledger', 'updates-ledger-effects__canton-network-splice-sv-voting-dapp__2.json') as Array<{ update: Update }>;
    const tx = first!.update;
    assert.equal(checkpointOf(tx).stream, 'ledger.updates');
    assert.equal(typeof checkpointOf(tx).offset, 'number');
    const checkpoint = { OffsetCheckpoint: { value: { offset: 77, synchronizerTimes: [] } } } as Update;
    assert.deepEqual(checkpointOf(checkpoint), { stream: 'ledger.updates', offset: 77 });
  });

  it('a Scan transaction: its migration id, record time and update id, as JSON', () => {
    const page = readFixture('scan', 'v2-updates__JosefinHao-canton__1.json') as { transactions: UpdateHistoryItemV2[] };
    const tx = page.transactions[0]!;
    const cp = checkpointOf(tx);
    assert.deepEqual(JSON.parse(JSON.stringify(cp)), { stream: 'scan.updates', migration_id: 4, record_time: (tx as { record_time: string }).record_time, update_id: tx.update_id });
  });

  it('a Scan reassignment: the migration id inside its event', () => {
    const item = {
      update_id: 'u',
      offset: '01',
      record_time: '2025-01-01T00:00:00.000001Z',
      event: { submitter: 's', source_synchronizer: 'a', target_synchronizer: 'b', migration_id: 9, unassign_id: 'x', reassignment_counter: 1, contract_id: 'c' },
    } as UpdateHistoryItemV2;
    assert.deepEqual(checkpointOf(item), { stream: 'scan.updates', migration_id: 9, record_time: '2025-01-01T00:00:00.000001Z', update_id: 'u' });
  });

  it('a holdings contract: what the stream registered for that very object', () => {
    const contract = { contract_id: 'c1', template_id: 't', package_name: 'p', create_arguments: {}, created_at: '2025-01-01T00:00:00Z', signatories: [], observers: [] } as ActiveContract;
    assert.equal(checkpointOf(contract), undefined);
    itemCheckpoints.set(contract, { stream: 'scan.holdings', migration_id: 4, record_time: '2026-01-01T00:00:00Z', after: 'tok', contract_id: 'c1' });
    assert.deepEqual(checkpointOf(contract), { stream: 'scan.holdings', migration_id: 4, record_time: '2026-01-01T00:00:00Z', after: 'tok', contract_id: 'c1' });
  });

  it("an ACS snapshot contract is no holding: the one-argument form leaves it, the stream's name finds it", () => {
    const contract = { contract_id: 'c2', template_id: 't', package_name: 'p', create_arguments: {}, created_at: '2025-01-01T00:00:00Z', signatories: [], observers: [] } as ActiveContract;
    itemCheckpoints.set(contract, { stream: 'scan.acsSnapshot', migration_id: 4, record_time: '2026-01-01T00:00:00Z', contract_id: 'c2' });
    assert.equal(checkpointOf(contract), undefined);
    assert.deepEqual(checkpointOf(contract, 'scan.acsSnapshot'), { stream: 'scan.acsSnapshot', migration_id: 4, record_time: '2026-01-01T00:00:00Z', contract_id: 'c2' });
  });

  it('a second copy of the package (ESM beside CJS) finds what the first recorded', () => {
    const path = require.resolve('../../src/streams/itemCheckpoints');
    const first = require.cache[path];
    delete require.cache[path];
    try {
      const copy = (require(path) as { itemCheckpoints: WeakMap<object, unknown> }).itemCheckpoints;
      const item = {};
      itemCheckpoints.set(item, { stream: 'scan.updates', migration_id: 1, record_time: '2026-01-01T00:00:00Z' });
      assert.notEqual(require.cache[path], first, 'a second module instance was loaded');
      assert.deepEqual(copy.get(item), { stream: 'scan.updates', migration_id: 1, record_time: '2026-01-01T00:00:00Z' });
    } finally {
      if (first !== undefined) require.cache[path] = first;
    }
  });
});
