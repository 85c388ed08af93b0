import assert from 'node:assert/strict';
import * as t from 'io-ts';
import * as E from 'fp-ts/lib/Either.js';
import { decodeWith } from '../../src/codecs/decodeWith';
import { int64, optional, Timestamp } from '../../src/codecs/common/primitives';

describe('decodeWith', () => {
  const Item = t.intersection([t.type({ record_time: Timestamp, migration_id: int64 }), t.partial({ note: optional(t.string) })], 'Item');
  const Page = t.type({ transactions: t.array(Item), by_id: t.record(t.string, Item) }, 'Page');
  const decode = decodeWith(Page);

  it('returns the value when it decodes', () => {
    const page = { transactions: [{ record_time: '2024-09-20T13:31:28.405180Z', migration_id: 4, note: null }], by_id: {} };
    assert.deepEqual(decode(page), E.right(page));
  });

  it('gives JSON paths through arrays, records, intersections and unions, without member indexes', () => {
    const r = decode({ transactions: [{ record_time: '2024-09-20T13:31:28Z', migration_id: 1 }, { record_time: 'yesterday', migration_id: 1.5, note: 3 }], by_id: { x: { migration_id: 2 } } });
    assert.ok(E.isLeft(r));
    assert.equal(r.left.reason, 'schema');
    assert.deepEqual(
      r.left.issues.map((i) => [i.path, i.expected]),
      [
        ['transactions.1.record_time', 'Timestamp'],
        ['transactions.1.migration_id', 'int64'],
        ['transactions.1.note', 'string | null'],
        ['by_id.x.record_time', 'Timestamp'],
      ],
    );
    assert.equal(r.left.issues[0]!.actual, '"yesterday"');
  });

  it('names the schema, once, where an intersection is missing as a whole', () => {
    const r = decode({ transactions: [{ record_time: '2024-09-20T13:31:28Z', migration_id: 1 }, 'x'], by_id: {} });
    assert.ok(E.isLeft(r));
    assert.deepEqual(
      r.left.issues.map((i) => [i.path, i.expected, i.actual]),
      [['transactions.1', 'Item', '"x"']],
    );
  });

  it('cuts long actual values short and caps the number of issues', () => {
    const r = decodeWith(t.array(t.number))(Array.from({ length: 50 }, (_, i) => 'x'.repeat(200) + i));
    assert.ok(E.isLeft(r));
    assert.equal(r.left.issues.length, 20);
    assert.ok(r.left.issues.every((i) => i.actual.length <= 80));
  });
});
