/*
 * How a payload finds its codec: a template id (`<package-id>:Module:Entity` or
 * `#package-name:Module:Entity`) and, where the event carries it, its package name, matched
 * against the Splice catalogue and the user's own templates, whatever the package id (so across
 * package versions). A user's template is an io-ts codec, a `{ create, choices }` object of them,
 * or a companion of Daml's JavaScript codegen (anything with a `decoder.run`), read structurally.
 */
import * as t from 'io-ts';
import type { DecodeIssue } from '../../../errors/CantonError.js';
import { renderActual } from '../../../internal/renderActual.js';
import { strictDecoding } from '../../common/openMembers.js';
import { fastGuardOf } from '../../common/primitives.js';
import { toIssues } from '../../decodeWith.js';
import { spliceTemplates } from './catalogue.js';

/**
 * A decoder of `@mojotech/json-type-validation`, as Daml's JavaScript codegen emits them: only `run` is read.
 * @example
 * ```ts
 * import type { JtvDecoder } from 'canton-rx';
 * const anything: JtvDecoder = { run: (input) => ({ ok: true, result: input }) };
 * ```
 * @category Payloads
 * @since 0.5.0
 */
export interface JtvDecoder {
  /** Decodes `input`: `{ ok: true, result }`, or `{ ok: false, error: { at, message } }` with the path (`input.owner`) that was refused. */
  run(input: unknown): { readonly ok: true; readonly result: unknown } | { readonly ok: false; readonly error: { readonly at?: string; readonly message?: string } };
}

/**
 * A template of your own, for `typedPayloads`: an io-ts codec of its create arguments, an object
 * naming codecs for its create arguments and choices, or the companion object Daml's JavaScript
 * codegen writes for the template (`import { Iou } from '@daml.js/my-model/lib/Iou'`; its
 * `decoder` decodes the create arguments, its choices' `argumentDecoder` and `resultDecoder`
 * the exercises).
 * @example
 * ```ts
 * import * as t from 'io-ts';
 * import type { UserTemplate } from 'canton-rx';
 * const Iou: UserTemplate = t.type({ issuer: t.string, owner: t.string, amount: t.string });
 * ```
 * @category Payloads
 * @since 0.5.0
 */
export type UserTemplate =
  | t.Mixed
  | { readonly decoder: JtvDecoder; readonly [choice: string]: unknown }
  | {
      readonly create?: t.Mixed | JtvDecoder;
      readonly choices?: Readonly<Record<string, { readonly argument?: t.Mixed | JtvDecoder; readonly result?: t.Mixed | JtvDecoder }>>;
    };

/** What decoding one payload gives: the typed value, or the issues (paths inside the payload). */
export type PayloadDecoding = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly issues: ReadonlyArray<DecodeIssue> };

/** One decoder of a payload. */
export type PayloadDecoder = (u: unknown, strict: boolean) => PayloadDecoding;

/** The decoders of one template. */
export interface TemplateDecoders {
  /** `package-name:Module:Entity`, or the name the user gave. */
  readonly name: string;
  readonly create?: PayloadDecoder;
  readonly choice: (choice: string) => { readonly argument?: PayloadDecoder; readonly result?: PayloadDecoder } | undefined;
}

const isJtv = (u: unknown): u is JtvDecoder => typeof u === 'object' && u !== null && typeof (u as { run?: unknown }).run === 'function';

const fromCodec = (codec: t.Mixed): PayloadDecoder => {
  // A compiled codec decodes a value to itself: when its guard accepts, that value is the result
  // (no Either made); any other codec, and strict decoding, go through decode.
  const guard = fastGuardOf(codec);
  return (u, strict) => {
    if (!strict && guard !== undefined && guard(u)) return { ok: true, value: u };
    const r = strict ? strictDecoding(() => codec.decode(u)) : codec.decode(u);
    return r._tag === 'Right' ? { ok: true, value: r.right } : { ok: false, issues: toIssues(r.left) };
  };
};

const fromJtv =
  (decoder: JtvDecoder): PayloadDecoder =>
  (u) => {
    let r: ReturnType<JtvDecoder['run']>;
    try {
      r = decoder.run(u);
    } catch (e) {
      // A user's decoder that throws is a refusal of this payload, never a crash of the stream.
      return { ok: false, issues: [{ path: '', expected: 'the codegen decoder', actual: renderActual(u), message: `the decoder threw: ${e instanceof Error ? e.message : String(e)}` }] };
    }
    if (r.ok) return { ok: true, value: r.result };
    // jtv's `at` is `input.field[0]`: the path below the payload.
    const at = (r.error.at ?? 'input').replace(/^input\.?/, '').replace(/\[(\d+)\]/g, '.$1').replace(/^\./, '');
    return { ok: false, issues: [{ path: at, expected: 'the codegen decoder', actual: renderActual(u), message: r.error.message ?? 'refused' }] };
  };

const decoderOf = (c: t.Mixed | JtvDecoder | undefined): PayloadDecoder | undefined => (c === undefined ? undefined : c instanceof t.Type ? fromCodec(c) : isJtv(c) ? fromJtv(c) : undefined);

const fromUser = (name: string, template: UserTemplate): TemplateDecoders => {
  if (template instanceof t.Type) return { name, create: fromCodec(template), choice: () => undefined };
  const o = template as Record<string, unknown>;
  if (isJtv(o.decoder)) {
    // A codegen companion: its choices are properties with an argumentDecoder and a resultDecoder.
    const companion = o as Record<string, { argumentDecoder?: unknown; resultDecoder?: unknown } | undefined>;
    return {
      name,
      create: fromJtv(o.decoder),
      choice: (choice) => {
        const c = Object.prototype.hasOwnProperty.call(companion, choice) ? companion[choice] : undefined;
        if (typeof c !== 'object' || c === null) return undefined;
        return { argument: isJtv(c.argumentDecoder) ? fromJtv(c.argumentDecoder) : undefined, result: isJtv(c.resultDecoder) ? fromJtv(c.resultDecoder) : undefined };
      },
    };
  }
  const spec = template as Exclude<UserTemplate, t.Mixed | { readonly decoder: JtvDecoder }>;
  return {
    name,
    create: decoderOf(spec.create),
    choice: (choice) => {
      const c = spec.choices?.[choice];
      return c === undefined ? undefined : { argument: decoderOf(c.argument), result: decoderOf(c.result) };
    },
  };
};

// The catalogue's decoders, made once.
const spliceDecoders: ReadonlyArray<TemplateDecoders> = [...spliceTemplates.values()].map((tc) => {
  const choices = new Map(Object.entries(tc.choices).map(([k, c]) => [k, { argument: fromCodec(c.argument), result: fromCodec(c.result) }] as const));
  return { name: tc.name, ...(tc.create === undefined ? {} : { create: fromCodec(tc.create) }), choice: (choice: string) => choices.get(choice) };
});

/** `Module:Entity` and the package name (if any) of a name `pkg:Module:Entity` or `Module:Entity`. */
const splitName = (name: string): { readonly pkg?: string; readonly qualified: string } => {
  const parts = name.split(':');
  return parts.length >= 3 ? { pkg: parts.slice(0, -2).join(':'), qualified: parts.slice(-2).join(':') } : { qualified: name };
};

/** A template id's package part as a name (`#splice-amulet` gives `splice-amulet`), `undefined` for a package id. */
const packageNameOf = (templateId: string): string | undefined => (templateId.startsWith('#') ? templateId.slice(1, templateId.indexOf(':')) : undefined);

/**
 * The lookup of a payload's decoders: by the template id's module and entity, then its package
 * name (the event's `package_name`/`packageName`, else the id's `#name:`) when several templates share them. User templates come
 * before the catalogue, so a user may retype a Splice template.
 */
export const payloadDecoders = (user?: Readonly<Record<string, UserTemplate>>): ((templateId: string, packageName?: string | null) => TemplateDecoders | undefined) => {
  const byQualified = new Map<string, Array<{ readonly pkg?: string; readonly decoders: TemplateDecoders }>>();
  const add = (name: string, decoders: TemplateDecoders): void => {
    const { pkg, qualified } = splitName(name);
    const list = byQualified.get(qualified) ?? [];
    list.push({ ...(pkg === undefined ? {} : { pkg }), decoders });
    byQualified.set(qualified, list);
  };
  for (const [name, template] of Object.entries(user ?? {})) add(name, fromUser(name, template));
  for (const d of spliceDecoders) add(d.name, d);
  // Two levels (package name, then template id), so that a hit builds no key string.
  const cache = new Map<string, Map<string, TemplateDecoders | null>>();
  let cached = 0;
  return (templateId, packageName) => {
    const pkgKey = packageName ?? '';
    let inner = cache.get(pkgKey);
    const hit = inner?.get(templateId);
    if (hit !== undefined) return hit ?? undefined;
    const qualified = splitName(templateId).qualified;
    // The event's own package name first (the server's word; some captures normalise the id's `#name`), then the id's.
    const pkg = packageName ?? packageNameOf(templateId);
    const candidates = byQualified.get(qualified) ?? [];
    // A candidate named without a package matches any; one with a package needs the same name when the payload says it.
    const found = candidates.find((c) => c.pkg === undefined || pkg === undefined || c.pkg === pkg);
    if (cached < 10_000) {
      if (inner === undefined) cache.set(pkgKey, (inner = new Map()));
      inner.set(templateId, found?.decoders ?? null);
      cached++;
    }
    return found?.decoders;
  };
};
