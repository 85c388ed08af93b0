import type { ArchivedEvent, CreatedEvent, ExercisedEvent } from '../codecs/ledger/Event.js';
import { decimalUnits } from '../codecs/common/decimalUnits.js';
import { shortestDecimal } from '../codecs/common/shortestDecimal.js';
import type { TokenStandardCreated, TokenStandardHolding } from './TokenStandardTransaction.js';
import {
  amountChangesOf,
  type Change,
  EMPTY_SUMMARY,
  HOLDING_V1,
  implementsInterface,
  type Meta,
  mergeMetas,
  metaValue,
  nodeEventOf,
  type NodeEvent,
  nonEmpty,
  type ParseContext,
  REASON,
  SENDER,
  type Summary,
  summaryOf,
  TRANSFER_INSTRUCTION_V1,
  TX_KIND,
  unitsAt,
  unreadable,
  viewOf,
  withoutParsedKeys,
} from './parseSupport.js';

/** An event before rendering: every key, in the upstream parser's order. */
export interface RawEvent {
  readonly [key: string]: unknown;
}

type Leaf = { readonly event: RawEvent; readonly locked: Change; readonly unlocked: Change; readonly continueAfter: number };
type Frame = { readonly parentChoice: string; readonly until: number };
type Known = { readonly label: Record<string, unknown>; readonly children: Change; readonly transferInstruction: unknown };

const record = (u: unknown): Record<string, unknown> | undefined => (typeof u === 'object' && u !== null ? (u as Record<string, unknown>) : undefined);

/**
 * The V1 reading of a transaction's events for one party (the Splice token-standard CLI's V1
 * parser, whose facts this follows): a known token-standard choice (a transfer, a transfer
 * instruction's accept/reject/withdraw/update, a burn-mint, or any choice whose meta names a
 * `tx-kind`) is one event, labelled, with the holdings its subtree created and archived; a
 * holding created or archived outside such a choice is a raw `Create` / `Archive`.
 * @internal
 */
export const parseV1Events = (ctx: ParseContext): RawEvent[] => {
  const nodes = ctx.tx.events.map((e, i) => nodeEventOf(ctx, e, i));
  const result: RawEvent[] = [];
  let frames: Frame[] = [];
  let continueAfter = -1;
  for (const node of nodes) {
    // As upstream: the frames kept are those that ended before this node, so the parent choice a
    // raw event names is the last choice whose subtree closed before it (or the root).
    frames = frames.filter((f) => f.until <= node.nodeId);
    const parentChoice = frames[frames.length - 1]?.parentChoice ?? 'none (root node)';
    let parsed: Leaf | Frame | null;
    if (node.nodeId <= continueAfter) parsed = null;
    else if (node.created) parsed = rawCreate(ctx, node, node.created, parentChoice);
    else if (node.archived) parsed = rawArchive(ctx, node, node.archived, parentChoice);
    else parsed = exercise(ctx, nodes, node, node.exercised!);
    if (parsed !== null && 'event' in parsed) {
      if (nonEmpty(parsed.locked, parsed.unlocked)) {
        const label = parsed.event['label'] as Record<string, unknown>;
        result.push({ ...parsed.event, label: { ...label, meta: withoutParsedKeys(label['meta'] as Meta) } });
      }
      continueAfter = parsed.continueAfter;
    } else if (parsed !== null) frames.push(parsed);
  }
  return result;
};

/** The create and archival of a contract an event archives, if the party saw them (V1 asks only as a witness). */
const eventsForArchive = (ctx: ParseContext, node: NodeEvent, event: ArchivedEvent | ExercisedEvent): TokenStandardCreated | null => {
  if (!event.witnessParties.includes(ctx.party)) return null;
  const contract = ctx.contractOf(event.contractId);
  if (contract === undefined) {
    ctx.missing.add(event.contractId);
    return null;
  }
  if (contract === null) return null;
  if (!contract.archived) unreadable(ctx, `events.${node.index}`, `the create and the archival of ${event.contractId}`, 'a create alone', 'the ledger has no archival of a contract the transaction archives');
  return contract.created;
};

const holdingFromView = (ctx: ParseContext, contractId: string, view: { value: Record<string, unknown>; path: string }): TokenStandardHolding => {
  const v = view.value;
  unitsAt(ctx, v['amount'], `${view.path}.amount`);
  const instrument = record(v['instrumentId']);
  if (typeof v['owner'] !== 'string' || instrument === undefined) unreadable(ctx, view.path, 'a Holding view (owner, instrumentId, amount)', v, 'a Holding view without its owner or instrument');
  return { amount: v['amount'] as string, instrumentId: v['instrumentId'] as TokenStandardHolding['instrumentId'], contractId, owner: v['owner'] as string, meta: v['meta'], lock: v['lock'] };
};

/** A contract's V1 Holding view as a holding, failing when the view is not there (upstream's `ensureInterfaceViewIsPresent`). */
const ensureHolding = (ctx: ParseContext, contractId: string, created: TokenStandardCreated, where: string): TokenStandardHolding => {
  const view = viewOf(ctx, created, where, [HOLDING_V1]);
  if (view === undefined) return unreadable(ctx, `${where}.interfaceViews`, `the ${HOLDING_V1} view of ${contractId}`, (created.interfaceViews ?? []).map((v) => v.interfaceId), 'a holding archived without its Holding view');
  return holdingFromView(ctx, contractId, view);
};

const rawEvent = (
  ctx: ParseContext,
  created: TokenStandardCreated,
  where: string,
  nodeId: number,
  labelOf: (payload: unknown) => Record<string, unknown>,
): Leaf | null => {
  const view = viewOf(ctx, created, where, [HOLDING_V1, TRANSFER_INSTRUCTION_V1]);
  if (view === undefined) return null;
  const none: Change = { creates: [], archives: [] };
  if (view.interface === HOLDING_V1) {
    const v = view.value;
    if (v['owner'] !== ctx.party) return null;
    unitsAt(ctx, v['amount'], `${view.path}.amount`);
    const locked = v['lock'] !== null && v['lock'] !== undefined;
    // The view itself is the holding here (no contract id), and the summary has its amount as written.
    const amount = v['amount'] as string;
    const summary: Summary = { amountChange: amount, numInputs: 0, inputAmount: '0', numOutputs: 1, outputAmount: amount };
    const holding = v as unknown as TokenStandardHolding;
    const lockedChange: Change = { creates: locked ? [holding] : [], archives: [] };
    const unlockedChange: Change = { creates: locked ? [] : [holding], archives: [] };
    return {
      event: {
        label: labelOf(v),
        unlockedHoldingsChange: unlockedChange,
        lockedHoldingsChange: lockedChange,
        lockedHoldingsChangeSummary: locked ? summary : EMPTY_SUMMARY,
        unlockedHoldingsChangeSummary: locked ? EMPTY_SUMMARY : summary,
        transferInstruction: null,
      },
      locked: lockedChange,
      unlocked: unlockedChange,
      continueAfter: nodeId,
    };
  }
  const transfer = record(view.value['transfer']);
  if (transfer === undefined) return unreadable(ctx, `${view.path}.transfer`, 'a TransferInstruction view with its transfer', view.value, 'a transfer instruction without its transfer');
  if (transfer['sender'] !== ctx.party && transfer['receiver'] !== ctx.party) return null;
  return {
    event: { label: labelOf(view.value), unlockedHoldingsChange: none, lockedHoldingsChange: none, lockedHoldingsChangeSummary: EMPTY_SUMMARY, unlockedHoldingsChangeSummary: EMPTY_SUMMARY, transferInstruction: view.value },
    locked: none,
    unlocked: none,
    continueAfter: nodeId,
  };
};

const rawCreate = (ctx: ParseContext, node: NodeEvent, create: CreatedEvent, parentChoice: string): Leaf | null =>
  rawEvent(ctx, create, `events.${node.index}.CreatedEvent`, create.nodeId, (payload) => ({
    type: 'Create',
    parentChoice,
    contractId: create.contractId,
    offset: create.offset,
    templateId: create.templateId,
    payload,
    packageName: create.packageName,
    meta: undefined,
  }));

const rawArchive = (ctx: ParseContext, node: NodeEvent, archive: ArchivedEvent | ExercisedEvent, parentChoice: string): Leaf | null => {
  const created = eventsForArchive(ctx, node, archive);
  if (created === null) return null;
  return rawEvent(ctx, created, `events.${node.index}(created ${archive.contractId})`, archive.nodeId, (payload) => ({
    type: 'Archive',
    parentChoice,
    contractId: archive.contractId,
    offset: archive.offset,
    templateId: archive.templateId,
    packageName: archive.packageName,
    actingParties: 'actingParties' in archive ? archive.actingParties : [],
    payload,
    meta: undefined,
  }));
};

const exercise = (ctx: ParseContext, nodes: ReadonlyArray<NodeEvent>, node: NodeEvent, ex: ExercisedEvent): Leaf | Frame | null => {
  const choice = { name: ex.choice, choiceArgument: ex.choiceArgument, exerciseResult: ex.exerciseResult };
  let known: Known | null = null;
  switch (ex.choice) {
    case 'TransferFactory_Transfer':
      known = transferOf(ctx, nodes, node, ex, choice);
      break;
    case 'TransferInstruction_Accept':
    case 'TransferInstruction_Reject':
    case 'TransferInstruction_Withdraw':
    case 'TransferInstruction_Update':
      known = fromInstruction(ctx, nodes, node, ex, choice);
      break;
    case 'BurnMintFactory_BurnMint':
      known = mergeSplitOf(ctx, nodes, node, ex, choice);
      break;
    default: {
      const txKind = metaValue(TX_KIND, mergeMetas(ex));
      if (txKind !== null) known = byTxKind(ctx, nodes, node, ex, txKind);
    }
  }
  if (known === null) return { parentChoice: ex.choice, until: ex.lastDescendantNodeId };
  const party = (h: TokenStandardHolding) => h.owner === ctx.party;
  const locked: Change = { creates: known.children.creates.filter((h) => isLocked(h) && party(h)), archives: known.children.archives.filter((h) => isLocked(h) && party(h)) };
  const unlocked: Change = { creates: known.children.creates.filter((h) => !isLocked(h) && party(h)), archives: known.children.archives.filter((h) => !isLocked(h) && party(h)) };
  return {
    event: {
      label: known.label,
      lockedHoldingsChange: locked,
      lockedHoldingsChangeSummary: summaryOf(locked, ctx.party),
      unlockedHoldingsChange: unlocked,
      unlockedHoldingsChangeSummary: summaryOf(unlocked, ctx.party),
      transferInstruction: known.transferInstruction,
    },
    locked,
    unlocked,
    continueAfter: ex.lastDescendantNodeId,
  };
};

const isLocked = (h: TokenStandardHolding): boolean => h.lock !== null && h.lock !== undefined && h.lock !== false;

type Choice = { name: string; choiceArgument: unknown; exerciseResult: unknown };

const byTxKind = (ctx: ParseContext, nodes: ReadonlyArray<NodeEvent>, node: NodeEvent, ex: ExercisedEvent, txKind: string): Known | null => {
  switch (txKind) {
    case 'transfer':
      return transferOf(ctx, nodes, node, ex, null);
    case 'merge-split':
    case 'burn':
    case 'mint':
      return mergeSplitOf(ctx, nodes, node, ex, null);
    case 'unlock':
      return basicOf(ctx, nodes, node, ex, 'Unlock');
    case 'expire-dust':
      return basicOf(ctx, nodes, node, ex, 'ExpireDust');
    case 'settle-V2-allocation':
      return basicOf(ctx, nodes, node, ex, 'SettleV2Allocation');
    default:
      return unreadable(ctx, `events.${node.index}.ExercisedEvent.meta.values.${TX_KIND}`, 'transfer, merge-split, burn, mint, unlock, expire-dust or settle-V2-allocation', txKind, 'an unknown tx-kind');
  }
};

const transferOf = (ctx: ParseContext, nodes: ReadonlyArray<NodeEvent>, node: NodeEvent, ex: ExercisedEvent, choice: Choice | null, instructionTransfer?: Record<string, unknown>): Known | null => {
  // An accepted instruction's own transfer meta (its reason) counts, before the result's meta: the
  // wallet kernel's parser (the newer of the two upstream parsers) reads it so; the CLI's does not.
  const meta = mergeMetas(ex, record(instructionTransfer?.['meta']) as Meta);
  const senderOfInstruction = typeof instructionTransfer?.['sender'] === 'string' ? instructionTransfer['sender'] : undefined;
  const reason = metaValue(REASON, meta);
  const transfer = record(record(ex.choiceArgument)?.['transfer']);
  let sender = senderOfInstruction || metaValue(SENDER, meta) || undefined;
  if (!sender) {
    if (transfer === undefined) return unreadable(ctx, `events.${node.index}.ExercisedEvent.choiceArgument.transfer`, 'a transfer with its sender', ex.choiceArgument, 'a transfer without its sender');
    sender = typeof transfer['sender'] === 'string' && transfer['sender'] !== '' ? transfer['sender'] : undefined;
  }
  // Upstream leaves a transfer without a sender to its children.
  if (!sender) return null;
  const children = childrenOf(ctx, nodes, node, ex);
  const receivers = new Map<string, bigint>();
  for (const h of children.creates) if (h.owner !== sender) receivers.set(h.owner, (receivers.get(h.owner) ?? 0n) + decimalUnits(h.amount)!);
  const amounts = amountChangesOf(ctx, children, meta, `events.${node.index}.ExercisedEvent`);
  let label: Record<string, unknown>;
  if (receivers.size === 0) label = { ...amounts, type: 'MergeSplit', tokenStandardChoice: choice, reason, meta };
  else if (sender === ctx.party)
    label = { ...amounts, type: 'TransferOut', receiverAmounts: [...receivers].map(([receiver, units]) => ({ receiver, amount: shortestDecimal(units) })), tokenStandardChoice: choice, reason, meta };
  // The receiver's side of a transfer mints and burns nothing.
  else label = { type: 'TransferIn', burnAmount: '0', mintAmount: '0', sender, tokenStandardChoice: choice, reason, meta };
  // A transfer the meta names (by tx-kind) may have no transfer argument: the key is then left out, as JSON leaves it.
  const argument = record(ex.choiceArgument)?.['transfer'];
  return { label, children, transferInstruction: { originalInstructionCid: null, ...(argument !== undefined ? { transfer: argument } : {}), status: { before: null }, meta: null } };
};

const mergeSplitOf = (ctx: ParseContext, nodes: ReadonlyArray<NodeEvent>, node: NodeEvent, ex: ExercisedEvent, choice: Choice | null): Known => {
  const meta = mergeMetas(ex);
  const kind = metaValue(TX_KIND, meta);
  const type = kind === 'burn' ? 'Burn' : kind === 'mint' ? 'Mint' : 'MergeSplit';
  const reason = metaValue(REASON, meta);
  const children = childrenOf(ctx, nodes, node, ex);
  return { label: { ...amountChangesOf(ctx, children, meta, `events.${node.index}.ExercisedEvent`), type, tokenStandardChoice: choice, reason, meta }, children, transferInstruction: null };
};

const basicOf = (ctx: ParseContext, nodes: ReadonlyArray<NodeEvent>, node: NodeEvent, ex: ExercisedEvent, type: string): Known => {
  const children = childrenOf(ctx, nodes, node, ex);
  const meta = mergeMetas(ex);
  const amounts = amountChangesOf(ctx, children, meta, `events.${node.index}.ExercisedEvent`);
  return { label: { ...amounts, type, tokenStandardChoice: null, reason: metaValue(REASON, meta), meta }, children, transferInstruction: null };
};

const fromInstruction = (ctx: ParseContext, nodes: ReadonlyArray<NodeEvent>, node: NodeEvent, ex: ExercisedEvent, choice: Choice): Known | null => {
  // A party that sees the exercise but not the instruction's create (a validator) reads its children.
  const created = eventsForArchive(ctx, node, ex);
  if (created === null) return null;
  const where = `events.${node.index}(created ${ex.contractId})`;
  const view = viewOf(ctx, created, where, [TRANSFER_INSTRUCTION_V1]);
  if (view === undefined) return unreadable(ctx, `${where}.interfaceViews`, `the ${TRANSFER_INSTRUCTION_V1} view of ${ex.contractId}`, (created.interfaceViews ?? []).map((v) => v.interfaceId), 'a transfer instruction without its view');
  const v = view.value;
  const instruction = { originalInstructionCid: v['originalInstructionCid'], transfer: v['transfer'], meta: v['meta'], status: { before: v['status'] } };
  const tag = record(record(ex.exerciseResult)?.['output'])?.['tag'];
  let known: Known | null;
  switch (tag) {
    case 'TransferInstructionResult_Failed':
    case 'TransferInstructionResult_Pending':
      known = mergeSplitOf(ctx, nodes, node, ex, choice);
      break;
    case 'TransferInstructionResult_Completed': {
      known = transferOf(ctx, nodes, node, ex, choice, record(v['transfer']));
      break;
    }
    default:
      return unreadable(ctx, `events.${node.index}.ExercisedEvent.exerciseResult.output.tag`, 'TransferInstructionResult_Completed, _Pending or _Failed', tag, 'an unknown TransferInstructionResult');
  }
  return known && { ...known, transferInstruction: instruction };
};

/** The holdings an exercise's subtree created and archived (its own contract first, when it is a consumed holding), transient ones left out. */
const childrenOf = (ctx: ParseContext, nodes: ReadonlyArray<NodeEvent>, node: NodeEvent, ex: ExercisedEvent): Change => {
  const creates: TokenStandardHolding[] = [];
  const archives: TokenStandardHolding[] = [];
  const archivedHolding = (n: NodeEvent, e: ArchivedEvent | ExercisedEvent) => {
    const created = eventsForArchive(ctx, n, e);
    if (created !== null) archives.push(ensureHolding(ctx, e.contractId, created, `events.${n.index}(created ${e.contractId})`));
  };
  if (ex.consuming && implementsInterface(ex, HOLDING_V1)) archivedHolding(node, ex);
  for (const child of nodes) {
    if (child.nodeId <= ex.nodeId || child.nodeId > ex.lastDescendantNodeId) continue;
    if (child.created) {
      // Upstream takes the create's first view; the first Holding V1 view is the same there and
      // does not depend on the order in which a participant lists a contract's views.
      const view = viewOf(ctx, child.created, `events.${child.index}.CreatedEvent`, [HOLDING_V1]);
      if (view !== undefined) creates.push(holdingFromView(ctx, child.created.contractId, view));
    } else if (child.archived && implementsInterface(child.archived, HOLDING_V1)) archivedHolding(child, child.archived);
    else if (child.exercised && child.exercised.consuming && implementsInterface(child.exercised, HOLDING_V1)) archivedHolding(child, child.exercised);
  }
  return {
    creates: creates.filter((c) => !archives.some((a) => a.contractId === c.contractId)),
    archives: archives.filter((a) => !creates.some((c) => c.contractId === a.contractId)),
  };
};
