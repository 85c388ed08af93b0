import assert from 'node:assert/strict';
import * as t from 'io-ts';
import * as E from 'fp-ts/lib/Either.js';
import { decodeWith } from '../../../src/codecs/decodeWith';
import { int32, int64, nonEmptyArray, optional, Timestamp, valueOf, wrapperUnion } from '../../../src/codecs/common/primitives';

const issues = (codec: t.Mixed, u: unknown) => {
  const r = decodeWith(codec)(u);
  return E.isLeft(r) ? r.left.issues : [];
};

describe('codec primitives', () => {
  it('int64 accepts safe integers and refuses fractions and unsafe integers with a reason', () => {
    assert.ok(int64.is(0) && int64.is(-5) && int64.is(Number.MAX_SAFE_INTEGER));
    assert.equal(issues(int64, 1.5)[0]!.expected, 'int64');
    assert.equal(issues(int64, '5')[0]!.expected, 'int64');
    assert.match(issues(int64, 2 ** 53 + 2)[0]!.message ?? '', /MAX_SAFE_INTEGER/);
  });

  it('int32 keeps to its range', () => {
    assert.ok(int32.is(2147483647));
    assert.ok(!int32.is(2147483648));
  });

  it('Timestamp accepts UTC instants with 0 to 9 fractional digits only', () => {
    for (const ok of ['1970-01-01T00:00:00Z', '2024-09-20T13:31:28.405180Z', '2025-12-10T16:23:25.721430123Z', '2025-02-11T18:00:00.5Z']) {
      assert.ok(Timestamp.is(ok), ok);
    }
    for (const bad of ['2024-09-20T13:31:28.4051801234Z', '2024-09-20T13:31:28', '2024-09-20 13:31:28Z', '2024-13-01T00:00:00Z', 'yesterday', 1700000000]) {
      assert.ok(!Timestamp.is(bad), String(bad));
      assert.equal(issues(Timestamp, bad)[0]!.expected, 'Timestamp');
    }
  });

  it('optional accepts absent and null alike', () => {
    const C = t.partial({ a: optional(t.string) });
    assert.ok(C.is({}) && C.is({ a: null }) && C.is({ a: 'x' }));
    assert.ok(!C.is({ a: 1 }));
  });

  it('wrapperUnion decodes the named variant and names an unknown one', () => {
    const U = wrapperUnion('Update', { Transaction: valueOf(t.type({ offset: int64 })), Empty: t.type({}) });
    assert.deepEqual(decodeWith(U)({ Transaction: { value: { offset: 3 } } }), E.right({ Transaction: { value: { offset: 3 } } }));
    assert.equal(issues(U, { Transaction: { value: { offset: 'x' } } })[0]!.path, 'Transaction.value.offset');
    const unknown = issues(U, { FutureUpdate: { value: {} } })[0]!;
    assert.equal(unknown.path, '');
    assert.match(unknown.message ?? '', /unknown Update variant "FutureUpdate"/);
    assert.match(issues(U, { Transaction: {}, Empty: {} })[0]!.message ?? '', /exactly one/);
    assert.match(issues(U, [])[0]!.message ?? '', /expected an object/);
  });

  it('nonEmptyArray refuses an empty array', () => {
    const C = nonEmptyArray(t.string);
    assert.ok(C.is(['a']));
    assert.ok(!C.is([]));
  });
});
