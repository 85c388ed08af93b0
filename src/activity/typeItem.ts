import type { DecodeIssue } from '../errors/CantonError.js';
import type { payloadDecoders, PayloadDecoder, TemplateDecoders } from '../codecs/splice/daml/payloadDecoders.js';
import { pathOf, payloadEventsOf, type PayloadEvent } from './internal/payloadEvents.js';

/**
 * One event whose payloads were decoded: its create arguments (a created event), or its choice
 * argument and result (an exercised event), as typed values. `template` is the name it matched
 * (`splice-amulet:Splice.Amulet:Amulet`, or the name you gave your template).
 * @example
 * ```ts
 * import type { TypedEvent } from 'canton-rx';
 * const amount = (e: TypedEvent) => (e.template === 'splice-amulet:Splice.Amulet:Amulet' && e.kind === 'created' ? (e.payload as { amount: { initialAmount: string } }).amount.initialAmount : undefined);
 * ```
 * @category Payloads
 * @since 0.5.0
 */
export type TypedEvent =
  | { readonly kind: 'created'; readonly eventId: string; readonly contractId: string; readonly templateId: string; readonly template: string; readonly payload: unknown }
  | { readonly kind: 'exercised'; readonly eventId: string; readonly contractId: string; readonly templateId: string; readonly template: string; readonly choice: string; readonly argument?: unknown; readonly result?: unknown };

/**
 * A payload its codec refused: the event, the template and choice, and the issues, each with its
 * JSON path inside the item (`events_by_id.<id>.exercise_result.summary.holdingFees`). The item
 * is delivered all the same; with `strict` the item is a `Left` instead.
 * @example
 * ```ts
 * import type { PayloadRefusal } from 'canton-rx';
 * const log = (r: PayloadRefusal) => console.warn(`${r.template} ${r.part} of ${r.eventId}: ${r.issues[0]?.path}`);
 * ```
 * @category Payloads
 * @since 0.5.0
 */
export interface PayloadRefusal {
  readonly _tag: 'PayloadRefusal';
  readonly eventId: string;
  readonly templateId: string;
  readonly template: string;
  readonly choice?: string;
  /** Which payload: `create_arguments`, `choice_argument`, `exercise_result` (or the ledger's `createArgument`, …). */
  readonly part: string;
  readonly issues: ReadonlyArray<DecodeIssue>;
}

const joinPath = (base: ReadonlyArray<string | number>, inner: string): string => [...base.map(String), ...(inner === '' ? [] : [inner])].join('.');

/** Decodes one payload of an event; a refusal goes to `refused` with its path in the item. */
const decodePart = (decoder: PayloadDecoder | undefined, ev: PayloadEvent, key: string, template: string, choice: string | undefined, strict: boolean, refused: PayloadRefusal[]): { value: unknown } | undefined => {
  if (decoder === undefined) return undefined;
  const r = decoder(ev.event[key], strict);
  if (r.ok) return r;
  const base = [...pathOf(ev), key];
  refused.push({ _tag: 'PayloadRefusal', eventId: ev.eventId, templateId: ev.templateId, template, ...(choice === undefined ? {} : { choice }), part: key, issues: r.issues.map((i) => ({ ...i, path: joinPath(base, i.path) })) });
  return undefined;
};

/**
 * Decodes the payloads of one event with its template's decoders: the typed event, or
 * `undefined` when nothing of it is typed or a part was refused (the refusal goes to `refused`).
 * @example
 * ```ts
 * const typed = typeEvent(ev, decoders, false, []);
 * ```
 * @internal
 */
export const typeEvent = (ev: PayloadEvent, decoders: TemplateDecoders, strict: boolean, refused: PayloadRefusal[]): TypedEvent | undefined => {
  if (ev.kind === 'created') {
    // A ledger created event read through an interface-only filter carries no create argument (`null`): nothing to type.
    if (ev.event[ev.keys.create] === null && ev.keys.create === 'createArgument') return undefined;
    const r = decodePart(decoders.create, ev, ev.keys.create, decoders.name, undefined, strict, refused);
    return r === undefined ? undefined : { kind: 'created', eventId: ev.eventId, contractId: ev.contractId, templateId: ev.templateId, template: decoders.name, payload: r.value };
  }
  const choice = String(ev.event.choice);
  const codecs = decoders.choice(choice);
  if (codecs === undefined) return undefined;
  const before = refused.length;
  const argument = decodePart(codecs.argument, ev, ev.keys.argument, decoders.name, choice, strict, refused);
  const result = decodePart(codecs.result, ev, ev.keys.result, decoders.name, choice, strict, refused);
  if (refused.length !== before) return undefined;
  // Without spreads: the optional parts set only when decoded (a spread per event cost a tenth).
  const typed: { -readonly [K in keyof (TypedEvent & { kind: 'exercised' })]: (TypedEvent & { kind: 'exercised' })[K] } = { kind: 'exercised', eventId: ev.eventId, contractId: ev.contractId, templateId: ev.templateId, template: decoders.name, choice };
  if (argument !== undefined) typed.argument = argument.value;
  if (result !== undefined) typed.result = result.value;
  return typed as TypedEvent;
};

/**
 * Decodes the payloads of one item that a lookup knows (pure): the typed events in the item's
 * order, and the payloads refused with their paths in the item. What `typedPayloads` and
 * `activityOf` read.
 * @example
 * ```ts
 * const { events, refused } = typeItem(payloadDecoders(), item, false);
 * ```
 * @internal
 */
export const typeItem = (lookup: ReturnType<typeof payloadDecoders>, item: unknown, strict: boolean): { events: TypedEvent[]; refused: PayloadRefusal[] } => {
  const events: TypedEvent[] = [];
  const refused: PayloadRefusal[] = [];
  for (const ev of payloadEventsOf(item, lookup)) {
    const typed = typeEvent(ev, ev.picked, strict, refused);
    if (typed !== undefined) events.push(typed);
  }
  return { events, refused };
};

