import assert from 'node:assert/strict';
import * as t from 'io-ts';
import * as E from 'fp-ts/lib/Either.js';
import fc from 'fast-check';
import { toIssues } from '../../src/codecs/decodeWith';
import { fastGuardOf, plainDecoding } from '../../src/codecs/common/primitives';
import * as GL from '../../src/generated/ledger/schemas';
import * as GS from '../../src/generated/scan/schemas';
import * as GV from '../../src/generated/validator/schemas';
import * as HL from '../../src/codecs/ledger/index';
import * as HS from '../../src/codecs/scan/index';
import * as HV from '../../src/codecs/validator/index';
import { fixturePayloads, ledgerUpdatesPage, type FixturePayload } from './fixtureCodecs';

/**
 * Done when of issue 18: for random mutations of every fixture payload, the compiled codec (its
 * fast guard, io-ts on rejection) and the plain io-ts codec (every fast guard off) agree on accept
 * and reject, accepted values are equal (the input itself), and refusals carry the same issues.
 * The fast guard on its own agrees too: it accepts exactly what io-ts accepts, so that the fast
 * path is taken for every valid value and never for an invalid one.
 */

type Path = ReadonlyArray<string | number>;
type Json = unknown;

/** Every place in a value down to `depth` levels (the root excluded). */
const spotsOf = (root: Json, depth = 16): Path[] => {
  const out: Path[] = [];
  const walk = (v: Json, path: Path): void => {
    if (path.length > 0) out.push(path);
    if (path.length >= depth || typeof v !== 'object' || v === null) return;
    if (Array.isArray(v)) v.forEach((x, i) => walk(x, [...path, i]));
    else for (const [k, x] of Object.entries(v)) walk(x, [...path, k]);
  };
  walk(root, []);
  return out;
};

const DELETE = Symbol('delete');
type Change = (old: Json) => Json | typeof DELETE;

/** A copy of `root` with the value at `path` changed: only the containers on the path are copied. */
const changeAt = (root: Json, path: Path, change: Change): Json => {
  if (path.length === 0) {
    const v = change(root);
    return v === DELETE ? undefined : v;
  }
  const [key, ...rest] = path;
  if (Array.isArray(root)) {
    const copy = root.slice();
    const v = rest.length === 0 ? change(copy[key as number]) : changeAt(copy[key as number], rest, change);
    if (v === DELETE) copy.splice(key as number, 1);
    else copy[key as number] = v;
    return copy;
  }
  const copy: Record<string, Json> = { ...(root as Record<string, Json>) };
  const v = rest.length === 0 ? change(copy[key as string]) : changeAt(copy[key as string], rest, change);
  if (v === DELETE) delete copy[key as string];
  else copy[key as string] = v;
  return copy;
};

const TS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/;

/** Changes a real server could plausibly make, valid and invalid: the near misses random JSON never reaches. */
const tweaks: ReadonlyArray<Change> = [
  () => DELETE,
  () => null,
  (v) => (typeof v === 'number' ? String(v) : typeof v === 'string' ? 7 : v),
  (v) => (typeof v === 'number' ? v + 0.5 : v),
  (v) => (typeof v === 'number' ? 2 ** 53 + 2 : v),
  (v) => (typeof v === 'number' ? -v : v),
  (v) => (typeof v === 'string' && TS.test(v) ? v.replace(/Z$/, '+00:00') : v),
  // RFC 3339 allows lower-case t and z: accepted by the fast guards and io-ts alike.
  (v) => (typeof v === 'string' && TS.test(v) ? v.replace('T', 't').replace(/Z$/, 'z') : v),
  (v) => (typeof v === 'string' && TS.test(v) ? v.replace(/(Z|[+-]\d\d:\d\d)$/, '') : v),
  (v) => (typeof v === 'string' && TS.test(v) ? v.replace(/(\.\d+)?(Z|[+-]\d\d:\d\d)$/, '.1234567891Z') : v),
  (v) => (typeof v === 'string' && TS.test(v) ? v.replace(/(\.\d+)?(Z|[+-]\d\d:\d\d)$/, '-01:00') : v),
  (v) => (typeof v === 'string' ? '' : v),
  (v) => (typeof v === 'boolean' ? String(v) : v),
  (v) => (Array.isArray(v) ? [] : v),
  (v) => (Array.isArray(v) && v.length > 0 ? [...v, v[0]] : v),
  (v) => (Array.isArray(v) ? {} : typeof v === 'object' && v !== null ? [] : v),
  (v) => (typeof v === 'object' && v !== null && !Array.isArray(v) ? { ...v, unknownField: 1 } : v),
  (v) => (typeof v === 'object' && v !== null && !Array.isArray(v) ? { Unknown: v } : v),
];

const change: fc.Arbitrary<Change> = fc.oneof(
  fc.constantFrom(...tweaks),
  fc.jsonValue({ maxDepth: 2 }).map((x): Change => () => x),
);

/** The same Either from the compiled and the plain codec, and the guard alone agreeing with them. */
const agree = (codec: t.Mixed, u: unknown, what: string): boolean => {
  const compiled = codec.decode(u);
  const plain = plainDecoding(() => codec.decode(u));
  assert.equal(E.isRight(compiled), E.isRight(plain), `${what}: accept/reject`);
  if (E.isRight(compiled) && E.isRight(plain)) {
    assert.deepStrictEqual(compiled.right, plain.right, what);
    assert.equal(compiled.right, u, `${what}: an accepted value is the input itself`);
  } else if (E.isLeft(compiled) && E.isLeft(plain)) {
    assert.deepStrictEqual(toIssues(compiled.left), toIssues(plain.left), `${what}: the same issues`);
  }
  const guard = fastGuardOf(codec);
  if (guard !== undefined) assert.equal(guard(u), E.isRight(plain), `${what}: the fast guard alone`);
  return E.isRight(plain);
};

const runsFor = (p: FixturePayload): number => Math.max(8, Math.min(120, Math.round(1_500_000 / p.compact.length)));

describe('compiled codecs agree with plain io-ts on mutated fixtures', function () {
  this.timeout(60_000);
  const payloads = [...fixturePayloads(), ledgerUpdatesPage()];

  it('every fixture payload has a codec with a fast guard (the compiled path is the one measured)', () => {
    assert.deepEqual(
      payloads.filter((p) => fastGuardOf(p.codec) === undefined).map((p) => `${p.group}/${p.file}: ${p.decoder}`),
      [],
    );
  });

  for (const p of payloads) {
    it(`${p.group}/${p.file} (${p.decoder}${p.valid ? '' : ', refused as recorded'})`, () => {
      const root: Json = p.values;
      for (const [i, v] of p.values.entries()) assert.equal(agree(p.codec, v, `${p.file}[${i}] as recorded`), p.valid);
      const spots = spotsOf(root).filter((s) => s.length > 0);
      let accepted = 0;
      let refused = 0;
      fc.assert(
        fc.property(fc.nat(), change, (at, c) => {
          const path = spots[at % spots.length]!;
          const mutated = changeAt(root, path, c) as unknown[];
          const index = path[0] as number;
          if (index >= mutated.length) return;
          if (agree(p.codec, mutated[index], `${p.file} at ${path.join('.')}`)) accepted++;
          else refused++;
        }),
        { numRuns: runsFor(p), seed: 18 },
      );
      assert.ok(refused > 0, `${p.file}: no mutation was refused`);
      if (p.valid) assert.ok(accepted > 0 || runsFor(p) < 20, `${p.file}: no mutation was accepted`);
    });
  }
});

describe('every generated codec agrees with plain io-ts on arbitrary JSON', () => {
  const codecs = [GL, GS, GV].flatMap((m) => Object.entries(m).filter((e): e is [string, t.Mixed] => e[1] instanceof t.Type));

  it('every generated codec is compiled, or is a hand codec under its name', () => {
    const hand = new Set<unknown>([HL, HS, HV].flatMap((m) => Object.values(m)));
    assert.deepEqual(
      codecs.filter(([, c]) => fastGuardOf(c) === undefined && !hand.has(c)).map(([n]) => n),
      [],
    );
  });

  it(`${codecs.length} codecs, random JSON and their own near misses`, () => {
    fc.assert(
      fc.property(fc.nat(codecs.length - 1), fc.jsonValue({ maxDepth: 3 }), (i, u) => {
        const [name, codec] = codecs[i]!;
        agree(codec, u, name);
      }),
      { numRuns: 3000, seed: 18 },
    );
  });
});
