/**
 * Building blocks of the Splice codecs (Scan and validator): unions told apart by a string field or
 * by which fields are present, and hex strings.
 * Nothing here is part of the public API.
 *
 * Speed: the two union builders check the chosen member with its `is` guard first, which walks the
 * value without building io-ts contexts, and only run the member's `validate` (to get errors with
 * their paths) when that check fails. This roughly thirds the cost of decoding an update page. It
 * is exact only because every member codec here decodes a value to itself (no codec in Scan or the
 * validator transforms its input) and its `is` accepts exactly what its `validate` accepts, which
 * holds for io-ts's `type`, `partial`, `intersection`, `array`, `record`, `literal`, `keyof` and for
 * the primitives of primitives.ts.
 * @internal
 */
import * as t from 'io-ts';
import { renderActual } from '../../internal/renderActual.js';
import { acceptsUnknown, isListedOpen, registerOpenUnion, type OpenUnion } from '../common/openMembers.js';
import { asMember, isInt64, isTimestamp, withFastGuard } from '../common/primitives.js';

const hasOwn = Object.prototype.hasOwnProperty;

/** A JSON object (what `t.type` accepts). @internal */
export const isRecord = (u: unknown): u is Record<string, unknown> => t.UnknownRecord.is(u);

/** `o[key]` is an own property that is not `undefined` (JSON has no `undefined`). @internal */
export const has = (o: Record<string, unknown>, key: string): boolean => hasOwn.call(o, key) && o[key] !== undefined;

const HEX = /^[0-9a-fA-F]+$/;

/** A non-empty string of hex digits, such as Scan's `offset` (`"000000000000000001"`). @internal */
export const HexString = new t.Type<string, string, unknown>(
  'HexString',
  (u): u is string => typeof u === 'string' && HEX.test(u),
  (u, c) => (typeof u === 'string' && HEX.test(u) ? t.success(u) : t.failure(u, c, 'expected a string of hex digits such as "000000000000000001"')),
  t.identity,
);

/**
 * A union that picks its member from the object itself. The chosen member decodes the object at
 * the same path (through its fast `is` first), so its errors point inside it; `none` is the
 * failure when no member is picked.
 */
const pickedUnion = <A, O>(
  name: string,
  pick: (o: Record<string, unknown>) => t.Mixed | undefined,
  none: (u: Record<string, unknown>, c: t.Context) => t.Validation<A>,
  open?: { readonly spec: OpenUnion; readonly nameOf: (o: Record<string, unknown>) => string | undefined },
): t.Type<A, O, unknown> => {
  const isOpen = open !== undefined && isListedOpen(open.spec.group, open.spec.name ?? name);
  const carries = open?.spec.carries;
  // An object no member is picked for, accepted as an unknown member (open, not strict, carrying what is asked).
  const unknownOk = (u: Record<string, unknown>): boolean => isOpen && acceptsUnknown() && open.nameOf(u) !== undefined && (carries === undefined || carries.check(u));
  // The fast guard: the picked member's own (fast) guard; io-ts below it only on rejection.
  const is = (u: unknown): u is A => {
    if (!isRecord(u)) return false;
    const member = pick(u);
    return member !== undefined ? member.is(u) : unknownOk(u);
  };
  const codec = withFastGuard(
    new t.Type<A, O, unknown>(
      name,
      is,
      (u, c) => {
        if (!isRecord(u)) return t.failure(u, c, `expected a JSON object (${name})`);
        const member = pick(u);
        if (member === undefined) {
          if (unknownOk(u)) return t.success(u as A);
          if (isOpen && acceptsUnknown() && carries !== undefined && open.nameOf(u) !== undefined) return t.failure(u, c, `an unknown ${open.spec.name ?? name} without ${carries.what}`);
          return none(u, c);
        }
        return member.validate(u, asMember(c, member, u)) as t.Validation<A>;
      },
      (a) => {
        const member = isRecord(a) ? pick(a) : undefined;
        return (member === undefined ? a : member.encode(a)) as O;
      },
    ),
    is,
  );
  if (isOpen) registerOpenUnion(codec, open.spec.group, open.spec.name ?? name, (u) => (isRecord(u) && pick(u) === undefined ? open.nameOf(u) : undefined));
  return codec;
};

type Members = Record<string, t.Mixed>;
type MemberOf<M extends Members> = M[keyof M];
type TypeOfOpt<N> = N extends t.Mixed ? t.TypeOf<N> : never;
type OutputOfOpt<N> = N extends t.Mixed ? t.OutputOf<N> : never;

/**
 * A union told apart by the string value of one field (an OpenAPI `discriminator`), such as Scan's
 * `event_type` or `status`. The chosen member decodes the whole object at the same path, so its
 * errors point inside it; an unknown or missing value is one failure at `<path>.<key>` whose
 * message names the value. `absent`, when given, decodes objects without the field. `open`: an
 * unknown string value is an unknown member instead (docs/codecs.md, "Open unions").
 * @internal
 */
export const discriminatedBy = <M extends Members, N extends t.Mixed | undefined = undefined>(
  name: string,
  key: string,
  members: M,
  absent?: N,
  open?: OpenUnion,
): t.Type<t.TypeOf<MemberOf<M>> | TypeOfOpt<N>, t.OutputOf<MemberOf<M>> | OutputOfOpt<N>, unknown> => {
  type A = t.TypeOf<MemberOf<M>> | TypeOfOpt<N>;
  type O = t.OutputOf<MemberOf<M>> | OutputOfOpt<N>;
  const known = Object.keys(members);
  const knownText = known.join(', ');
  const tagCodec = t.keyof(Object.fromEntries(known.map((k) => [k, null])) as { [K in keyof M]: null }, known.map((k) => `"${k}"`).join(' | '));
  const pick = (o: Record<string, unknown>): t.Mixed | undefined => {
    const tag = o[key];
    if (typeof tag === 'string') return hasOwn.call(members, tag) ? members[tag] : undefined;
    return tag === undefined && !hasOwn.call(o, key) ? absent : undefined;
  };
  return pickedUnion<A, O>(name, pick, (u, c) => {
    const tag = u[key];
    const message =
      typeof tag === 'string'
        ? `unknown ${name} ${key} ${renderActual(tag)} (known: ${knownText})`
        : tag === undefined
          ? `${name} without ${key} (known: ${knownText})`
          : `${name} ${key} must be a string (known: ${knownText})`;
    return t.failure(tag, t.appendContext(c, key, tagCodec, tag), message);
  }, open && { spec: open, nameOf: (o) => (typeof o[key] === 'string' ? (o[key] as string) : undefined) });
};

/**
 * What an unknown item of Scan's update history must carry: the fields the Scan streams' cursor
 * and checkpoint read (`update_id`, `migration_id`, `record_time`).
 * @internal
 */
export const carriesScanCursor = {
  check: (u: unknown): boolean => isRecord(u) && typeof u.update_id === 'string' && isInt64(u.migration_id) && isTimestamp(u.record_time),
  what: 'update_id, migration_id and record_time (the cursor of the Scan streams)',
} as const;

/** One member of {@link byPresence}: chosen when any of `keys` is present. @internal */
export interface PresenceMember<C extends t.Mixed> {
  readonly keys: ReadonlyArray<string>;
  readonly codec: C;
}

/**
 * An untagged union of two object shapes (an OpenAPI `oneOf` without discriminator), told apart by
 * which fields are present: `first` when one of its keys is there, otherwise `second` when one of
 * its keys is there. The chosen member decodes the object at the same path, so an error points
 * inside it instead of listing the failures of both members. Neither gives one failure with
 * `neither` as message; or, `open`, an unknown member when it carries what `open.carries` asks.
 * @internal
 */
export const byPresence = <A extends t.Mixed, B extends t.Mixed>(
  name: string,
  first: PresenceMember<A>,
  second: PresenceMember<B>,
  neither: string,
  open?: OpenUnion,
): t.Type<t.TypeOf<A> | t.TypeOf<B>, t.OutputOf<A> | t.OutputOf<B>, unknown> => {
  type T = t.TypeOf<A> | t.TypeOf<B>;
  type O = t.OutputOf<A> | t.OutputOf<B>;
  const pick = (o: Record<string, unknown>): t.Mixed | undefined => {
    for (const k of first.keys) if (has(o, k)) return first.codec;
    for (const k of second.keys) if (has(o, k)) return second.codec;
    return undefined;
  };
  // An untagged member has no name to carry: the empty string.
  return pickedUnion<T, O>(name, pick, (u, c) => t.failure(u, c, neither), open && { spec: open, nameOf: () => '' });
};
