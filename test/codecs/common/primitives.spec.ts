import assert from 'node:assert/strict';
import * as t from 'io-ts';
import * as E from 'fp-ts/lib/Either.js';
import { decodeWith } from '../../../src/codecs/decodeWith';
import fc from 'fast-check';
import { int32, int64, isInt32, isTimestamp, nonEmptyArray, optional, Timestamp, TIMESTAMP, valueOf, wrapperUnion } from '../../../src/codecs/common/primitives';

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

  it('Timestamp accepts RFC 3339 instants with 0 to 9 fractional digits, Z or a numeric offset, t and z in either case', () => {
    for (const ok of ['1970-01-01T00:00:00Z', '2024-09-20T13:31:28.405180Z', '2025-12-10T16:23:25.721430123Z', '2025-02-11T18:00:00.5Z', '2025-02-11T18:00:00+00:00', '2025-02-11T18:00:00.123456-05:30', '2024-09-20T13:31:28z', '2024-09-20t13:31:28.5Z', '2024-09-20t13:31:28.405180z', '2024-09-20t13:31:28+01:00']) {
      assert.ok(Timestamp.is(ok), ok);
    }
    for (const bad of ['2024-09-20T13:31:28.4051801234Z', '2024-09-20T13:31:28', '2024-09-20 13:31:28Z', '2024-13-01T00:00:00Z', '2024-09-20T13:31:28.Z', '2024-09-20T13:31:28+0000', '2024-09-20T13:31:28+24:00', '2024-09-20x13:31:28Z', '2024-09-20T13:31:28Y', '2024-09-20T13:31:28\u00fa', '2024-09-20\u001413:31:28Z', 'yesterday', 1700000000]) {
      assert.ok(!Timestamp.is(bad), String(bad));
      assert.equal(issues(Timestamp, bad)[0]!.expected, 'Timestamp');
    }
  });

  it('isTimestamp (character codes) accepts exactly what the TIMESTAMP expression does', () => {
    const valid = fc
      .tuple(fc.date({ min: new Date(0), max: new Date(4e12), noInvalidDate: true }), fc.integer({ min: 0, max: 9 }), fc.constantFrom('Z', 'z', '+00:00', '-05:30', '+23:59'), fc.boolean())
      .map(([d, digits, zone, lowerT]) => `${d.toISOString().slice(0, 10)}${lowerT ? 't' : 'T'}${d.toISOString().slice(11, 19)}${digits === 0 ? '' : `.${'123456789'.slice(0, digits)}`}${zone}`);
    // A valid timestamp with one character replaced, inserted or removed: the near misses.
    const mutated = fc.tuple(valid, fc.nat(40), fc.constantFrom('', '0', '9', ':', '-', '+', '.', 'Z', 'T', 'z', 't', '\u0014', '\u001a', '\u00fa', '\u00f4', ' ', 'a', '6', '2'), fc.integer({ min: 0, max: 2 })).map(([ts, at, c, cut]) => ts.slice(0, at) + c + ts.slice(at + cut));
    fc.assert(
      fc.property(fc.oneof(valid, mutated, fc.string({ maxLength: 40 })), (s) => {
        assert.equal(isTimestamp(s), TIMESTAMP.test(s), s);
      }),
      { numRuns: 3000 },
    );
  });

  it('isInt32 agrees with int32', () => {
    for (const n of [0, -0, 1, -1, 2147483647, -2147483648, 2147483648, -2147483649, 1.5, NaN, Infinity, '1', null]) assert.equal(isInt32(n), int32.is(n), String(n));
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
