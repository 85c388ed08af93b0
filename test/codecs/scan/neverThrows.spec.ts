import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import fc from 'fast-check';
import * as scan from '../../../src/codecs/scan/index.js';
import { decodeWith } from '../../../src/codecs/decodeWith.js';
import { readFixture } from '../../helpers/fixtures.js';
import { clone } from './helpers.js';
import { codecsOf, neverThrows } from '../../helpers/codecProperties.js';

describe('scan codecs on arbitrary input', () => {
  it('the namespace holds the expected codecs', () => {
    assert.equal(codecsOf(scan).length, Object.keys(scan).length);
    assert.ok(codecsOf(scan).length >= 45);
    for (const [name, codec] of codecsOf(scan)) assert.equal(codec.name, name, 'the io-ts name is the upstream schema name');
  });

  neverThrows(scan);

  // Arbitrary values at arbitrary spots of a real MainNet transaction: never a throw, and the guard
  // used by the fast path agrees with the full decoder.
  it('UpdateHistoryItemV2: a real transaction with one spot replaced never throws', () => {
    const page = readFixture('scan', 'v2-updates__JosefinHao-canton__1.json') as { transactions: unknown[] };
    const tx = page.transactions[3];
    const spots: Array<Array<string | number>> = [];
    const walk = (v: unknown, path: Array<string | number>, depth: number): void => {
      spots.push(path);
      if (depth > 4 || typeof v !== 'object' || v === null) return;
      for (const [k, x] of Object.entries(v)) walk(x, [...path, Array.isArray(v) ? Number(k) : k], depth + 1);
    };
    walk(tx, [], 0);
    const decode = decodeWith(scan.UpdateHistoryItemV2);
    fc.assert(
      fc.property(fc.nat({ max: spots.length - 1 }), fc.oneof(fc.jsonValue(), fc.constant(undefined)), (i, value) => {
        const path = spots[i]!;
        if (path.length === 0) return;
        const copy = clone(tx) as Record<string | number, unknown>;
        let parent = copy;
        for (const k of path.slice(0, -1)) parent = parent[k] as Record<string | number, unknown>;
        parent[path[path.length - 1]!] = value;
        const r = decode(copy);
        assert.equal(scan.UpdateHistoryItemV2.is(copy), E.isRight(r));
        if (E.isLeft(r)) assert.ok(r.left.issues.length > 0);
      }),
      { numRuns: 500 },
    );
  });
});
