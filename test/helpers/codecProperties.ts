import assert from 'node:assert/strict';
import * as t from 'io-ts';
import * as E from 'fp-ts/lib/Either.js';
import fc from 'fast-check';
import { decodeWith } from '../../src/codecs/decodeWith.js';

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
