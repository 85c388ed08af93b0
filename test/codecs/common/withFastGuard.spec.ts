import assert from 'node:assert/strict';
import * as t from 'io-ts';
import * as E from 'fp-ts/lib/Either.js';
import { decodeWith } from '../../../src/codecs/decodeWith';
import { fastGuardOf, int64, isJsonObject, plainDecoding, unguardedOf, withFastGuard } from '../../../src/codecs/common/primitives';

const Page = t.type({ next: t.string, count: int64 }, 'Page');

describe('withFastGuard (the compiled codec)', () => {
  let calls = 0;
  const check = (u: unknown): boolean => {
    calls++;
    return isJsonObject(u) && typeof u.next === 'string' && typeof u.count === 'number' && Number.isSafeInteger(u.count);
  };
  const Compiled = withFastGuard(Page, check);

  it('returns an accepted value as it is, the very object, without running io-ts', () => {
    const u = { next: 'a', count: 1 };
    let ioTs = 0;
    const Spy = withFastGuard(
      new t.Type<t.TypeOf<typeof Page>, t.OutputOf<typeof Page>, unknown>('Page', Page.is, (x, c) => (ioTs++, Page.validate(x, c)), Page.encode),
      check,
    );
    const r = Spy.decode(u);
    assert.ok(E.isRight(r) && r.right === u);
    assert.equal(ioTs, 0);
  });

  it('runs io-ts on a rejected value: the same path-carrying errors as the plain codec', () => {
    const bad = { next: 1, count: '2' };
    assert.deepEqual(decodeWith(Compiled)(bad), decodeWith(Page)(bad));
    const r = decodeWith(Compiled)(bad);
    assert.ok(E.isLeft(r));
    assert.deepEqual(
      r.left.issues.map((i) => [i.path, i.expected]),
      [
        ['next', 'string'],
        ['count', 'int64'],
      ],
    );
  });

  it('keeps the name, the guard and the codec behind it; is agrees with decoding', () => {
    assert.equal(Compiled.name, 'Page');
    assert.equal(unguardedOf(Compiled), Page);
    assert.equal(fastGuardOf(Compiled), check);
    assert.equal(fastGuardOf(Page), undefined);
    for (const u of [{ next: 'a', count: 1 }, { next: 'a' }, null, [], { next: 'a', count: 2 ** 53 }]) assert.equal(Compiled.is(u), E.isRight(Page.decode(u)));
  });

  it('nested in another codec: the parent path leads to the child issue', () => {
    const Outer = t.type({ page: Compiled }, 'Outer');
    const r = decodeWith(Outer)({ page: { next: 'a', count: 1.5 } });
    assert.ok(E.isLeft(r));
    assert.deepEqual(r.left.issues.map((i) => i.path), ['page.count']);
  });

  it('plainDecoding turns every guard off for its callback only, even when it throws', () => {
    calls = 0;
    plainDecoding(() => Compiled.decode({ next: 'a', count: 1 }));
    assert.equal(calls, 0);
    assert.throws(() => plainDecoding(() => { throw new Error('inside'); }), /inside/);
    Compiled.decode({ next: 'a', count: 1 });
    assert.equal(calls, 1);
  });
});
