import assert from 'node:assert/strict';
import { strictDecoding } from '../../../src/codecs/common/openMembers.js';
import { readFixture } from '../../helpers/fixtures.js';
import * as scan from '../../../src/codecs/scan/index.js';
import { clone, decodeIssues, decodeOk, notAny } from './helpers.js';

type Json = { [key: string]: unknown };
type Tx = Json & { events_by_id: Record<string, Json>; root_event_ids: string[] };
type Page = { transactions: Tx[] };

// A real MainNet page: 100 transactions of migration 4, 475 exercised and 216 created events.
const mainNet = readFixture('scan', 'v2-updates__JosefinHao-canton__1.json') as Page;
const page = (): Page => clone(mainNet);

// transactions[3]: ":0" exercises ValidatorLicense_RecordValidatorLivenessActivity, ":1" and ":2" are creates.
const tx3 = mainNet.transactions[3]!;
const exercisedKey = `${tx3['update_id'] as string}:0`;
const createdKey = `${tx3['update_id'] as string}:1`;

/** A reassignment built from the real created event of transactions[3]. */
const assignment = (): Json => ({
  update_id: '1220aa5f0e3d1c6b4e1d6a2c0f3f0e5e8f1b7d2a4c6e8f0a2b4c6d8e0f1a3b5c7d9e',
  offset: '00000000000000002a',
  record_time: '2025-12-10T16:24:00.123456Z',
  event: {
    submitter: 'DSO::1220b1431ef217342db44d516bb9befde802be7d8899637d290895fa58880f19accc',
    source_synchronizer: 'global-domain::1220b1431ef217342db44d516bb9befde802be7d8899637d290895fa58880f19accc',
    target_synchronizer: 'other-domain::1220b1431ef217342db44d516bb9befde802be7d8899637d290895fa58880f19accc',
    migration_id: 4,
    unassign_id: '1220bb5f0e3d1c6b4e1d6a2c0f3f0e5e8f1b7d2a4c6e8f0a2b4c6d8e0f1a3b5c7d9e',
    created_event: clone(tx3.events_by_id[createdKey]),
    reassignment_counter: 1,
  },
});
const unassignment = (): Json => {
  const r = assignment();
  const { created_event, ...rest } = r['event'] as Json;
  return { ...r, event: { ...rest, contract_id: (created_event as Json)['contract_id'] } };
};

describe('scan update history codecs', () => {
  it('exported types are precise (no any)', () => {
    notAny<scan.UpdateHistoryItemV2>(true);
    notAny<scan.UpdateHistoryItem>(true);
    notAny<scan.TreeEvent>(true);
    notAny<scan.UpdateHistoryReassignment['event']>(true);
    notAny<scan.GetRewardAccountingRootHashResponse>(true);
    const e = {} as scan.TreeEvent;
    // TreeEvent narrows on event_type.
    if (e.event_type === 'exercised_event') notAny<typeof e.consuming>(true);
  });

  describe('mutations of a MainNet page point at the mutated spot', () => {
    it('a bad timestamp inside a created event', () => {
      const p = page();
      p.transactions[3]!.events_by_id[createdKey]!['created_at'] = '2025-12-10 16:23:08Z';
      const issues = decodeIssues(scan.UpdateHistoryResponseV2, p);
      assert.equal(issues[0]!.path, `transactions.3.events_by_id.${createdKey}.created_at`);
      assert.equal(issues[0]!.expected, 'Timestamp');
      assert.equal(issues[0]!.actual, '"2025-12-10 16:23:08Z"');
      // The union chose the transaction and the tree event chose CreatedEvent: no noise from other members.
      assert.equal(issues.length, 1);
    });

    it('a bad record_time of the transaction', () => {
      const p = page();
      p.transactions[42]!['record_time'] = 1765383805;
      const issues = decodeIssues(scan.UpdateHistoryResponseV2, p);
      assert.deepEqual(
        issues.map((i) => [i.path, i.expected]),
        [['transactions.42.record_time', 'Timestamp']],
      );
    });

    it('a missing required field', () => {
      const p = page();
      delete p.transactions[5]!['update_id'];
      delete p.transactions[3]!.events_by_id[exercisedKey]!['choice'];
      const issues = decodeIssues(scan.UpdateHistoryResponseV2, p);
      assert.deepEqual(
        issues.map((i) => [i.path, i.expected, i.actual]),
        [
          [`transactions.3.events_by_id.${exercisedKey}.choice`, 'string', 'undefined'],
          ['transactions.5.update_id', 'string', 'undefined'],
        ],
      );
    });

    it('a missing exercise_result (any Daml value, but required)', () => {
      const p = page();
      delete p.transactions[3]!.events_by_id[exercisedKey]!['exercise_result'];
      assert.equal(decodeIssues(scan.UpdateHistoryResponseV2, p)[0]!.path, `transactions.3.events_by_id.${exercisedKey}.exercise_result`);
    });

    it('a wrong type', () => {
      const p = page();
      p.transactions[3]!.events_by_id[exercisedKey]!['consuming'] = 'false';
      p.transactions[3]!.events_by_id[createdKey]!['signatories'] = ['DSO::1220', 7];
      const issues = decodeIssues(scan.UpdateHistoryResponseV2, p);
      assert.deepEqual(
        issues.map((i) => [i.path, i.expected]),
        [
          [`transactions.3.events_by_id.${exercisedKey}.consuming`, 'boolean'],
          [`transactions.3.events_by_id.${createdKey}.signatories.1`, 'string'],
        ],
      );
    });

    it('an interface_id of the wrong type is one issue, "string | null"', () => {
      const p = page();
      p.transactions[3]!.events_by_id[exercisedKey]!['interface_id'] = 5;
      const issues = decodeIssues(scan.UpdateHistoryResponseV2, p);
      assert.deepEqual(
        issues.map((i) => [i.path, i.expected]),
        [[`transactions.3.events_by_id.${exercisedKey}.interface_id`, 'string | null']],
      );
    });

    it('an unsafe integer migration_id', () => {
      const p = page();
      p.transactions[0]!['migration_id'] = 2 ** 53 + 2;
      const [issue] = decodeIssues(scan.UpdateHistoryResponseV2, p);
      assert.equal(issue!.path, 'transactions.0.migration_id');
      assert.equal(issue!.expected, 'int64');
      assert.match(issue!.message ?? '', /MAX_SAFE_INTEGER/);
    });

    it('an unknown event_type is kept; strict, a failure naming it, at event_type', () => {
      const p = page();
      p.transactions[3]!.events_by_id[exercisedKey]!['event_type'] = 'archived_event';
      assert.equal(decodeOk(scan.UpdateHistoryResponseV2, p), p);
      const issues = strictDecoding(() => decodeIssues(scan.UpdateHistoryResponseV2, p));
      assert.equal(issues.length, 1);
      assert.equal(issues[0]!.path, `transactions.3.events_by_id.${exercisedKey}.event_type`);
      assert.equal(issues[0]!.actual, '"archived_event"');
      assert.match(issues[0]!.message ?? '', /unknown TreeEvent event_type "archived_event" \(known: created_event, exercised_event\)/);
    });

    it('a missing or non-string event_type', () => {
      const p = page();
      delete p.transactions[3]!.events_by_id[exercisedKey]!['event_type'];
      p.transactions[3]!.events_by_id[createdKey]!['event_type'] = null;
      const issues = decodeIssues(scan.UpdateHistoryResponseV2, p);
      assert.deepEqual(
        issues.map((i) => i.path),
        [`transactions.3.events_by_id.${exercisedKey}.event_type`, `transactions.3.events_by_id.${createdKey}.event_type`],
      );
      assert.match(issues[0]!.message ?? '', /without event_type/);
      assert.match(issues[1]!.message ?? '', /must be a string/);
    });

    it('an item that is neither a transaction nor a reassignment: kept with the Scan cursor, refused without it or when strict', () => {
      const p = page();
      const { update_id, record_time, migration_id } = p.transactions[7]!;
      (p.transactions as unknown[])[7] = { update_id, record_time, migration_id };
      assert.equal(decodeOk(scan.UpdateHistoryResponseV2, p), p);
      const [noCursor] = decodeIssues(scan.UpdateHistoryItemV2, { update_id, record_time });
      assert.match(noCursor!.message ?? '', /an unknown UpdateHistoryItemV2 without update_id, migration_id and record_time/);
      (p.transactions as unknown[])[8] = 'not an object';
      const issues = strictDecoding(() => decodeIssues(scan.UpdateHistoryResponseV2, p));
      assert.deepEqual(
        issues.map((i) => i.path),
        ['transactions.7', 'transactions.8'],
      );
      assert.match(issues[0]!.message ?? '', /neither an UpdateHistoryTransactionV2 \(no events_by_id, no root_event_ids\) nor an UpdateHistoryReassignment \(no event\)/);
      assert.match(issues[1]!.message ?? '', /expected a JSON object \(UpdateHistoryItemV2\)/);
    });

    it('a transaction missing events_by_id is still chosen by root_event_ids', () => {
      const p = page();
      delete (p.transactions[9] as Partial<Tx>).events_by_id;
      const issues = decodeIssues(scan.UpdateHistoryResponseV2, p);
      assert.deepEqual(
        issues.map((i) => i.path),
        ['transactions.9.events_by_id'],
      );
    });
  });

  describe('reassignments', () => {
    it('an assignment and an unassignment decode in both v1 and v2 pages', () => {
      for (const codec of [scan.UpdateHistoryResponse, scan.UpdateHistoryResponseV2]) {
        const decoded = decodeOk(codec, { transactions: [assignment(), unassignment()] });
        const [a, u] = decoded.transactions;
        assert.ok(a && 'event' in a && 'created_event' in a.event);
        assert.ok(u && 'event' in u && 'contract_id' in u.event && !('created_event' in u.event));
      }
    });

    it('a reassignment amid MainNet transactions', () => {
      const p = page();
      (p.transactions as unknown[]).splice(10, 0, assignment());
      assert.equal(decodeOk(scan.UpdateHistoryResponseV2, p).transactions.length, 101);
    });

    it('an error inside the assignment points into created_event', () => {
      const r = assignment();
      ((r['event'] as Json)['created_event'] as Json)['created_at'] = 'soon';
      const issues = decodeIssues(scan.UpdateHistoryResponseV2, { transactions: [r] });
      assert.deepEqual(
        issues.map((i) => [i.path, i.expected]),
        [['transactions.0.event.created_event.created_at', 'Timestamp']],
      );
    });

    it('an error inside the unassignment points at its field', () => {
      const r = unassignment();
      (r['event'] as Json)['reassignment_counter'] = '1';
      const issues = decodeIssues(scan.UpdateHistoryItemV2, r);
      assert.deepEqual(
        issues.map((i) => [i.path, i.expected]),
        [['event.reassignment_counter', 'int64']],
      );
    });

    it('an event that is neither assignment nor unassignment: kept with its migration_id, refused when strict', () => {
      const r = unassignment();
      delete (r['event'] as Json)['contract_id'];
      assert.equal(decodeOk(scan.UpdateHistoryReassignment, r), r);
      const issues = strictDecoding(() => decodeIssues(scan.UpdateHistoryReassignment, r));
      assert.equal(issues.length, 1);
      assert.equal(issues[0]!.path, 'event');
      assert.match(issues[0]!.message ?? '', /neither an UpdateHistoryAssignment \(no created_event\) nor an UpdateHistoryUnassignment \(no contract_id\)/);
    });

    it('the reassignment offset is a hex string', () => {
      const r = assignment();
      r['offset'] = 42;
      assert.deepEqual(
        decodeIssues(scan.UpdateHistoryItemV2, r).map((i) => [i.path, i.expected]),
        [['offset', 'HexString']],
      );
    });
  });

  describe('v1 and v2 transactions', () => {
    it('v1 requires the hex offset that v2 dropped', () => {
      const v2 = clone(tx3);
      assert.deepEqual(
        decodeIssues(scan.UpdateHistoryItem, v2).map((i) => [i.path, i.expected]),
        [['offset', 'HexString']],
      );
      decodeOk(scan.UpdateHistoryItem, { ...v2, offset: '000000000000000001' });
      assert.equal(decodeIssues(scan.UpdateHistoryItem, { ...v2, offset: '0x01' })[0]!.path, 'offset');
    });

    it('v2 tolerates an offset', () => {
      const decoded = decodeOk(scan.UpdateHistoryItemV2, { ...clone(tx3), offset: '000000000000000001' });
      assert.ok('root_event_ids' in decoded && decoded.offset === '000000000000000001');
    });

    it('null optional fields decode: external_transaction_hash, interface_id, offset', () => {
      const tx = { ...clone(tx3), external_transaction_hash: null, offset: null };
      const decoded = decodeOk(scan.UpdateHistoryItemV2, tx);
      assert.ok('events_by_id' in decoded);
      assert.equal(decoded.external_transaction_hash, null);
      const ex = decoded.events_by_id[exercisedKey]!;
      assert.ok(ex.event_type === 'exercised_event' && ex.interface_id === null);
      decodeOk(scan.UpdateHistoryItemV2, { ...clone(tx3), external_transaction_hash: 'a1b2c3' });
    });

    it('exercise_result holds any Daml value, not only an object', () => {
      for (const result of ['00abc', ['a', 'b'], null, '12.5', {}]) {
        const tx = clone(tx3);
        tx.events_by_id[exercisedKey]!['exercise_result'] = result;
        const decoded = decodeOk(scan.UpdateHistoryItemV2, tx);
        assert.ok('events_by_id' in decoded);
        const ex = decoded.events_by_id[exercisedKey]!;
        assert.ok(ex.event_type === 'exercised_event');
        assert.deepEqual(ex.exercise_result, result);
      }
    });

    it('unknown fields survive decoding, at every level', () => {
      const p = page();
      (p as Json)['next_page_hint'] = 'x';
      p.transactions[3]!['future_field'] = { a: 1 };
      p.transactions[3]!.events_by_id[createdKey]!['contract_key'] = null;
      p.transactions[3]!.events_by_id[exercisedKey]!['last_descendant_node_id'] = 4;
      const decoded = decodeOk(scan.UpdateHistoryResponseV2, p) as unknown as Page & Json;
      assert.equal(decoded['next_page_hint'], 'x');
      assert.deepEqual(decoded.transactions[3]!['future_field'], { a: 1 });
      assert.equal(decoded.transactions[3]!.events_by_id[createdKey]!['contract_key'], null);
      assert.equal(decoded.transactions[3]!.events_by_id[exercisedKey]!['last_descendant_node_id'], 4);
    });

    it('an item with both events_by_id and event is decoded as a transaction', () => {
      const decoded = decodeOk(scan.UpdateHistoryItemV2, { ...clone(tx3), event: 'surprise' });
      assert.ok('events_by_id' in decoded);
    });

    it('the guards agree with decoding', () => {
      assert.ok(scan.UpdateHistoryResponseV2.is(mainNet));
      assert.ok(scan.UpdateHistoryItemV2.is(assignment()) && scan.UpdateHistoryItemV2.is(unassignment()));
      assert.ok(!scan.UpdateHistoryItemV2.is({ update_id: 'x' }));
      assert.ok(scan.TreeEvent.is({ ...tx3.events_by_id[createdKey], event_type: 'archived_event' }));
      assert.ok(!strictDecoding(() => scan.TreeEvent.is({ ...tx3.events_by_id[createdKey], event_type: 'archived_event' })));
      assert.ok(scan.TreeEvent.is(tx3.events_by_id[createdKey]));
    });

    it('encode gives back the same JSON', () => {
      assert.deepEqual(scan.UpdateHistoryItemV2.encode(tx3 as never), tx3);
      assert.deepEqual(scan.UpdateHistoryItemV2.encode(unassignment() as never), unassignment());
      assert.equal(scan.TreeEvent.encode(tx3.events_by_id[createdKey] as never), tx3.events_by_id[createdKey]);
    });
  });
});
