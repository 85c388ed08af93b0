/**
 * The building blocks every codec of canton-rx is made of: how the three API groups write
 * integers, timestamps, Daml values, optional fields and unions (see docs/codecs.md).
 */
import * as t from 'io-ts';
import { acceptsUnknown, inheritOpenUnion, isListedOpen, registerOpenUnion, type OpenUnion, type UnknownMember } from './openMembers.js';

/**
 * An optional field: absent and `null` both mean "not set", since both servers print nulls.
 * Not an io-ts union: the common null or absent case costs one check, and a wrong value fails
 * once, as `<codec> | null`, at the field's path.
 */
export const optional = <C extends t.Mixed>(codec: C): t.Type<t.TypeOf<C> | null | undefined, t.OutputOf<C> | null | undefined, unknown> =>
  new t.Type<t.TypeOf<C> | null | undefined, t.OutputOf<C> | null | undefined, unknown>(
    `${codec.name} | null`,
    (u): u is t.TypeOf<C> | null | undefined => u === null || u === undefined || codec.is(u),
    (u, c) => (u === null || u === undefined ? t.success(u) : codec.validate(u, c)),
    (a) => (a === null || a === undefined ? a : (codec.encode(a) as t.OutputOf<C>)),
  );

const isInteger = (u: unknown): u is number => typeof u === 'number' && Number.isInteger(u);

/**
 * The int64 test of {@link int64}, for the fast guards (src/generated, the hand guards).
 * @internal
 */
export const isInt64 = (u: unknown): u is number => typeof u === 'number' && Number.isSafeInteger(u);

/**
 * A JSON number holding an int64 of the API itself (offsets, migration ids, counters): the one
 * int64 rule of every codec, hand and generated (docs/codecs.md). Both servers print these as
 * JSON numbers (notes §0.8, §2.1, §2.2, every fixture); a quoted number is refused, not coerced.
 * Integers beyond `Number.MAX_SAFE_INTEGER` are refused rather than silently rounded.
 */
export const int64 = new t.Type<number, number, unknown>(
  'int64',
  isInt64,
  (u, c) => {
    if (!isInteger(u)) return t.failure(u, c);
    if (!Number.isSafeInteger(u)) return t.failure(u, c, 'integer beyond Number.MAX_SAFE_INTEGER: precision would be lost');
    return t.success(u);
  },
  t.identity,
);
export type int64 = number;

/**
 * The int32 test of {@link int32}, for the fast guards.
 * @internal
 */
export const isInt32 = (u: unknown): u is number => typeof u === 'number' && (u | 0) === u;

/** A JSON number holding an int32. */
export const int32 = new t.Type<number, number, unknown>(
  'int32',
  (u): u is number => isInteger(u) && u >= -2147483648 && u <= 2147483647,
  (u, c) => (isInteger(u) && u >= -2147483648 && u <= 2147483647 ? t.success(u) : t.failure(u, c)),
  t.identity,
);
export type int32 = number;

// RFC 3339 date-time as the servers write it: `Z` (Instant.toString, circe's OffsetDateTime) or a
// numeric offset such as `+00:00` (a proxy or a JVM printing OffsetDateTime), 0 to 9 fractional
// digits; `t` and `z` in lower case too (RFC 3339 §5.6 allows them; the time functions read them as `T`, `Z`). The regular expression is the definition; isTimestamp tests the same by character codes
// (no slower, and no regular expression state on the hot path; test/codecs/common/primitives.spec.ts
// holds the two to each other).
/** @internal */
export const TIMESTAMP = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])[Tt]([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d{1,9})?([Zz]|[+-]([01]\d|2[0-3]):[0-5]\d)$/;

// `(c - 48) >>> 0` is 0 to 9 for a digit and above 9 for any other character (a negative
// difference wraps around), so one comparison checks a digit.
const notDigit = (s: string, i: number): boolean => (s.charCodeAt(i) - 48) >>> 0 > 9;
const twoDigits = (s: string, i: number): number => (s.charCodeAt(i) - 48) * 10 + s.charCodeAt(i + 1) - 48;

/**
 * The test of {@link Timestamp}, for the fast guards.
 * @internal
 */
export const isTimestamp = (u: unknown): u is string => {
  if (typeof u !== 'string') return false;
  const n = u.length;
  if (n < 20 || n > 35) return false;
  // `| 32` folds `T` (84) onto `t` (116), `Z` (90) onto `z` (122).
  if (u.charCodeAt(4) !== 45 || u.charCodeAt(7) !== 45 || (u.charCodeAt(10) | 32) !== 116 || u.charCodeAt(13) !== 58 || u.charCodeAt(16) !== 58) return false;
  if (notDigit(u, 0) || notDigit(u, 1) || notDigit(u, 2) || notDigit(u, 3) || notDigit(u, 5) || notDigit(u, 6) || notDigit(u, 8) || notDigit(u, 9)) return false;
  if (notDigit(u, 11) || notDigit(u, 12) || notDigit(u, 14) || notDigit(u, 15) || notDigit(u, 17) || notDigit(u, 18)) return false;
  const month = twoDigits(u, 5);
  const day = twoDigits(u, 8);
  if (month < 1 || month > 12 || day < 1 || day > 31 || twoDigits(u, 11) > 23 || twoDigits(u, 14) > 59 || twoDigits(u, 17) > 59) return false;
  let i = 19;
  if (u.charCodeAt(i) === 46 /* . */) {
    i++;
    const start = i;
    while (i < n && !notDigit(u, i)) i++;
    if (i === start || i - start > 9) return false;
  }
  if ((u.charCodeAt(i) | 32) === 122 /* Z or z */) return i === n - 1;
  const sign = u.charCodeAt(i);
  if ((sign !== 43 && sign !== 45) || i !== n - 6 || u.charCodeAt(i + 3) !== 58) return false;
  if (notDigit(u, i + 1) || notDigit(u, i + 2) || notDigit(u, i + 4) || notDigit(u, i + 5)) return false;
  return twoDigits(u, i + 1) <= 23 && twoDigits(u, i + 4) <= 59;
};

/**
 * An RFC 3339 instant with 0 to 9 fractional digits and `Z` or a numeric offset (`+00:00`) (`t` and
 * `z` may be lower case, as RFC 3339 allows), kept
 * as the string the server sent: a `Date` would drop the microseconds and nanoseconds. Order them
 * with `compareTimestamps`, which reads the offset.
 */
export const Timestamp = new t.Type<string, string, unknown>(
  'Timestamp',
  isTimestamp,
  (u, c) => (isTimestamp(u) ? t.success(u) : t.failure(u, c, 'expected an RFC 3339 instant such as 2024-09-20T13:31:28.405180Z')),
  t.identity,
);
export type Timestamp = string;

/**
 * A Daml value in its JSON encoding (`createArgument`, `create_arguments`, `payload`,
 * `choice_argument`, ...): kept exactly as the JSON it is.
 */
export const DamlValue = t.unknown;
export type DamlValue = unknown;

/**
 * A Daml value the schema requires: any JSON value, `null` included, but not a missing key.
 * `DamlValue` is `t.unknown`, which a `t.type` also accepts for an absent field.
 */
export const RequiredDamlValue = new t.Type<unknown, unknown, unknown>(
  'DamlValue',
  (u): u is unknown => u !== undefined,
  (u, c) => (u !== undefined ? t.success(u) : t.failure(u, c, 'required Daml value is missing')),
  t.identity,
);

/** A JSON object of Daml values (a Daml record in compact JSON). */
export const DamlRecord = t.UnknownRecord;
export type DamlRecord = { [key: string]: unknown };

type WrapperMembers = Record<string, t.Mixed>;
export type WrapperOf<M extends WrapperMembers> = { [K in keyof M]: { [P in K]: t.TypeOf<M[K]> } }[keyof M];

/**
 * Canton's union encoding: an object with exactly one key, the variant name, holding the variant.
 * Closed (no `open`): an unknown variant (a newer server) is a decode failure that names it, not a
 * crash. Open (`open`, for the unions of overrides.openUnions): an unknown variant is accepted as
 * it is, typed `UnknownMember<name>`, when it carries what `open.carries` asks (the fields a
 * stream's cursor reads); inside `strictDecoding` it is the failure again.
 */
export function wrapperUnion<M extends WrapperMembers>(name: string, members: M): t.Type<WrapperOf<M>, unknown, unknown>;
/** @internal (an open union's generated codec declares its own type: OpenUnion is not public) */
export function wrapperUnion<M extends WrapperMembers, N extends string>(name: N, members: M, open: OpenUnion): t.Type<WrapperOf<M> | UnknownMember<N>, unknown, unknown>;
export function wrapperUnion<M extends WrapperMembers>(name: string, members: M, open?: OpenUnion): t.Type<WrapperOf<M>, unknown, unknown> {
  const known = Object.keys(members);
  const has = (key: string): boolean => Object.prototype.hasOwnProperty.call(members, key);
  const isOpen = open !== undefined && isListedOpen(open.group, open.name ?? name);
  const carries = open?.carries;
  // An unknown variant's value passes when the union is open (and not decoding strictly) and it carries what is asked.
  const unknownOk = (v: unknown): boolean => isOpen && acceptsUnknown() && (carries === undefined || carries.check(v));
  // Straight-line: one key counted without allocating, the member's own (fast) guard on its value.
  const check = (u: unknown): boolean => {
    if (typeof u !== 'object' || u === null || Array.isArray(u)) return false;
    let key: string | undefined;
    for (const k in u) {
      if (!Object.prototype.hasOwnProperty.call(u, k)) continue;
      if (key !== undefined) return false;
      key = k;
    }
    if (key === undefined) return false;
    const v = (u as Record<string, unknown>)[key];
    return has(key) ? members[key]!.is(v) : unknownOk(v);
  };
  const codec = new t.Type<WrapperOf<M>, unknown, unknown>(
    name,
    (u): u is WrapperOf<M> => {
      if (typeof u !== 'object' || u === null || Array.isArray(u)) return false;
      const keys = Object.keys(u);
      if (keys.length !== 1) return false;
      const v = (u as Record<string, unknown>)[keys[0]!];
      return has(keys[0]!) ? members[keys[0]!]!.is(v) : unknownOk(v);
    },
    (u, c) => {
      if (typeof u !== 'object' || u === null || Array.isArray(u)) return t.failure(u, c, `expected an object with one of the keys ${known.join(', ')}`);
      const keys = Object.keys(u);
      if (keys.length !== 1) return t.failure(u, c, `expected exactly one of the keys ${known.join(', ')}, got ${keys.length === 0 ? 'none' : keys.join(', ')}`);
      const key = keys[0]!;
      const v = (u as Record<string, unknown>)[key];
      const member = has(key) ? members[key] : undefined;
      if (member === undefined) {
        if (unknownOk(v)) return t.success(u as WrapperOf<M>);
        const why = isOpen && acceptsUnknown() && carries !== undefined ? ` without ${carries.what}` : '';
        return t.failure(u, c, `unknown ${name} variant "${key}"${why} (known: ${known.join(', ')})`);
      }
      const inner = member.validate(v, t.appendContext(c, key, member, v));
      if (inner._tag === 'Left') return inner;
      return inner.right === v ? t.success(u as WrapperOf<M>) : t.success({ [key]: inner.right } as WrapperOf<M>);
    },
    t.identity,
  );
  const guarded = withFastGuard(codec, check);
  if (isOpen) registerOpenUnion(guarded, open.group, open.name ?? name, (u) => (isJsonObject(u) ? unknownKeyOf(u, has) : undefined));
  return guarded;
}

/** The one key of a wrapper-union value when no member has it. */
const unknownKeyOf = (u: Record<string, unknown>, has: (key: string) => boolean): string | undefined => {
  const keys = Object.keys(u);
  return keys.length === 1 && !has(keys[0]!) ? keys[0] : undefined;
};

/** A `{"value": ...}` level, as many Canton variants nest their payload. */
export const valueOf = <C extends t.Mixed>(codec: C, name = `{ value: ${codec.name} }`) =>
  withFastGuard(t.type({ value: codec }, name), (u) => isJsonObject(u) && codec.is(u.value));

/**
 * What an unknown variant of a ledger stream's union must carry: `value.offset`, the int64 the
 * stream's checkpoint reads, so that it advances past the item (overrides.openUnions).
 * @internal
 */
export const carriesValueOffset = {
  check: (v: unknown): boolean => isJsonObject(v) && isJsonObject(v.value) && isInt64(v.value.offset),
  what: 'value.offset (an int64, the checkpoint of the stream)',
} as const;

/** A non-empty array. */
export const nonEmptyArray = <C extends t.Mixed>(codec: C, name = `NonEmptyArray<${codec.name}>`) =>
  t.refinement(t.array(codec), (a) => a.length > 0, name);

// The codec behind each fast guard, and the guard itself: kept apart so that tests can hold each
// guard to its codec (read at module load and by tests only, never while decoding).
const unguarded = new WeakMap<t.Decoder<unknown, unknown>, t.Mixed>();
const guards = new WeakMap<t.Decoder<unknown, unknown>, (u: unknown) => boolean>();

// Off only inside plainDecoding (tests, the bench's reference): every codec then decodes with io-ts alone.
let fastGuards = true;

/**
 * A compiled codec: the io-ts `codec` behind a straight-line `check` (the pattern of every
 * generated codec and of the hand codecs of the hot paths; docs/codecs.md). `check` must accept
 * exactly what `codec` accepts on JSON values, never more: a value it accepts is returned as it is,
 * at once, with no context, Either or copy; any other value goes through `codec.validate`, which
 * builds the same path-carrying errors as before. Only for codecs that decode a value to itself
 * (every rule of docs/codecs.md does). The result is an io-ts `t.Type` like any other.
 *
 * @example
 * ```ts
 * const Page = withFastGuard(t.type({ next: t.string }, 'Page'), (u) => isJsonObject(u) && typeof u.next === 'string');
 * Page.decode({ next: 'x' }); // Right, the same object
 * Page.decode({ next: 1 }); // Left, with the path `next`, from io-ts
 * ```
 * @internal
 */
export const withFastGuard = <C extends t.Mixed>(codec: C, check: (u: unknown) => boolean): t.Type<t.TypeOf<C>, t.OutputOf<C>, unknown> => {
  const guarded = new t.Type<t.TypeOf<C>, t.OutputOf<C>, unknown>(
    codec.name,
    (u): u is t.TypeOf<C> => (fastGuards && check(u)) || codec.is(u),
    (u, c) => (fastGuards && check(u) ? t.success(u as t.TypeOf<C>) : codec.validate(u, asMember(c, codec, u))),
    codec.encode,
  );
  // decode without io-ts's context array on the accept path; the same context on the other.
  guarded.decode = (u) => (fastGuards && check(u) ? t.success(u as t.TypeOf<C>) : codec.validate(u, [{ key: '', type: codec, actual: u }]));
  unguarded.set(guarded, codec);
  guards.set(guarded, check);
  // A compiled open union (the generated ones wrap the builder's codec) tells its unknown members too.
  inheritOpenUnion(guarded, codec);
  return guarded;
};

/** The codec a {@link withFastGuard} codec stands for, `undefined` for any other codec. @internal */
export const unguardedOf = (codec: t.Decoder<unknown, unknown>): t.Mixed | undefined => unguarded.get(codec);

/** The fast guard of a {@link withFastGuard} codec, `undefined` for any other codec. @internal */
export const fastGuardOf = (codec: t.Decoder<unknown, unknown>): ((u: unknown) => boolean) | undefined => guards.get(codec);

/**
 * Runs `f` with every fast guard off: each codec decodes with its io-ts codec alone, nested ones
 * included. The reference the property tests and the bench compare the compiled codecs with.
 * Synchronous only; restores the guards even when `f` throws.
 * @internal
 */
export const plainDecoding = <A>(f: () => A): A => {
  const before = fastGuards;
  fastGuards = false;
  try {
    return f();
  } finally {
    fastGuards = before;
  }
};

/** A plain JSON object (what JSON.parse makes): stricter than `t.UnknownRecord.is`, and cheaper. @internal */
export const isJsonObject = (u: unknown): u is Record<string, unknown> => {
  if (typeof u !== 'object' || u === null || Array.isArray(u)) return false;
  const proto = Object.getPrototypeOf(u) as unknown;
  return proto === Object.prototype || proto === null;
};

/** An array of strings. @internal */
export const isStringArray = (u: unknown): u is string[] => {
  if (!Array.isArray(u)) return false;
  for (let i = 0; i < u.length; i++) if (typeof u[i] !== 'string') return false;
  return true;
};

/**
 * The context to decode `u` with `member` in place of the codec the parent named: the last entry
 * (added by the parent with the key of `u`) now names the member, as if the parent had decoded
 * with it, so that decodeWith's JSON paths drop the member's own indexes (an intersection's).
 * @internal
 */
export const asMember = (c: t.Context, member: t.Decoder<unknown, unknown>, u: unknown): t.Context => {
  const last = c[c.length - 1];
  return [...c.slice(0, -1), { key: last === undefined ? '' : last.key, type: member, actual: u }];
};
