import type { CantonError } from '../errors/CantonError.js';
import { decodeError } from '../errors/constructors.js';
import { renderActual } from '../internal/renderActual.js';
import type { ArchivedEvent, CreatedEvent, Event, ExercisedEvent } from '../codecs/ledger/Event.js';
import type { JsTransaction } from '../codecs/ledger/JsTransaction.js';
import { decimalUnits } from '../codecs/common/decimalUnits.js';
import { shortestDecimal } from '../codecs/common/shortestDecimal.js';
import type { TokenStandardContract, TokenStandardCreated, TokenStandardHolding } from './TokenStandardTransaction.js';

// The interfaces by `Module:Entity`: the ledger names them by package id, fixtures by a
// normalized package, filters by package name; the upstream parsers compare these two parts.
export const HOLDING_V1 = 'Splice.Api.Token.HoldingV1:Holding';
export const HOLDING_V2 = 'Splice.Api.Token.HoldingV2:Holding';
export const TRANSFER_INSTRUCTION_V1 = 'Splice.Api.Token.TransferInstructionV1:TransferInstruction';
export const EVENT_LOG_V2 = 'Splice.Api.Token.TransferEventsV2:EventLog';
const HOLDING_ANY = /^Splice\.Api\.Token\.HoldingV(\d+):Holding$/;

/** `<package>:<Module>:<Entity>` -> `<Module>:<Entity>` (null for another form). */
const moduleEntity = (interfaceId: string): string | null => {
  const m = /^#?[^:]+:([^:]+:[^:]+)$/.exec(interfaceId);
  return m === null ? null : m[1]!;
};
export const isInterface = (interfaceId: string | null | undefined, wanted: string): boolean => typeof interfaceId === 'string' && moduleEntity(interfaceId) === wanted;
/** The version of a Holding interface id (`HoldingV3` -> 3), or undefined for another interface. */
export const holdingVersionOf = (interfaceId: string): number | undefined => {
  const m = HOLDING_ANY.exec(moduleEntity(interfaceId) ?? '');
  return m === null ? undefined : Number(m[1]);
};

/** A transaction the parser cannot read: carried out of the walk, a Left at its top. */
export class Unreadable {
  constructor(readonly error: CantonError) {}
}

/** The walk's context: the transaction, the party, the contracts known, those still missing. */
export interface ParseContext {
  readonly tx: JsTransaction;
  readonly party: string;
  /** A contract an event archives: its create and archival, null when the ledger has none, undefined when unknown yet. */
  readonly contractOf: (contractId: string) => TokenStandardContract | undefined;
  readonly missing: Set<string>;
}

/** Fails the parse: the path starts at the transaction, named by its update id. */
export const unreadable = (ctx: ParseContext, path: string, expected: string, actual: unknown, message: string): never => {
  throw new Unreadable(decodeError('schema', [{ path: `transaction(${ctx.tx.updateId}).${path}`, expected, actual: renderActual(actual), message }]));
};

export interface NodeEvent {
  readonly index: number;
  readonly nodeId: number;
  readonly created?: CreatedEvent;
  /** An ArchivedEvent, or (ledger effects) the consuming exercise of the `Archive` choice. */
  readonly archived?: ArchivedEvent | ExercisedEvent;
  readonly exercised?: ExercisedEvent;
}

/** The event with its node id, an `Archive` exercise taken as the archival it is. */
export const nodeEventOf = (ctx: ParseContext, event: Event, index: number): NodeEvent => {
  if ('ExercisedEvent' in event) {
    const e = event.ExercisedEvent as ExercisedEvent;
    return e.choice === 'Archive' ? { index, nodeId: e.nodeId, archived: e } : { index, nodeId: e.nodeId, exercised: e };
  }
  if ('CreatedEvent' in event) return { index, nodeId: (event.CreatedEvent as CreatedEvent).nodeId, created: event.CreatedEvent as CreatedEvent };
  if ('ArchivedEvent' in event) return { index, nodeId: (event.ArchivedEvent as ArchivedEvent).nodeId, archived: event.ArchivedEvent as ArchivedEvent };
  return unreadable(ctx, `events.${index}`, 'a CreatedEvent, ArchivedEvent or ExercisedEvent', event, 'an event of a kind the parser does not know');
};

export const implementsInterface = (event: ArchivedEvent | ExercisedEvent, wanted: string): boolean =>
  (event.implementedInterfaces ?? []).some((id) => isInterface(id, wanted));

/** The first view of a created event that is one of `wanted`, checked to have been computed. */
export const viewOf = (ctx: ParseContext, created: TokenStandardCreated, where: string, wanted: ReadonlyArray<string>): { readonly interface: string; readonly value: Record<string, unknown>; readonly path: string } | undefined => {
  const views = created.interfaceViews ?? [];
  for (let i = 0; i < views.length; i++) {
    const view = views[i]!;
    const name = wanted.find((w) => isInterface(view.interfaceId, w));
    if (name === undefined) continue;
    const path = `${where}.interfaceViews.${i}`;
    if (view.viewStatus.code !== 0) unreadable(ctx, `${path}.viewStatus`, 'code 0 (the view computed)', view.viewStatus, `the participant could not compute the ${name} view of ${created.contractId}`);
    if (typeof view.viewValue !== 'object' || view.viewValue === null) unreadable(ctx, `${path}.viewValue`, `a ${name} view`, view.viewValue, 'the view has no value');
    return { interface: name, value: view.viewValue as Record<string, unknown>, path: `${path}.viewValue` };
  }
  return undefined;
};

/** The units of a Decimal amount, or a Left naming where it is. */
export const unitsAt = (ctx: ParseContext, amount: unknown, path: string): bigint => {
  const units = typeof amount === 'string' ? decimalUnits(amount) : undefined;
  return units ?? unreadable(ctx, path, 'a Daml Decimal as a string, such as "100.0000000000"', amount, 'a malformed amount');
};

export type Meta = { readonly values: Record<string, string> } | undefined;
const record = (u: unknown): Record<string, unknown> | undefined => (typeof u === 'object' && u !== null ? (u as Record<string, unknown>) : undefined);

/** The metas of a choice merged, the later winning: the transfer's, extraArgs', the argument's, an extra, the result's. */
export const mergeMetas = (event: ExercisedEvent, extra?: Meta): Meta => {
  const argument = record(event.choiceArgument);
  const metas = [record(record(argument?.['transfer'])?.['meta']), record(record(argument?.['extraArgs'])?.['meta']), record(argument?.['meta']), extra, record(record(event.exerciseResult)?.['meta'])];
  const values: Record<string, string> = {};
  for (const meta of metas) for (const [k, v] of Object.entries(record(meta?.['values']) ?? {})) values[k] = v as string;
  return Object.keys(values).length === 0 ? undefined : { values };
};

export const metaValue = (key: string, meta: unknown): string | null => {
  const v = record(record(meta)?.['values'])?.[key];
  return typeof v === 'string' && v !== '' ? v : null;
};

export const TX_KIND = 'splice.lfdecentralizedtrust.org/tx-kind';
export const SENDER = 'splice.lfdecentralizedtrust.org/sender';
export const REASON = 'splice.lfdecentralizedtrust.org/reason';
export const BURNED = 'splice.lfdecentralizedtrust.org/burned';
const PARSED_KEYS = [TX_KIND, SENDER, REASON, BURNED];

/** The meta without the keys the label already says (a wallet shows the rest). */
export const withoutParsedKeys = (meta: Meta): Meta => ({ values: Object.fromEntries(Object.entries(meta?.values ?? {}).filter(([k]) => !PARSED_KEYS.includes(k))) });

export interface Change {
  readonly creates: TokenStandardHolding[];
  readonly archives: TokenStandardHolding[];
}

/** Each holding's amount as units; the holdings were checked when read. */
const unitsOf = (h: TokenStandardHolding): bigint => decimalUnits(h.amount)!;
const sum = (holdings: ReadonlyArray<TokenStandardHolding>): bigint => holdings.reduce((s, h) => s + unitsOf(h), 0n);
export const changeOf = (change: Change, keep: (h: TokenStandardHolding) => boolean): bigint => sum(change.creates.filter(keep)) - sum(change.archives.filter(keep));

export interface Summary {
  readonly amountChange: string;
  readonly numOutputs: number;
  readonly outputAmount: string;
  readonly numInputs: number;
  readonly inputAmount: string;
}
export const EMPTY_SUMMARY: Summary = { numInputs: 0, inputAmount: '0', numOutputs: 0, outputAmount: '0', amountChange: '0' };

export const summaryOf = (change: Change, party: string): Summary => ({
  amountChange: shortestDecimal(changeOf(change, (h) => h.owner === party)),
  numOutputs: change.creates.length,
  outputAmount: shortestDecimal(sum(change.creates)),
  numInputs: change.archives.length,
  inputAmount: shortestDecimal(sum(change.archives)),
});

/** Minted and burned: the burn the meta declares, and what the holdings changed beyond it. */
export const amountChangesOf = (ctx: ParseContext, change: Change, meta: Meta, path: string): { burnAmount: string; mintAmount: string } => {
  const burnedText = metaValue(BURNED, meta) ?? '0';
  const burned = unitsAt(ctx, burnedText, `${path}.meta.values.${BURNED}`);
  const mint = changeOf(change, (h) => h.owner === ctx.party) + burned + changeOf(change, (h) => h.owner !== ctx.party);
  return { burnAmount: shortestDecimal(burned), mintAmount: shortestDecimal(mint) };
};

export const nonEmpty = (locked: Change, unlocked: Change): boolean =>
  locked.creates.length > 0 || locked.archives.length > 0 || unlocked.creates.length > 0 || unlocked.archives.length > 0;
