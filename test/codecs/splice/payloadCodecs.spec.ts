import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import fc from 'fast-check';
import type * as t from 'io-ts';
import { toIssues } from '../../../src/codecs/decodeWith';
import { fastGuardOf, plainDecoding } from '../../../src/codecs/common/primitives';
import { strictDecoding } from '../../../src/codecs/common/openMembers';
import { spliceTemplates } from '../../../src/codecs/splice/daml/catalogue';
import { fixtureEvents } from './fixturePayloads';

/**
 * The payload codecs are compiled like every codec (docs/codecs.md): on random near misses of
 * every fixture payload they know, the compiled codec and plain io-ts (every fast guard off) agree
 * on accept and reject and on the issues, an accepted value is the input itself, and the fast
 * guard alone agrees with io-ts, strictly and not.
 */
type Json = unknown;
const qualified = (id: string): string => id.split(':').slice(-2).join(':');
const byQualified = new Map([...spliceTemplates.values()].map((tc) => [tc.name.split(':').slice(-2).join(':'), tc] as const));

const samples = (): Array<{ codec: t.Mixed; value: Json; what: string }> => {
  const out: Array<{ codec: t.Mixed; value: Json; what: string }> = [];
  const seen = new Set<string>();
  for (const e of fixtureEvents()) {
    const tc = byQualified.get(qualified(e.templateId));
    if (tc === undefined) continue;
    const ev = (e.item as { events_by_id?: Record<string, Record<string, Json>> }).events_by_id?.e ?? ((e.item as { Transaction: { value: { events: Array<Record<string, Record<string, Json>>> } } }).Transaction.value.events[0]!.CreatedEvent ?? (e.item as { Transaction: { value: { events: Array<Record<string, Record<string, Json>>> } } }).Transaction.value.events[0]!.ExercisedEvent)!;
    const parts: Array<[t.Mixed | undefined, Json, string]> =
      e.choice === undefined
        ? [[tc.create, ev.create_arguments ?? ev.createArgument, 'create']]
        : [
            [tc.choices[e.choice]?.argument, ev.choice_argument ?? ev.choiceArgument, `${e.choice} argument`],
            [tc.choices[e.choice]?.result, ev.exercise_result ?? ev.exerciseResult, `${e.choice} result`],
          ];
    for (const [codec, value, part] of parts) {
      const what = `${tc.name} ${part}`;
      // One sample per template part: the mutations below cover the rest.
      if (codec === undefined || value === null || seen.has(what)) continue;
      seen.add(what);
      out.push({ codec, value, what });
    }
  }
  return out;
};

const DELETE = Symbol('delete');
const spots = (root: Json): Array<Array<string | number>> => {
  const out: Array<Array<string | number>> = [];
  const walk = (v: Json, path: Array<string | number>): void => {
    if (path.length > 0) out.push(path);
    if (typeof v !== 'object' || v === null || path.length > 12) return;
    if (Array.isArray(v)) v.forEach((x, i) => walk(x, [...path, i]));
    else for (const [k, x] of Object.entries(v)) walk(x, [...path, k]);
  };
  walk(root, []);
  return out;
};
const changeAt = (root: Json, path: ReadonlyArray<string | number>, change: (v: Json) => Json): Json => {
  if (path.length === 0) return change(root);
  const [k, ...rest] = path;
  const copy: Record<string | number, Json> = Array.isArray(root) ? [...(root as Json[])] as unknown as Record<number, Json> : { ...(root as Record<string, Json>) };
  const v = changeAt(copy[k!], rest, change);
  if (v === DELETE) {
    if (Array.isArray(copy)) (copy as unknown as Json[]).splice(k as number, 1);
    else delete copy[k!];
  } else copy[k!] = v;
  return copy;
};
const tweaks: ReadonlyArray<(v: Json) => Json> = [
  () => DELETE,
  () => null,
  (v) => (typeof v === 'string' ? 7 : typeof v === 'number' ? String(v) : v),
  (v) => (typeof v === 'string' ? '' : v),
  (v) => (typeof v === 'string' ? `${v}.5e3` : v),
  (v) => (typeof v === 'string' && /^\d/.test(v) ? `x${v}` : v),
  (v) => (typeof v === 'object' && v !== null && !Array.isArray(v) && 'tag' in v ? { ...v, tag: 'FutureConstructor' } : v),
  (v) => (Array.isArray(v) ? [...v, 'extra'] : v),
  (v) => (typeof v === 'object' && v !== null && !Array.isArray(v) ? { ...v, laterField: 1 } : v),
  () => ({}),
  () => [],
];

const agree = (codec: t.Mixed, u: Json, strict: boolean, what: string): boolean => {
  const under = <A>(f: () => A): A => (strict ? strictDecoding(f) : f());
  const compiled = under(() => codec.decode(u));
  const plain = under(() => plainDecoding(() => codec.decode(u)));
  assert.equal(E.isRight(compiled), E.isRight(plain), `${what}: accept/reject`);
  if (E.isRight(compiled)) assert.equal(compiled.right, u, `${what}: the input itself`);
  else if (E.isLeft(plain)) assert.deepStrictEqual(toIssues(compiled.left), toIssues(plain.left), `${what}: the same issues`);
  const guard = fastGuardOf(codec);
  assert.ok(guard !== undefined, `${what}: compiled`);
  assert.equal(under(() => guard(u)), E.isRight(plain), `${what}: the fast guard alone`);
  return E.isRight(plain);
};

describe('Splice payload codecs: compiled, and in agreement with plain io-ts', function () {
  this.timeout(20_000);
  const all = samples();

  it('cover the fixture payloads of at least 40 template parts', () => {
    assert.ok(all.length >= 40, `${all.length}`);
  });

  it('agree on every sample as recorded and on random near misses, strict and not', () => {
    let refused = 0;
    for (const s of all) {
      assert.equal(agree(s.codec, s.value, false, `${s.what} as recorded`), true);
      const places = spots(s.value);
      if (places.length === 0) continue;
      fc.assert(
        fc.property(fc.nat(), fc.nat(tweaks.length - 1), fc.boolean(), (at, k, strict) => {
          const mutated = changeAt(s.value, places[at % places.length]!, tweaks[k]!);
          if (!agree(s.codec, mutated, strict, `${s.what} at ${places[at % places.length]!.join('.')}`)) refused++;
        }),
        { numRuns: 25, seed: 28 },
      );
    }
    assert.ok(refused > 0);
  });
});
