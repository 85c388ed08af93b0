/*
 * The building blocks of the Splice payload codecs: Daml-LF values in the JSON encoding the
 * servers write (notes/upstream-api.md §2, docs/payloads.md): records as objects, Int64 and
 * Numeric as strings, Optional as `null` or the value, variants as `{ tag, value }`, enums as
 * strings, TextMap as an object, GenMap (`DA.Map`) as an array of `[key, value]` pairs, Unit as `{}`.
 *
 * Every codec here is compiled like the rest (`withFastGuard`: a straight-line guard, io-ts only on
 * a refusal) and decodes a value to itself, so a typed payload is the JSON that came, checked.
 * Across package versions: a field a later version added is `later` (absent or `null` accepted),
 * unknown fields are kept (`t.type`, never `t.exact`), a variant constructor this version does not
 * know passes as it is (refused inside `strictDecoding`), and so does an enum value.
 * Nothing here is part of the public API.
 */
import * as t from 'io-ts';
import { acceptsUnknown } from '../../common/openMembers.js';
import { fastGuardOf, isJsonObject, isStringArray, isTimestamp, optional, Timestamp, withFastGuard } from '../../common/primitives.js';

// A part's own straight-line guard where it has one (its `is` would call it through a wrapper that
// falls back to io-ts): a refusal still reaches io-ts through the whole's own `validate`.
const guardOf = (codec: t.Mixed): ((u: unknown) => boolean) => fastGuardOf(codec) ?? codec.is;

/**
 * A codec of a Daml value (each `splice.*` codec is one): an io-ts type, compiled, that decodes a value to itself.
 * @example
 * ```ts
 * import type { splice } from 'canton-rx';
 * type AmuletCodec = splice.Lf<splice.Amulet>;
 * ```
 * @category Payloads
 * @since 0.5.0
 */
export type Lf<A> = t.Type<A, A, unknown>;

const text = (name: string, test: (s: string) => boolean, message: string): Lf<string> =>
  withFastGuard(
    new t.Type<string, string, unknown>(name, (u): u is string => typeof u === 'string' && test(u), (u, c) => (typeof u === 'string' && test(u) ? t.success(u) : t.failure(u, c, message)), t.identity),
    (u) => typeof u === 'string' && test(u),
  );

/** Daml `Text`. */
export const Text: Lf<string> = withFastGuard(t.string, (u) => typeof u === 'string');
/** Daml `Party`: its id as a string (`alice::1220…`). */
export const Party: Lf<string> = text('Party', (s) => s.length > 0, 'expected a party id');
/** Daml `ContractId t`: the contract id as a string. */
export const ContractId: Lf<string> = text('ContractId', (s) => s.length > 0, 'expected a contract id');
/** Daml `Bool`. */
export const Bool: Lf<boolean> = withFastGuard(t.boolean, (u) => typeof u === 'boolean');

// An Int64 as a string: what the servers write (encodeInt64AsString).
const INT64 = /^-?\d{1,19}$/;
/** Daml `Int` (Int64), a string of digits (`"19830"`), never a float. */
export const Int: Lf<string> = text('Int64', (s) => INT64.test(s), 'expected a Daml Int64 as a string, such as "42"');

// A Numeric as the servers write it: plain (`"12.5000000000"`, the ledger) or as Java's
// BigDecimal.toString does on Scan (`"0E-10"`, `"-1.43E-8"`). Both are exact; sumDecimals reads both.
const NUMERIC = /^-?\d+(\.\d+)?([eE][-+]?\d+)?$/;
/** Daml `Numeric n` / `Decimal`, a string kept as it came (plain or `0E-10`): sum with `sumDecimals`. */
export const Numeric: Lf<string> = text('Numeric', (s) => NUMERIC.test(s), 'expected a Daml Numeric as a string, such as "100.0000000000"');

/** Daml `Time`: an RFC 3339 instant. */
export const Time: Lf<string> = withFastGuard(Timestamp, isTimestamp);

/** Daml `Unit`: `{}` (extra keys are kept like any record's). */
export const Unit: Lf<Record<string, unknown>> = withFastGuard(t.UnknownRecord, isJsonObject);

/** Daml `Optional a` (of a non-optional `a`): `null` (or absent) or the value. */
export const opt = <A>(codec: Lf<A>): Lf<A | null | undefined> => {
  const inner = optional(codec);
  const is = guardOf(codec);
  return withFastGuard(inner, (u) => u === null || u === undefined || is(u)) as Lf<A | null | undefined>;
};

/** Daml `[a]`. */
export const list = <A>(codec: Lf<A>): Lf<A[]> => {
  const is = guardOf(codec);
  return withFastGuard(t.array(codec, `[${codec.name}]`), (u) => {
    if (!Array.isArray(u)) return false;
    for (let i = 0; i < u.length; i++) if (!is(u[i])) return false;
    return true;
  }) as Lf<A[]>;
};

/** A list of parties (the most common list, tested without a call per element). */
export const Parties: Lf<string[]> = withFastGuard(t.array(Party, '[Party]'), (u) => isStringArray(u) && u.every((s) => s.length > 0)) as Lf<string[]>;

/** Daml `TextMap a`: a JSON object. */
export const textMap = <A>(codec: Lf<A>): Lf<Record<string, A>> => {
  const is = guardOf(codec);
  return withFastGuard(t.record(t.string, codec, `TextMap ${codec.name}`), (u) => {
    if (!isJsonObject(u)) return false;
    for (const k in u) if (!is(u[k])) return false;
    return true;
  }) as Lf<Record<string, A>>;
};

/** Daml `Map k v` (`DA.Map`, and `DA.Set`'s `map` inside): an array of `[key, value]` pairs. */
export const genMap = <K, V>(key: Lf<K>, value: Lf<V>): Lf<Array<[K, V]>> => {
  const isK = guardOf(key);
  const isV = guardOf(value);
  // A pair is exactly two elements (io-ts's tuple would cut a longer array to two, a copy).
  const pair = new t.Type<[K, V], [K, V], unknown>(
    `[${key.name}, ${value.name}]`,
    (u): u is [K, V] => Array.isArray(u) && u.length === 2 && isK(u[0]) && isV(u[1]),
    (u, c) => {
      if (!Array.isArray(u) || u.length !== 2) return t.failure(u, c, 'expected a [key, value] pair');
      const k = key.validate(u[0], t.appendContext(c, '0', key, u[0]));
      const v = value.validate(u[1], t.appendContext(c, '1', value, u[1]));
      if (k._tag === 'Left') return v._tag === 'Left' ? t.failures([...k.left, ...v.left]) : k;
      return v._tag === 'Left' ? v : t.success(u as [K, V]);
    },
    t.identity,
  );
  return withFastGuard(t.array(pair, `Map ${key.name} ${value.name}`), (u) => {
    if (!Array.isArray(u)) return false;
    for (let i = 0; i < u.length; i++) {
      const e = u[i] as unknown;
      if (!Array.isArray(e) || e.length !== 2 || !isK(e[0]) || !isV(e[1])) return false;
    }
    return true;
  }) as Lf<Array<[K, V]>>;
};

/** The fields of a record codec. */
export type Props = Record<string, t.Mixed>;
/**
 * The type of a Daml record: the fields of its first version, the later ones optional, unknown ones kept.
 * @example
 * ```ts
 * import type { splice } from 'canton-rx';
 * const owner = (a: splice.Amulet): string => a.owner;
 * ```
 * @category Payloads
 * @since 0.5.0
 */
export type RecordOf<P extends Record<string, t.Mixed>, L extends Record<string, t.Mixed>> = { [K in keyof P]: t.TypeOf<P[K]> } & { [K in keyof L]?: t.TypeOf<L[K]> | null | undefined } & { readonly [unknownField: string]: unknown };

/**
 * A Daml record: the fields of its first package version (`fields`) are required, those a later
 * version added (`later`) may be absent or `null` (an older payload), and unknown fields are kept
 * (a newer one). Its guard tests each field with its codec's guard.
 */
export const record = <P extends Props, L extends Props = {}>(name: string, fields: P, later?: L): Lf<RecordOf<P, L>> => {
  const laterProps: Props = {};
  for (const [k, c] of Object.entries(later ?? {})) laterProps[k] = optional(c);
  const codec = t.type({ ...fields, ...laterProps }, name);
  // Keys and guards apart (two flat arrays), each guard the part's own.
  const keys = Object.keys(fields);
  const guards = Object.values(fields).map(guardOf);
  const laterKeys = Object.keys(later ?? {});
  const laterGuards = Object.values(later ?? {}).map(guardOf);
  const n = keys.length;
  const m = laterKeys.length;
  return withFastGuard(codec, (u) => {
    if (!isJsonObject(u)) return false;
    for (let i = 0; i < n; i++) if (!guards[i]!(u[keys[i]!])) return false;
    for (let i = 0; i < m; i++) {
      const v = u[laterKeys[i]!];
      if (v !== null && v !== undefined && !laterGuards[i]!(v)) return false;
    }
    return true;
  }) as unknown as Lf<RecordOf<P, L>>;
};

/**
 * The type of a Daml variant's known constructors: `{ tag, value }`, one member per constructor.
 * @example
 * ```ts
 * import type { splice } from 'canton-rx';
 * const isAmulet = (i: splice.TransferInput): boolean => i.tag === 'InputAmulet';
 * ```
 * @category Payloads
 * @since 0.5.0
 */
export type VariantOf<M extends Record<string, t.Mixed>> = { [K in keyof M]: { tag: K; value: t.TypeOf<M[K]> } }[keyof M];
/**
 * A constructor this version of canton-rx does not know (a later package version's): its tag and value as they came.
 * @example
 * ```ts
 * import type { splice } from 'canton-rx';
 * const tagOf = (c: splice.UnknownConstructor): string => c.tag;
 * ```
 * @category Payloads
 * @since 0.5.0
 */
export interface UnknownConstructor {
  readonly tag: string & { readonly __unknownConstructor?: never };
  readonly value?: unknown;
}

/**
 * A Daml variant, `{ tag, value }`. Open: a constructor no member names (a later package
 * version's) is accepted as it is, but inside `strictDecoding`; its type keeps the known ones
 * apart (`v.tag === 'InputAmulet'` narrows).
 */
export const variant = <M extends Props>(name: string, members: M): Lf<VariantOf<M> | UnknownConstructor> => {
  const known = Object.keys(members);
  const has = (k: string): boolean => Object.prototype.hasOwnProperty.call(members, k);
  const memberGuards = new Map(Object.entries(members).map(([k, c]) => [k, guardOf(c)] as const));
  const is = (u: unknown): boolean => {
    if (!isJsonObject(u) || typeof u.tag !== 'string') return false;
    const g = memberGuards.get(u.tag);
    return g !== undefined ? g(u.value) : acceptsUnknown();
  };
  const codec = new t.Type<VariantOf<M> | UnknownConstructor, VariantOf<M> | UnknownConstructor, unknown>(
    name,
    (u): u is VariantOf<M> => is(u),
    (u, c) => {
      if (!isJsonObject(u)) return t.failure(u, c, `expected a Daml variant { tag, value } (${name})`);
      const tag = u.tag;
      if (typeof tag !== 'string') return t.failure(tag, t.appendContext(c, 'tag', t.string, tag), `${name} without a string tag (known: ${known.join(', ')})`);
      if (!has(tag)) return acceptsUnknown() ? t.success(u as unknown as UnknownConstructor) : t.failure(tag, t.appendContext(c, 'tag', t.string, tag), `unknown ${name} constructor "${tag}" (strict; known: ${known.join(', ')})`);
      const member = members[tag]!;
      const inner = member.validate(u.value, t.appendContext(c, 'value', member, u.value));
      return inner._tag === 'Left' ? inner : t.success(u as VariantOf<M>);
    },
    t.identity,
  );
  return withFastGuard(codec, is) as Lf<VariantOf<M> | UnknownConstructor>;
};

/** A Daml enum: its constructor's name as a string; a value a later version adds passes but inside `strictDecoding`. */
export const enumOf = <K extends string>(name: string, values: ReadonlyArray<K>): Lf<K | (string & {})> => {
  const set = new Set<string>(values);
  const is = (u: unknown): boolean => typeof u === 'string' && (set.has(u) || acceptsUnknown());
  return withFastGuard(
    new t.Type<K | (string & {}), K | (string & {}), unknown>(
      name,
      (u): u is K => is(u),
      (u, c) => (is(u) ? t.success(u as K) : t.failure(u, c, typeof u === 'string' ? `unknown ${name} value (strict; known: ${values.join(', ')})` : `expected a ${name} (${values.join(' | ')})`)),
      t.identity,
    ),
    is,
  ) as Lf<K | (string & {})>;
};

/**
 * The result of a choice whose result type has a constructor and no field: Daml writes
 * `data R = R` as an enum (the string `"R"`) and `data R = R with` as an empty record (`{}`); a
 * package version may move from one to the other, so both are read.
 */
export const constructorOnly = (name: string): Lf<string | Record<string, unknown>> => {
  const is = (u: unknown): boolean => u === name || isJsonObject(u);
  return withFastGuard(
    new t.Type<string | Record<string, unknown>, string | Record<string, unknown>, unknown>(name, (u): u is string => is(u), (u, c) => (is(u) ? t.success(u as string) : t.failure(u, c, `expected "${name}" or {}`)), t.identity),
    is,
  );
};

/** Daml `(a, b)`: `{ _1, _2 }`. */
export const tuple2 = <A, B>(a: Lf<A>, b: Lf<B>): Lf<{ _1: A; _2: B }> => record(`(${a.name}, ${b.name})`, { _1: a, _2: b }) as unknown as Lf<{ _1: A; _2: B }>;

/** Any Daml value, kept as it came: where canton-rx does not type a part (a large configuration), it says so. */
export const AnyValue: Lf<unknown> = withFastGuard(
  new t.Type<unknown, unknown, unknown>('DamlValue', (u): u is unknown => u !== undefined, (u, c) => (u !== undefined ? t.success(u) : t.failure(u, c, 'required Daml value is missing')), t.identity),
  (u) => u !== undefined,
);
