import assert from 'node:assert/strict';
import * as t from 'io-ts';
import * as E from 'fp-ts/lib/Either.js';
import fc from 'fast-check';
import { decodeWith } from '../../src/codecs/decodeWith.js';
import { unguardedOf } from '../../src/codecs/common/primitives.js';

/** The io-ts codecs among the values of a module namespace. */
export const codecsOf = (namespace: Record<string, unknown>): Array<[string, t.Mixed]> =>
  Object.entries(namespace).filter((entry): entry is [string, t.Mixed] => entry[1] instanceof t.Type);

/**
 * For every codec of a namespace: decodeWith never throws on arbitrary input, returns a DecodeError
 * with at least one issue when it refuses, and agrees with the codec's `is` guard (the Splice
 * unions rely on that agreement for their fast path).
 */
export const neverThrows = (namespace: Record<string, unknown>, numRuns = 200): void => {
  for (const [name, codec] of codecsOf(namespace)) {
    it(`${name}: decodeWith never throws and agrees with is`, () => {
      const decode = decodeWith(codec);
      fc.assert(
        fc.property(fc.oneof(fc.jsonValue(), fc.anything()), (u) => {
          const r = decode(u);
          if (E.isLeft(r)) assert.ok(r.left.issues.length > 0);
          assert.equal(codec.is(u), E.isRight(r));
        }),
        { numRuns },
      );
    });
  }
};

/**
 * Random values arbitrary input almost never reaches: a real sample that decodes, with one spot
 * (any key, up to `depth` levels down) replaced by arbitrary JSON or removed. decodeWith never
 * throws on it, and agrees with the codec's `is` both ways, on values the codec accepts too. A
 * codec with a fast guard must also accept exactly what the codec behind the guard accepts: `is`
 * and decoding share the guard, so only that comparison catches a guard that lets too much in.
 */
export const spotMutationsAgree = (name: string, codec: t.Mixed, sample: unknown, numRuns = 500, depth = 5): void => {
  it(`${name}: a real sample with one spot replaced never throws, and is agrees with decoding`, () => {
    const decode = decodeWith(codec);
    const reference = unguardedOf(codec);
    assert.ok(E.isRight(decode(sample)) && codec.is(sample), `${name}: the sample itself decodes`);
    const spots: Array<Array<string | number>> = [];
    const walk = (v: unknown, path: Array<string | number>, level: number): void => {
      if (path.length > 0) spots.push(path);
      if (level >= depth || typeof v !== 'object' || v === null) return;
      for (const [k, x] of Object.entries(v)) walk(x, [...path, Array.isArray(v) ? Number(k) : k], level + 1);
    };
    walk(sample, [], 0);
    assert.ok(spots.length > 0, `${name}: the sample has fields to replace`);
    let accepted = 0;
    fc.assert(
      fc.property(fc.nat({ max: spots.length - 1 }), fc.oneof(fc.jsonValue(), fc.constant(undefined)), (i, value) => {
        const path = spots[i]!;
        const copy = JSON.parse(JSON.stringify(sample)) as Record<string | number, unknown>;
        let parent = copy;
        for (const k of path.slice(0, -1)) parent = parent[k] as Record<string | number, unknown>;
        parent[path[path.length - 1]!] = value;
        const r = decode(copy);
        assert.equal(codec.is(copy), E.isRight(r));
        if (reference !== undefined) assert.equal(E.isRight(r), reference.is(copy), `${name}: the fast guard and its codec disagree at ${path.join('.')}`);
        if (E.isLeft(r)) assert.ok(r.left.issues.length > 0);
        else accepted++;
      }),
      { numRuns },
    );
    // Both sides were exercised: some mutations keep the value valid (an unknown or optional field).
    assert.ok(accepted > 0, `${name}: no mutation was accepted, so is was never compared on a valid value`);
  });
};
