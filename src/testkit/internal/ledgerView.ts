/**
 * The participant's view of the history: the updates its hosted parties see, numbered with its
 * own offsets, filtered by an `UpdateFormat` and rendered as Ledger JSON API v2 `Update`s.
 */
import { compact, type Json } from './daml.js';
import type { History } from './history/History.js';
import { blobFor, sha256Hex } from './ids.js';
import type { ContractData, HistoryUpdate, TemplateRef, TransactionUpdate } from './model.js';
import { hash32 } from './prng.js';
import { interfacesOf } from './interfaceViews.js';
import { templateMatches } from './templates.js';
import { formatInstant } from './time.js';

export type LedgerEntry =
  | { readonly offset: number; readonly kind: 'history'; readonly update: HistoryUpdate }
  | { readonly offset: number; readonly kind: 'topology'; readonly party: string; readonly updateId: string; readonly recordTime: number };

/** The participant's numbering of the updates it sees. */
export class LedgerIndex {
  readonly entries: LedgerEntry[] = [];
  pruningOffset = 0;
  readonly participantId: string;

  constructor(
    private readonly seed: string,
    readonly hosted: ReadonlySet<string>,
    readonly history: History,
  ) {
    this.participantId = `PAR::participant-1::1220${sha256Hex(seed, 'participant')}`;
    let offset = 0;
    for (const party of [...hosted].sort()) {
      offset += 1;
      this.entries.push({ offset, kind: 'topology', party, updateId: `1220${sha256Hex(seed, 'topology', party)}`, recordTime: history.config.genesisMicros });
    }
    history.listeners.push((u) => this.onUpdate(u));
  }

  /** The offset of the last update the participant has seen (0 on an empty ledger). */
  get end(): number {
    return this.entries.length === 0 ? 0 : this.entries[this.entries.length - 1]!.offset;
  }

  /** Index of the first entry with an offset greater than `offset`. */
  firstAfter(offset: number): number {
    let lo = 0;
    let hi = this.entries.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.entries[mid]!.offset <= offset) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private onUpdate(u: HistoryUpdate): void {
    if (!this.visible(u)) return;
    const offset = this.end + 1 + (hash32(this.seed, 'offset-gap', u.index) % 3);
    this.entries.push({ offset, kind: 'history', update: u });
  }

  private visible(u: HistoryUpdate): boolean {
    if (u.kind === 'transaction') return u.nodes.some((n) => n.witnesses.some((w) => this.hosted.has(w)));
    return [...u.contract.signatories, ...u.contract.observers].some((p) => this.hosted.has(p));
  }
}

// -------------------------------------------------------------------------------------------------
// Update formats

interface Matcher {
  readonly kind: 'wildcard' | 'template' | 'interface';
  readonly id: string;
  readonly blob: boolean;
  /** An interface filter's `includeInterfaceView`. */
  readonly view?: boolean;
}

export interface EventFormatSpec {
  readonly byParty: ReadonlyMap<string, readonly Matcher[]>;
  readonly anyParty: readonly Matcher[] | undefined;
}

export interface FormatSpec {
  readonly transactions: { readonly shape: 'ACS_DELTA' | 'LEDGER_EFFECTS'; readonly events: EventFormatSpec } | undefined;
  readonly reassignments: EventFormatSpec | undefined;
  readonly topology: { readonly parties: readonly string[] } | undefined;
  /** Parties named in `filtersByParty` anywhere in the format. */
  readonly parties: readonly string[];
  /** Whether a `filtersForAnyParty` appears. */
  readonly anyParty: boolean;
}

export type FormatResult = { readonly ok: FormatSpec } | { readonly bodyError: true } | { readonly invalid: string };

const isObject = (u: unknown): u is Record<string, unknown> => typeof u === 'object' && u !== null && !Array.isArray(u);
const optBool = (u: unknown): boolean | 'bad' => (u === undefined || u === null ? false : typeof u === 'boolean' ? u : 'bad');

class BodyError extends Error {}
class InvalidArgument extends Error {}

const parseFilters = (u: unknown): Matcher[] => {
  if (u === undefined || u === null) return [{ kind: 'wildcard', id: '', blob: false }];
  if (!isObject(u)) throw new BodyError();
  const cumulative = u['cumulative'];
  if (cumulative === undefined || cumulative === null) return [{ kind: 'wildcard', id: '', blob: false }];
  if (!Array.isArray(cumulative)) throw new BodyError();
  if (cumulative.length === 0) return [{ kind: 'wildcard', id: '', blob: false }];
  return cumulative.map((entry: unknown): Matcher => {
    if (!isObject(entry)) throw new BodyError();
    const f = entry['identifierFilter'];
    if (f === undefined || f === null) return { kind: 'wildcard', id: '', blob: false };
    if (!isObject(f) || Object.keys(f).length !== 1) throw new BodyError();
    const key = Object.keys(f)[0]!;
    const inner = f[key];
    if (key === 'Empty') return { kind: 'wildcard', id: '', blob: false };
    if (!isObject(inner) || !isObject(inner['value'])) throw new BodyError();
    const value = inner['value'];
    const blob = optBool(value['includeCreatedEventBlob']);
    if (blob === 'bad') throw new BodyError();
    if (key === 'WildcardFilter') return { kind: 'wildcard', id: '', blob };
    if (key === 'TemplateFilter') {
      if (typeof value['templateId'] !== 'string') throw new BodyError();
      if (!/^#?[^:]+:[^:]+:[^:]+$/.test(value['templateId'])) throw new InvalidArgument(`Invalid template id: ${value['templateId']}`);
      return { kind: 'template', id: value['templateId'], blob };
    }
    if (key === 'InterfaceFilter') {
      if (typeof value['interfaceId'] !== 'string') throw new BodyError();
      const view = optBool(value['includeInterfaceView']);
      if (view === 'bad') throw new BodyError();
      return { kind: 'interface', id: value['interfaceId'], blob, view };
    }
    throw new BodyError();
  });
};

const parseEventFormat = (u: unknown, parties: Set<string>, flags: { anyParty: boolean }): EventFormatSpec => {
  if (!isObject(u)) throw new BodyError();
  const byParty = new Map<string, Matcher[]>();
  const fbp = u['filtersByParty'];
  if (fbp !== undefined && fbp !== null) {
    if (!isObject(fbp)) throw new BodyError();
    for (const [p, filters] of Object.entries(fbp)) {
      if (!/^[A-Za-z0-9:\-_ ]+::[0-9a-f]+$/.test(p)) throw new InvalidArgument(`Invalid party: ${p}`);
      byParty.set(p, parseFilters(filters));
      parties.add(p);
    }
  }
  let anyParty: Matcher[] | undefined;
  if (u['filtersForAnyParty'] !== undefined && u['filtersForAnyParty'] !== null) {
    anyParty = parseFilters(u['filtersForAnyParty']);
    flags.anyParty = true;
  }
  if (optBool(u['verbose']) === 'bad') throw new BodyError();
  return { byParty, anyParty };
};

/** Decodes and checks an `UpdateFormat` as the participant would. */
export const parseUpdateFormat = (u: unknown): FormatResult => {
  try {
    if (!isObject(u)) throw new BodyError();
    const parties = new Set<string>();
    const flags = { anyParty: false };
    let transactions: FormatSpec['transactions'];
    const it = u['includeTransactions'];
    if (it !== undefined && it !== null) {
      if (!isObject(it) || typeof it['transactionShape'] !== 'string' || it['eventFormat'] === undefined) throw new BodyError();
      const shape = it['transactionShape'];
      if (shape === 'TRANSACTION_SHAPE_UNSPECIFIED') throw new InvalidArgument('The transaction shape must be specified');
      if (shape !== 'TRANSACTION_SHAPE_ACS_DELTA' && shape !== 'TRANSACTION_SHAPE_LEDGER_EFFECTS') throw new BodyError();
      transactions = { shape: shape === 'TRANSACTION_SHAPE_ACS_DELTA' ? 'ACS_DELTA' : 'LEDGER_EFFECTS', events: parseEventFormat(it['eventFormat'], parties, flags) };
    }
    const ir = u['includeReassignments'];
    const reassignments = ir === undefined || ir === null ? undefined : parseEventFormat(ir, parties, flags);
    let topology: FormatSpec['topology'];
    const tf = u['includeTopologyEvents'];
    if (tf !== undefined && tf !== null) {
      if (!isObject(tf)) throw new BodyError();
      const pa = tf['includeParticipantAuthorizationEvents'];
      if (pa !== undefined && pa !== null) {
        if (!isObject(pa)) throw new BodyError();
        const ps = pa['parties'] ?? [];
        if (!Array.isArray(ps) || !ps.every((p): p is string => typeof p === 'string')) throw new BodyError();
        topology = { parties: ps };
      }
    }
    return { ok: { transactions, reassignments, topology, parties: [...parties].sort(), anyParty: flags.anyParty } };
  } catch (e) {
    if (e instanceof InvalidArgument) return { invalid: e.message };
    if (e instanceof BodyError) return { bodyError: true };
    throw e;
  }
};

/** A canonical text of a JSON value (object keys sorted), to bind page tokens to a request. */
export const canonicalJson = (u: unknown): string => {
  if (Array.isArray(u)) return `[${u.map(canonicalJson).join(',')}]`;
  if (isObject(u)) return `{${Object.keys(u).sort().map((k) => `${JSON.stringify(k)}:${canonicalJson(u[k])}`).join(',')}}`;
  return JSON.stringify(u) ?? 'null';
};

// -------------------------------------------------------------------------------------------------
// Rendering

const NO_VIEWS: ReadonlySet<TemplateRef> = new Set();

/** The interface of `t` an interface filter names (by package id or `#package-name`), if `t` implements it. */
const implemented = (m: Matcher, t: TemplateRef): TemplateRef | undefined => (m.kind === 'interface' ? interfacesOf(t).find((i) => templateMatches(m.id, i.iface))?.iface : undefined);
const matchTemplate = (m: Matcher, t: TemplateRef): boolean => m.kind === 'wildcard' || (m.kind === 'template' && templateMatches(m.id, t)) || implemented(m, t) !== undefined;

interface Selected {
  readonly parties: string[];
  readonly blob: boolean;
  /** The interfaces whose views the matching filters ask for (`includeInterfaceView`). */
  readonly views: ReadonlySet<TemplateRef>;
}

/** The requested, hosted parties among `candidates` whose filters match `t`, and whether a blob and which views were asked for. */
const select = (spec: EventFormatSpec, hosted: ReadonlySet<string>, candidates: readonly string[], t: TemplateRef): Selected => {
  const parties: string[] = [];
  let blob = false;
  const views = new Set<TemplateRef>();
  for (const p of candidates) {
    if (!hosted.has(p)) continue;
    const matchers = [...(spec.byParty.get(p) ?? []), ...(spec.anyParty ?? [])];
    const hits = matchers.filter((m) => matchTemplate(m, t));
    if (hits.length === 0) continue;
    parties.push(p);
    if (hits.some((m) => m.blob)) blob = true;
    for (const m of hits) {
      const iface = m.view === true ? implemented(m, t) : undefined;
      if (iface !== undefined) views.add(iface);
    }
  }
  return { parties, blob, views };
};

/** The status of a view the participant could not compute: INVALID_ARGUMENT (3), the reason as its message. */
const viewFailed = (e: unknown): Json => ({ code: 3, message: `Interface view computation failed: ${e instanceof Error ? e.message : String(e)}`, details: [] });

/**
 * The views of `c` through `views`, as the participant computes them: status OK with the value,
 * or, for a contract whose view cannot be computed (arguments the view does not find, as a
 * test's hand-made create may have), that view's failed `viewStatus` and no value. The read goes
 * on: one contract never fails the whole answer.
 */
const interfaceViewsOf = (c: ContractData, views: ReadonlySet<TemplateRef>): Json[] =>
  interfacesOf(c.template)
    .filter((i) => views.has(i.iface))
    .map((i): Json => {
      try {
        return { interfaceId: i.iface.id, viewStatus: { code: 0, message: '', details: [] }, viewValue: compact(i.view(c)), implementationPackageId: c.template.packageId };
      } catch (e) {
        return { interfaceId: i.iface.id, viewStatus: viewFailed(e), implementationPackageId: c.template.packageId };
      }
    });

/**
 * The interfaces of a consumed contract's template that the filters matched with
 * `includeInterfaceView` (Canton fills `implementedInterfaces` only then): what tells a parser
 * that an archive removes a holding.
 */
const implementedOf = (t: TemplateRef, views: ReadonlySet<TemplateRef>): string[] => interfacesOf(t).filter((i) => views.has(i.iface)).map((i) => i.iface.id);

const createdEvent = (seed: string, offset: number, nodeId: number, c: ContractData, witnesses: readonly string[], blob: boolean, acsDelta: boolean, views: ReadonlySet<TemplateRef> = NO_VIEWS): Json => ({
  offset,
  nodeId,
  contractId: c.contractId,
  templateId: c.template.id,
  contractKey: null,
  contractKeyHash: '',
  createArgument: compact(c.args),
  createdEventBlob: blob ? blobFor(seed, c.contractId) : '',
  interfaceViews: interfaceViewsOf(c, views),
  witnessParties: [...witnesses],
  signatories: [...c.signatories],
  observers: [...c.observers],
  createdAt: formatInstant(c.createdAt),
  packageName: c.template.packageName,
  representativePackageId: c.template.packageId,
  acsDelta,
});

const transaction = (seed: string, index: LedgerIndex, offset: number, u: TransactionUpdate, shape: 'ACS_DELTA' | 'LEDGER_EFFECTS', spec: EventFormatSpec): Json | undefined => {
  const events: Json[] = [];
  const requested = new Set<string>();
  for (const node of u.nodes) {
    const template = node.kind === 'created' ? node.contract.template : node.template;
    const stake = select(spec, index.hosted, node.stakeholders, template);
    if (shape === 'ACS_DELTA') {
      if (stake.parties.length === 0) continue;
      stake.parties.forEach((p) => requested.add(p));
      if (node.kind === 'created') events.push({ CreatedEvent: createdEvent(seed, offset, node.nodeId, node.contract, stake.parties, stake.blob, true, stake.views) });
      else if (node.consuming)
        events.push({ ArchivedEvent: { offset, nodeId: node.nodeId, contractId: node.contractId, templateId: node.template.id, witnessParties: stake.parties, packageName: node.template.packageName, implementedInterfaces: implementedOf(node.template, stake.views) } });
      continue;
    }
    const wit = select(spec, index.hosted, node.witnesses, template);
    if (wit.parties.length === 0) continue;
    wit.parties.forEach((p) => requested.add(p));
    if (node.kind === 'created') {
      events.push({ CreatedEvent: createdEvent(seed, offset, node.nodeId, node.contract, wit.parties, wit.blob, stake.parties.length > 0, wit.views) });
    } else {
      events.push({
        ExercisedEvent: {
          offset,
          nodeId: node.nodeId,
          contractId: node.contractId,
          templateId: node.template.id,
          interfaceId: node.interfaceId?.id ?? null,
          choice: node.choice,
          choiceArgument: compact(node.argument),
          actingParties: [...node.actingParties],
          consuming: node.consuming,
          witnessParties: wit.parties,
          lastDescendantNodeId: node.lastDescendant,
          exerciseResult: compact(node.result),
          packageName: node.template.packageName,
          implementedInterfaces: node.consuming ? implementedOf(node.template, wit.views) : [],
          acsDelta: node.consuming && stake.parties.length > 0,
        },
      });
    }
  }
  if (events.length === 0) return undefined;
  const submitterSees = u.submitters.some((s) => requested.has(s));
  return {
    Transaction: {
      value: {
        updateId: u.updateId,
        commandId: submitterSees ? u.commandId : '',
        workflowId: '',
        effectiveAt: formatInstant(u.effectiveAt),
        events,
        offset,
        synchronizerId: u.synchronizerId,
        traceContext: null,
        recordTime: formatInstant(u.recordTime),
        externalTransactionHash: u.externalTransactionHash ?? null,
        paidTrafficCost: null,
      },
    },
  };
};

/** Renders one ledger entry under a format, or undefined when the format filters all of it out. */
export const renderLedgerUpdate = (seed: string, index: LedgerIndex, entry: LedgerEntry, format: FormatSpec): Json | undefined => {
  if (entry.kind === 'topology') {
    if (format.topology === undefined) return undefined;
    if (format.topology.parties.length > 0 && !format.topology.parties.includes(entry.party)) return undefined;
    return {
      TopologyTransaction: {
        value: {
          updateId: entry.updateId,
          offset: entry.offset,
          synchronizerId: index.history.globalSynchronizer,
          recordTime: formatInstant(entry.recordTime),
          events: [{ event: { ParticipantAuthorizationAdded: { value: { partyId: entry.party, participantId: index.participantId, participantPermission: 'PARTICIPANT_PERMISSION_SUBMISSION' } } } }],
          traceContext: null,
        },
      },
    };
  }
  const u = entry.update;
  if (u.kind === 'transaction') return format.transactions === undefined ? undefined : transaction(seed, index, entry.offset, u, format.transactions.shape, format.transactions.events);
  if (format.reassignments === undefined) return undefined;
  const c = u.contract;
  const sel = select(format.reassignments, index.hosted, [...new Set([...c.signatories, ...c.observers])].sort(), c.template);
  if (sel.parties.length === 0) return undefined;
  const event: Json =
    u.kind === 'assign'
      ? { JsAssignmentEvent: { source: u.source, target: u.target, reassignmentId: u.unassignId, submitter: u.submitter, reassignmentCounter: u.counter, createdEvent: createdEvent(seed, entry.offset, 0, c, sel.parties, sel.blob, true, sel.views) } }
      : {
          JsUnassignedEvent: {
            value: {
              reassignmentId: u.unassignId,
              contractId: c.contractId,
              templateId: c.template.id,
              source: u.source,
              target: u.target,
              submitter: u.submitter,
              reassignmentCounter: u.counter,
              assignmentExclusivity: null,
              witnessParties: sel.parties,
              packageName: c.template.packageName,
              offset: entry.offset,
              nodeId: 0,
            },
          },
        };
  return {
    Reassignment: {
      value: {
        updateId: u.updateId,
        commandId: '',
        workflowId: '',
        offset: entry.offset,
        events: [event],
        traceContext: null,
        recordTime: formatInstant(u.recordTime),
        synchronizerId: u.kind === 'assign' ? u.target : u.source,
        paidTrafficCost: null,
      },
    },
  };
};
