/**
 * The events of a stream item that carry Daml payloads, in the order the item lists them: Scan's
 * update history and event history (`events_by_id`, snake case) and the ledger's transactions
 * (`events`, camelCase). One shape for both, with the JSON path of each payload inside the item.
 * @internal
 */
import { isJsonObject } from '../../codecs/common/primitives.js';

/** An event with a Daml payload, as both APIs write it. */
export interface PayloadEvent {
  /** Scan's `event_id`, or the ledger's `nodeId` as a string. */
  readonly eventId: string;
  readonly kind: 'created' | 'exercised';
  readonly templateId: string;
  readonly packageName?: string | null;
  readonly contractId: string;
  /** Where the event is inside the item: `base`, then `events_by_id.<index>` (Scan) or `events.<index>.<wrapper>` (ledger); see {@link pathOf}. */
  readonly base: ReadonlyArray<string | number>;
  readonly index: string | number;
  readonly wrapper?: string;
  /** The keys of the payloads in this API's spelling. */
  readonly keys: { readonly create: string; readonly argument: string; readonly result: string };
  readonly event: Record<string, unknown>;
}

const SCAN_KEYS = { create: 'create_arguments', argument: 'choice_argument', result: 'exercise_result' } as const;
const LEDGER_KEYS = { create: 'createArgument', argument: 'choiceArgument', result: 'exerciseResult' } as const;

/** Which events to make: those whose template `pick` answers for (the others cost nothing), with its answer. */
type Pick<D> = (templateId: string, packageName: string | null) => D | undefined;

/** One event of Scan's `events_by_id` (under `id`) as a payload event, if `pick` answers for its template. */
export const scanPayloadEvent = <D>(e: unknown, id: string, base: ReadonlyArray<string | number>, pick: Pick<D>): (PayloadEvent & { readonly picked: D }) | undefined => {
  if (!isJsonObject(e) || typeof e.template_id !== 'string') return undefined;
  const kind = e.event_type === 'created_event' ? 'created' : e.event_type === 'exercised_event' ? 'exercised' : undefined;
  if (kind === undefined) return undefined;
  const packageName = typeof e.package_name === 'string' ? e.package_name : null;
  const picked = pick(e.template_id, packageName);
  if (picked === undefined) return undefined;
  return { eventId: typeof e.event_id === 'string' ? e.event_id : id, kind, templateId: e.template_id, packageName, contractId: String(e.contract_id), base, index: id, keys: SCAN_KEYS, event: e, picked };
};

const scanEvents = <D>(tx: Record<string, unknown>, base: ReadonlyArray<string | number>, pick: Pick<D>, out: Array<PayloadEvent & { readonly picked: D }>): void => {
  const byId = tx.events_by_id;
  if (!isJsonObject(byId)) return;
  for (const id in byId) {
    const ev = scanPayloadEvent(byId[id], id, base, pick);
    if (ev !== undefined) out.push(ev);
  }
};

const ledgerEvents = <D>(tx: Record<string, unknown>, base: ReadonlyArray<string | number>, pick: Pick<D>, out: Array<PayloadEvent & { readonly picked: D }>): void => {
  const events = tx.events;
  if (!Array.isArray(events)) return;
  events.forEach((w: unknown, i) => {
    if (!isJsonObject(w)) return;
    const created = w.CreatedEvent;
    const exercised = w.ExercisedEvent;
    const e = isJsonObject(created) ? created : isJsonObject(exercised) ? exercised : undefined;
    if (e === undefined || typeof e.templateId !== 'string') return;
    const key = e === created ? 'CreatedEvent' : 'ExercisedEvent';
    const packageName = typeof e.packageName === 'string' ? e.packageName : null;
    const picked = pick(e.templateId, packageName);
    if (picked === undefined) return;
    out.push({ eventId: String(e.nodeId), kind: e === created ? 'created' : 'exercised', templateId: e.templateId, packageName, contractId: String(e.contractId), base, index: i, wrapper: key, keys: LEDGER_KEYS, event: e, picked });
  });
};

/** The JSON path of an event inside its item (built only for a refusal). */
export const pathOf = (ev: PayloadEvent): Array<string | number> =>
  ev.wrapper === undefined ? [...ev.base, 'events_by_id', ev.index] : [...ev.base, 'events', ev.index, ev.wrapper];

// The bases, made once.
export const ROOT: ReadonlyArray<string> = [];
const UPDATE: ReadonlyArray<string> = ['update'];
const TX_VALUE: ReadonlyArray<string> = ['Transaction', 'value'];
const UPDATE_TX_VALUE: ReadonlyArray<string> = ['update', 'Transaction', 'value'];

/**
 * The payload-carrying events of a stream item (anything else has none) that `pick` answers for,
 * each with its answer (`picked`): the template's decoders, so that an event of a template
 * nobody types is not even made.
 */
export const payloadEventsOf = <D>(item: unknown, pick: Pick<D>): Array<PayloadEvent & { readonly picked: D }> => {
  const out: Array<PayloadEvent & { readonly picked: D }> = [];
  if (!isJsonObject(item)) return out;
  if (isJsonObject(item.events_by_id)) scanEvents(item, ROOT, pick, out);
  else if (isJsonObject(item.update) && isJsonObject(item.update.events_by_id)) scanEvents(item.update, UPDATE, pick, out);
  else if (isJsonObject(item.Transaction) && isJsonObject(item.Transaction.value)) ledgerEvents(item.Transaction.value, TX_VALUE, pick, out);
  else if (isJsonObject(item.update) && isJsonObject(item.update.Transaction) && isJsonObject(item.update.Transaction.value)) ledgerEvents(item.update.Transaction.value, UPDATE_TX_VALUE, pick, out);
  return out;
};
