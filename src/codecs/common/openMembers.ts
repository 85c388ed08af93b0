/**
 * Open unions: what a union of the servers' answers does with a member this version of canton-rx
 * does not know (a new update kind, event type, reassignment event, topology event). Splice's bulk
 * data guidance is that readers must tolerate new types, and Canton adds variants between minor
 * versions: a closed union would end a feed the day the server ships one. Which unions are open,
 * and why, is one list (scripts/codegen/overrides.mjs, openUnions, written to openUnions.ts);
 * docs/codecs.md, "Open unions".
 */
import type * as t from 'io-ts';
import { openUnions } from './openUnions.js';

// On only inside strictDecoding (decodes are synchronous: the flag cannot leak to another one).
let strict = false;

/**
 * Runs `f` with strict decoding: every open union and enum refuses a member it does not know (a
 * `DecodeError` naming it, as before unions were open). Synchronous only; restores the mode even
 * when `f` throws. The client's `strict` option runs each decode of an answer inside it.
 * @example
 * ```ts
 * strictDecoding(() => codecs.ledger.Update.decode({ FutureKind: { value: { offset: 7 } } })); // Left
 * ```
 * @internal
 */
export const strictDecoding = <A>(f: () => A): A => {
  const before = strict;
  strict = true;
  try {
    return f();
  } finally {
    strict = before;
  }
};

/**
 * Whether a member no spec names is accepted now: true but inside {@link strictDecoding}. Read by
 * the fast guards in the branch of an unknown member (one call, no allocation).
 * @internal
 */
export const acceptsUnknown = (): boolean => !strict;

declare const unknownMember: unique symbol;

/**
 * A member of the open union `U` that this version of canton-rx does not know: the JSON the
 * server sent, as it is (its tag, the variant key or the `event_type`, carries the member's name;
 * the fields a stream's cursor reads are checked to be there). The type is only a brand, so that
 * narrowing on the known members (`'Transaction' in u`, `e.event_type === 'created_event'`)
 * leaves it out; read its name and raw JSON with `unknownMemberOf`.
 * @example
 * ```ts
 * import { codecs, unknownMemberOf } from 'canton-rx';
 * const describe = (u: codecs.ledger.Update) =>
 *   'Transaction' in u ? 'a transaction' : unknownMemberOf(codecs.ledger.Update, u)?.name ?? 'another known kind';
 * ```
 * @category Codecs
 * @since 0.3.0
 */
export interface UnknownMember<U extends string> {
  readonly [unknownMember]: U;
}

/**
 * An unknown member seen as data: the union it belongs to, the name its tag carries and the JSON
 * as the server sent it.
 * @category Codecs
 * @since 0.3.0
 */
export interface UnknownMemberView {
  readonly kind: 'unknown';
  /** The open union, as `codecs.<group>.<union>` names it (`Update`, `TreeEvent`). */
  readonly union: string;
  /** The member's name as the server wrote it (the variant key, the `event_type`; `''` for an untagged union). */
  readonly name: string;
  /** The member's JSON, as it came (also the decoded value itself). */
  readonly raw: unknown;
}

/** The groups of the open-union list. @internal */
export type OpenGroup = keyof typeof openUnions;

/**
 * How a hand or generated union is open: its entry in the open-union list (a union the list does
 * not name stays closed), and what an unknown member must carry to be accepted (the fields a
 * stream's cursor reads, so that the checkpoint still advances past it), as a straight-line test
 * and its description for the error when it does not.
 * @internal
 */
export interface OpenUnion {
  readonly group: OpenGroup;
  /** The union's name in the list, when the codec's own name says something else. */
  readonly name?: string;
  readonly carries?: { readonly check: (u: unknown) => boolean; readonly what: string };
}

/**
 * The type of an open union built by a builder whose type names the known members only: adds
 * the unknown member type `U` (what the runtime codec accepts besides them). @internal
 */
export const withUnknown =
  <U>() =>
  <A, O>(codec: t.Type<A, O, unknown>): t.Type<A | U, O, unknown> =>
    codec as unknown as t.Type<A | U, O, unknown>;

/** Whether the list names `name` as an open union of `group`. @internal */
export const isListedOpen = (group: OpenGroup, name: string): boolean => Object.prototype.hasOwnProperty.call(openUnions[group], name);

// Every open union codec built, with how it names an unknown member (`undefined`: a known one).
const registry = new WeakMap<object, { readonly union: string; readonly nameOf: (u: unknown) => string | undefined }>();
const built: Array<{ readonly group: OpenGroup; readonly union: string }> = [];

/**
 * Records an open union codec (each codec that has an unknown branch calls it, the returned codec
 * included) so that `unknownMemberOf` can tell its unknown members. @internal
 */
export const registerOpenUnion = <C extends object>(codec: C, group: OpenGroup, union: string, nameOf: (u: unknown) => string | undefined): C => {
  registry.set(codec, { union, nameOf });
  if (!built.some((b) => b.group === group && b.union === union)) built.push({ group, union });
  return codec;
};

/** Registers `outer` as the open union `inner` is, if it is one (a codec that wraps it as it is). @internal */
export const inheritOpenUnion = (outer: object, inner: object): void => {
  const entry = registry.get(inner);
  if (entry !== undefined) registry.set(outer, entry);
};

/** The open unions built so far, by group and name (tests compare it with the list). @internal */
export const builtOpenUnions = (): ReadonlyArray<{ readonly group: OpenGroup; readonly union: string }> => built;

/**
 * The unknown member `value` is, as data, when `codec` is an open union and `value` (decoded by
 * it) is a member it does not know; `undefined` for a known member or a codec that is not open.
 * @example
 * ```ts
 * import { codecs, decodeWith, unknownMemberOf } from 'canton-rx';
 * const r = decodeWith(codecs.ledger.Update)({ FutureKind: { value: { offset: 7 } } });
 * // Right; unknownMemberOf(codecs.ledger.Update, r.right)
 * //   -> { kind: 'unknown', union: 'Update', name: 'FutureKind', raw: { FutureKind: { value: { offset: 7 } } } }
 * ```
 * @category Codecs
 * @since 0.3.0
 */
export const unknownMemberOf = (codec: t.Decoder<unknown, unknown>, value: unknown): UnknownMemberView | undefined => {
  const entry = registry.get(codec);
  if (entry === undefined) return undefined;
  const name = entry.nameOf(value);
  return name === undefined ? undefined : { kind: 'unknown', union: entry.union, name, raw: value };
};
