import type { ArchivedEvent, ExercisedEvent } from '../codecs/ledger/Event.js';
import type { TokenStandardCreated, TokenStandardHolding } from './TokenStandardTransaction.js';
import type { RawEvent } from './parseV1.js';
import { type Change, EVENT_LOG_V2, HOLDING_V2, holdingVersionOf, implementsInterface, isInterface, metaValue, nodeEventOf, type NodeEvent, nonEmpty, type ParseContext, REASON, summaryOf, unitsAt, unreadable, viewOf } from './parseSupport.js';

interface Extracted {
  readonly holding: TokenStandardHolding;
  readonly nodeId: number;
  readonly offset: number;
  readonly packageName: string;
  readonly parentChoice: string;
  readonly templateId: string;
  readonly actingParties: ReadonlyArray<string>;
}

const record = (u: unknown): Record<string, unknown> | undefined => (typeof u === 'object' && u !== null ? (u as Record<string, unknown>) : undefined);
// The V2 walk keeps no call stack of its own: a raw event's parent is always the root (as upstream).
const ROOT = 'none (root node)';

/**
 * The V2 reading of a transaction's events for one party (the Splice token-standard CLI's V2
 * parser, whose facts this follows): each `EventLog_HoldingsChange` exercise is one event,
 * labelled `V2` with its `admin`, `account` and `transferLegSides`, with the party's holdings
 * among its inputs and outputs; a holding of the party's created or archived that no such event
 * names is a raw `Create` / `Archive`, all in node order.
 * @internal
 */
export const parseV2Events = (ctx: ParseContext): RawEvent[] => {
  const seen = new Map<string, TokenStandardHolding>();
  const changes: Array<{ nodeId: number; event: RawEvent; locked: Change; unlocked: Change }> = [];
  const creates: Extracted[] = [];
  const archives: Extracted[] = [];
  ctx.tx.events.forEach((e, i) => {
    const node = nodeEventOf(ctx, e, i);
    if (node.created) {
      const extracted = holdingCreate(ctx, node.created, `events.${i}.CreatedEvent`, ROOT);
      if (extracted !== null) {
        seen.set(extracted.holding.contractId, extracted.holding);
        creates.push(extracted);
      }
    } else if (node.archived) {
      const extracted = holdingArchive(ctx, node, node.archived, seen);
      if (extracted !== null) archives.push(extracted);
    } else if (node.exercised && isInterface(node.exercised.interfaceId, EVENT_LOG_V2) && node.exercised.choice === 'EventLog_HoldingsChange') {
      changes.push({ nodeId: node.nodeId, ...holdingsChange(ctx, node, node.exercised, seen) });
    }
  });
  const explained = new Set(changes.flatMap(({ locked, unlocked }) => [...locked.archives, ...locked.creates, ...unlocked.archives, ...unlocked.creates].map((h) => h.contractId)));
  const unexplained = (x: Extracted) => x.holding.owner === ctx.party && !explained.has(x.holding.contractId);
  return [
    ...changes.filter((c) => nonEmpty(c.locked, c.unlocked)),
    ...archives.filter(unexplained).map((x) => ({ nodeId: x.nodeId, event: rawEvent(ctx, 'Archive', x) })),
    ...creates.filter(unexplained).map((x) => ({ nodeId: x.nodeId, event: rawEvent(ctx, 'Create', x) })),
  ]
    .sort((a, b) => a.nodeId - b.nodeId)
    .map((c) => c.event);
};

const involvesParty = (ctx: ParseContext, created: TokenStandardCreated): boolean =>
  created.witnessParties.includes(ctx.party) || created.signatories.includes(ctx.party) || (created.observers ?? []).includes(ctx.party);

/** A create of a V2 holding the party is involved in, as a holding; null for anything else. */
const holdingCreate = (ctx: ParseContext, created: TokenStandardCreated, where: string, parentChoice: string): Extracted | null => {
  if (!involvesParty(ctx, created)) return null;
  const view = viewOf(ctx, created, where, [HOLDING_V2]);
  if (view === undefined) {
    // A Holding of a version this parser does not know (and no V2 view beside it) cannot be read.
    const other = (created.interfaceViews ?? []).findIndex((v) => (holdingVersionOf(v.interfaceId) ?? 0) > 2);
    if (other >= 0) unreadable(ctx, `${where}.interfaceViews.${other}.interfaceId`, `${HOLDING_V2} or an older one`, created.interfaceViews![other]!.interfaceId, 'a Holding interface of a version the V2 parser does not know');
    return null;
  }
  const v = view.value;
  const account = record(v['account']);
  const instrument = record(v['instrumentId']);
  if (account === undefined || instrument === undefined) return unreadable(ctx, view.path, 'a V2 Holding view (account, instrumentId, amount)', v, 'a Holding view without its account or instrument');
  unitsAt(ctx, v['amount'], `${view.path}.amount`);
  const lock = record(v['lock']);
  const holding: TokenStandardHolding = {
    contractId: created.contractId,
    amount: v['amount'] as string,
    owner: typeof account['owner'] === 'string' ? account['owner'] : '<missing>',
    instrumentId: { admin: instrument['admin'] as string, id: instrument['id'] as string },
    lock:
      lock === undefined
        ? null
        : {
            holders: lock['holders'],
            context: lock['context'] || null,
            expiresAfter: record(lock['expiresAfter'])?.['microseconds'] || null,
            expiresAt: lock['expiresAt'] || null,
          },
    meta: v['meta'],
  };
  return { holding, nodeId: created.nodeId, offset: created.offset, packageName: created.packageName, parentChoice, templateId: created.templateId, actingParties: [] };
};

/** A holding by contract id: created earlier in the transaction, else as the ledger has it. */
const resolve = (ctx: ParseContext, contractId: string, where: string, seen: Map<string, TokenStandardHolding>): TokenStandardHolding | null => {
  const cached = seen.get(contractId);
  if (cached !== undefined) return cached;
  const contract = ctx.contractOf(contractId);
  if (contract === undefined) {
    ctx.missing.add(contractId);
    return null;
  }
  if (contract === null || !involvesParty(ctx, contract.created)) return null;
  const extracted = holdingCreate(ctx, contract.created, `${where}(created ${contractId})`, 'EventLog_HoldingsChange');
  if (extracted === null) return unreadable(ctx, `${where}(created ${contractId}).interfaceViews`, `the ${HOLDING_V2} view of ${contractId}`, (contract.created.interfaceViews ?? []).map((v) => v.interfaceId), 'a contract named as a holding is not one');
  seen.set(contractId, extracted.holding);
  return extracted.holding;
};

const holdingArchive = (ctx: ParseContext, node: NodeEvent, event: ArchivedEvent | ExercisedEvent, seen: Map<string, TokenStandardHolding>): Extracted | null => {
  if (!implementsInterface(event, HOLDING_V2)) return null;
  const holding = resolve(ctx, event.contractId, `events.${node.index}`, seen);
  if (holding === null) return null;
  return {
    holding,
    nodeId: event.nodeId,
    offset: event.offset,
    packageName: event.packageName,
    parentChoice: ROOT,
    templateId: event.templateId,
    actingParties: 'actingParties' in event ? event.actingParties : [],
  };
};

const cids = (ctx: ParseContext, u: unknown, path: string): string[] =>
  Array.isArray(u) && u.every((c) => typeof c === 'string') ? (u as string[]) : unreadable(ctx, path, 'a list of contract ids', u, 'an EventLog_HoldingsChange without its holdings');

const holdingsChange = (ctx: ParseContext, node: NodeEvent, ex: ExercisedEvent, seen: Map<string, TokenStandardHolding>): { event: RawEvent; locked: Change; unlocked: Change } => {
  const where = `events.${node.index}.ExercisedEvent.choiceArgument`;
  const arg = record(ex.choiceArgument) ?? {};
  const inputs = cids(ctx, arg['inputHoldingCids'], `${where}.inputHoldingCids`);
  const outputs = cids(ctx, arg['outputHoldingCids'], `${where}.outputHoldingCids`);
  // A holding both in and out changed nothing.
  const resolved = (list: string[], other: string[]) =>
    list.filter((cid) => !other.includes(cid)).flatMap((cid) => {
      const h = resolve(ctx, cid, `events.${node.index}`, seen);
      return h === null ? [] : [h];
    });
  const ins = resolved(inputs, outputs);
  const outs = resolved(outputs, inputs);
  const mine = (h: TokenStandardHolding) => h.owner === ctx.party;
  const locked = (h: TokenStandardHolding) => h.lock !== null;
  const unlockedChange: Change = { creates: outs.filter((h) => !locked(h) && mine(h)), archives: ins.filter((h) => !locked(h) && mine(h)) };
  const lockedChange: Change = { creates: outs.filter((h) => locked(h) && mine(h)), archives: ins.filter((h) => locked(h) && mine(h)) };
  const meta = record(arg['extraArgs'])?.['meta'];
  return {
    event: {
      label: { type: 'V2', admin: arg['admin'], account: arg['account'], transferLegSides: arg['transferLegSides'], reason: metaValue(REASON, meta), meta },
      unlockedHoldingsChange: unlockedChange,
      unlockedHoldingsChangeSummary: summaryOf(unlockedChange, ctx.party),
      lockedHoldingsChange: lockedChange,
      lockedHoldingsChangeSummary: summaryOf(lockedChange, ctx.party),
      transferInstruction: null,
    },
    locked: lockedChange,
    unlocked: unlockedChange,
  };
};

const rawEvent = (ctx: ParseContext, type: 'Create' | 'Archive', x: Extracted): RawEvent => {
  const h = x.holding;
  const locked = h.lock !== null;
  const lockedChange: Change = type === 'Create' ? { creates: locked ? [h] : [], archives: [] } : { creates: [], archives: locked ? [h] : [] };
  const unlockedChange: Change = type === 'Create' ? { creates: locked ? [] : [h], archives: [] } : { creates: [], archives: locked ? [] : [h] };
  const label =
    type === 'Create'
      ? { type, contractId: h.contractId, meta: h.meta, payload: x, templateId: x.templateId, packageName: x.packageName, offset: x.offset, parentChoice: x.parentChoice }
      : { type, contractId: h.contractId, meta: h.meta, payload: x, actingParties: x.actingParties, templateId: x.templateId, packageName: x.packageName, offset: x.offset, parentChoice: x.parentChoice };
  return {
    label,
    lockedHoldingsChange: lockedChange,
    unlockedHoldingsChange: unlockedChange,
    lockedHoldingsChangeSummary: summaryOf(lockedChange, ctx.party),
    unlockedHoldingsChangeSummary: summaryOf(unlockedChange, ctx.party),
    transferInstruction: null,
  };
};
