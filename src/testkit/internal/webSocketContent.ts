/**
 * What the ledger's WebSocket channels send, from the one history: the update channels (as the
 * paged route filters them), the active contracts at an offset, and completions. Each channel is
 * a `Session`: `start` gives the messages for what exists now, `grow` the messages for what the
 * history gained since (open-ended channels only), `bounded` says whether the socket then closes.
 */
import type { Json } from './daml.js';
import { isInt, isObject, type Reply } from './http.js';
import { sha256Hex } from './ids.js';
import { parseUpdateFormat, renderLedgerUpdate, type FormatSpec } from './ledgerView.js';
import type { NetworkState } from './state.js';
import { canReadAs, type Principal } from './tokens.js';

/** A completion the simulated participant knows (of a submission it accepted), as the channel sends it. */
export interface SimulatedCompletion {
  readonly offset: number;
  readonly actAs: readonly string[];
  readonly userId: string;
  /** The `Completion1` payload. */
  readonly value: Json;
}

export interface Session {
  /** The messages for what exists now; a Reply is a JsCantonError to send before closing. */
  readonly start: () => Json[] | Reply;
  /** The messages for what was added since the last call (open-ended channels). */
  readonly grow?: () => Json[];
}

export type ChannelPath = '/v2/updates' | '/v2/updates/flats' | '/v2/updates/trees' | '/v2/commands/completions' | '/v2/commands/command-completions' | '/v2/state/active-contracts';

export const CHANNEL_PATHS: readonly ChannelPath[] = ['/v2/updates', '/v2/updates/flats', '/v2/updates/trees', '/v2/commands/completions', '/v2/commands/command-completions', '/v2/state/active-contracts'];

const invalid = (state: NetworkState, what: string): Reply => state.ledgerErrors.reply('INVALID_ARGUMENT', `The submitted request has invalid arguments: ${what}`);

const optionalOffset = (u: unknown): number | undefined | 'bad' => (u === undefined || u === null ? undefined : isInt(u) && u >= 0 ? u : 'bad');

/** The legacy `filter` as the participant reads it: an update format of the given shape. */
const fromLegacyFilter = (filter: Record<string, unknown>, shape: 'TRANSACTION_SHAPE_ACS_DELTA' | 'TRANSACTION_SHAPE_LEDGER_EFFECTS', verbose: unknown): Json => {
  const eventFormat = { filtersByParty: (filter['filtersByParty'] ?? null) as Json, filtersForAnyParty: (filter['filtersForAnyParty'] ?? null) as Json, verbose: verbose === true };
  const parties = isObject(filter['filtersByParty']) ? Object.keys(filter['filtersByParty']) : [];
  return {
    includeTransactions: { transactionShape: shape, eventFormat },
    includeReassignments: eventFormat,
    ...(shape === 'TRANSACTION_SHAPE_ACS_DELTA' ? { includeTopologyEvents: { includeParticipantAuthorizationEvents: { parties } } } : {}),
  };
};

/** Checks a format against the token as the paged route does. */
const formatOf = (state: NetworkState, principal: Principal | undefined, format: unknown): FormatSpec | Reply => {
  const parsed = parseUpdateFormat(format);
  if ('bodyError' in parsed) return invalid(state, 'the update format could not be read');
  if ('invalid' in parsed) return invalid(state, parsed.invalid);
  const spec = parsed.ok;
  if (state.options.requireAuth && principal !== undefined) {
    const denied = spec.parties.filter((p) => !canReadAs(principal, p));
    if (denied.length > 0 || (spec.anyParty && !principal.readAsAnyParty))
      return state.ledgerErrors.reply('PERMISSION_DENIED', `The provided JWT token is not sufficient to authorize the intended command. The following claims are missing: ${spec.anyParty && !principal.readAsAnyParty ? 'ReadAsAnyParty' : denied.map((d) => `ReadAs(${d})`).join(', ')}`);
  }
  return spec;
};

/** A transaction in the LEDGER_EFFECTS shape as the trees channel sends it. */
export const asTree = (update: Json): Json | undefined => {
  if (!isObject(update)) return undefined;
  if ('Reassignment' in update) return update;
  const tx = update['Transaction'];
  if (!isObject(tx) || !isObject(tx['value'])) return undefined;
  const { events, externalTransactionHash: _hash, paidTrafficCost: _cost, ...rest } = tx['value'] as Record<string, Json>;
  const eventsById: Record<string, Json> = {};
  for (const e of events as readonly Record<string, Record<string, Json>>[]) {
    const created = e['CreatedEvent'];
    const exercised = e['ExercisedEvent'];
    if (created !== undefined) eventsById[String(created['nodeId'])] = { CreatedTreeEvent: { value: created } };
    if (exercised !== undefined) eventsById[String(exercised['nodeId'])] = { ExercisedTreeEvent: { value: exercised } };
  }
  return { TransactionTree: { value: { ...rest, eventsById } } };
};

const checkpoint = (offset: number): Json => ({ OffsetCheckpoint: { value: { offset, synchronizerTimes: [] } } });

/** `/v2/updates`, `/v2/updates/flats` and `/v2/updates/trees`. */
export const updatesSession = (state: NetworkState, path: ChannelPath, principal: Principal | undefined, request: Record<string, unknown>): Session | Reply => {
  const ledger = state.ledger;
  const begin = optionalOffset(request['beginExclusive']);
  const end = optionalOffset(request['endInclusive']);
  const descending = request['descendingOrder'] ?? false;
  if (begin === undefined || begin === 'bad' || end === 'bad' || typeof descending !== 'boolean') return invalid(state, 'beginExclusive must be a non-negative offset, endInclusive a positive one');
  const trees = path === '/v2/updates/trees';
  const filter = request['filter'];
  const hasFormat = request['updateFormat'] !== undefined && request['updateFormat'] !== null;
  if (trees && hasFormat) return invalid(state, 'update_format must be unset for GetUpdateTrees requests');
  if (!hasFormat && !isObject(filter)) return invalid(state, 'either update_format or filter is required');
  const format = formatOf(state, principal, hasFormat ? request['updateFormat'] : fromLegacyFilter(filter as Record<string, unknown>, trees ? 'TRANSACTION_SHAPE_LEDGER_EFFECTS' : 'TRANSACTION_SHAPE_ACS_DELTA', request['verbose']));
  if ('status' in format) return format;
  if (descending && end === undefined) return invalid(state, 'descending_order needs end_inclusive');
  const pruning = ledger.pruningOffset;
  if (begin > 0 && begin < pruning) return state.ledgerErrors.reply('PARTICIPANT_PRUNED_DATA_ACCESSED', `Updates request from ${begin} precedes pruned offset ${pruning}`, { context: { earliest_offset: String(pruning) } });
  if (begin > ledger.end) return state.ledgerErrors.reply('OFFSET_AFTER_LEDGER_END', `Begin offset (${begin}) is after ledger end (${ledger.end})`);
  if (end !== undefined && end > ledger.end) return state.ledgerErrors.reply('OFFSET_AFTER_LEDGER_END', `End offset (${end}) is after ledger end (${ledger.end})`);
  if (end !== undefined && end < begin) return invalid(state, `end_inclusive (${end}) is before begin_exclusive (${begin})`);

  const render = (i: number): Json | undefined => {
    const u = renderLedgerUpdate(state.seed, ledger, ledger.entries[i]!, format);
    return u === undefined ? undefined : trees ? asTree(u) : u;
  };
  // Ascending: every entry after `sent`, up to the end; the open-ended stream then follows the history.
  let sent = Math.max(begin, begin === 0 ? pruning : begin);
  const upTo = (upper: number): Json[] => {
    const out: Json[] = [];
    for (let i = ledger.firstAfter(sent); i < ledger.entries.length && ledger.entries[i]!.offset <= upper; i++) {
      const u = render(i);
      if (u !== undefined) out.push({ update: u });
    }
    sent = upper;
    return out;
  };
  if (descending) {
    return {
      start: () => {
        const out: Json[] = [];
        for (let i = ledger.firstAfter(end!) - 1; i >= 0 && ledger.entries[i]!.offset > sent; i--) {
          const u = render(i);
          if (u !== undefined) out.push({ update: u });
        }
        return out;
      },
    };
  }
  if (end !== undefined) return { start: () => upTo(end) };
  // Open-ended: what exists, then a checkpoint at the ledger end; the same after each growth.
  const follow = (): Json[] => {
    const upper = ledger.end;
    if (upper <= sent) return [];
    return [...upTo(upper), { update: checkpoint(upper) }];
  };
  return { start: () => [...upTo(ledger.end), { update: checkpoint(Math.max(ledger.end, sent)) }], grow: follow };
};

/** `/v2/commands/command-completions` and the deprecated `/v2/commands/completions`. */
export const completionsSession = (state: NetworkState, path: ChannelPath, principal: Principal | undefined, request: Record<string, unknown>, completions: () => readonly SimulatedCompletion[]): Session | Reply => {
  const begin = optionalOffset(request['beginExclusive']);
  const parties = request['parties'] ?? [];
  if (begin === 'bad' || !Array.isArray(parties) || !parties.every((p): p is string => typeof p === 'string')) return invalid(state, 'parties must be a list of party ids, beginExclusive a non-negative offset');
  if (path === '/v2/commands/completions' && parties.length === 0) return invalid(state, 'parties must not be empty');
  if (state.options.requireAuth && principal !== undefined) {
    const denied = parties.filter((p) => !canReadAs(principal, p));
    if (denied.length > 0 || (parties.length === 0 && !principal.readAsAnyParty))
      return state.ledgerErrors.reply('PERMISSION_DENIED', `The provided JWT token is not sufficient to authorize the intended command. The following claims are missing: ${parties.length === 0 ? 'ReadAsAnyParty' : denied.map((d) => `ReadAs(${d})`).join(', ')}`);
  }
  const pruning = state.ledger.pruningOffset;
  if (begin !== undefined && begin > 0 && begin < pruning) return state.ledgerErrors.reply('PARTICIPANT_PRUNED_DATA_ACCESSED', `Completions request from ${begin} precedes pruned offset ${pruning}`, { context: { earliest_offset: String(pruning) } });
  if (begin !== undefined && begin > state.ledger.end) return state.ledgerErrors.reply('OFFSET_AFTER_LEDGER_END', `Begin offset (${begin}) is after ledger end (${state.ledger.end})`);
  let sent = begin ?? 0;
  const follow = (): Json[] => {
    const upper = Math.max(sent, state.ledger.end, ...completions().map((c) => c.offset));
    const out: Json[] = completions()
      .filter((c) => c.offset > sent && c.offset <= upper && (parties.length === 0 || c.actAs.some((p) => parties.includes(p))))
      .sort((a, b) => a.offset - b.offset)
      .map((c) => ({ completionResponse: { Completion: { value: c.value } } }));
    if (upper > sent || out.length > 0) out.push({ completionResponse: checkpoint(upper) });
    sent = upper;
    return out;
  };
  return { start: () => { const out = follow(); return out.length > 0 ? out : [{ completionResponse: checkpoint(sent) }]; }, grow: follow };
};

const continuationToken = (seed: string, at: number, index: number): string => Buffer.from(JSON.stringify({ at, index, s: sha256Hex(seed, 'acs-token', at, index).slice(0, 16) }), 'utf8').toString('base64');

const readContinuationToken = (seed: string, token: string): { at: number; index: number } | undefined => {
  try {
    const u = JSON.parse(Buffer.from(token, 'base64').toString('utf8')) as unknown;
    if (!isObject(u) || !isInt(u['at']) || !isInt(u['index']) || u['s'] !== sha256Hex(seed, 'acs-token', u['at'], u['index']).slice(0, 16)) return undefined;
    return { at: u['at'], index: u['index'] };
  } catch {
    return undefined;
  }
};

/** `/v2/state/active-contracts`: the creates minus the archives (and unassignments) up to the offset, as the format selects them. */
export const activeContractsSession = (state: NetworkState, principal: Principal | undefined, request: Record<string, unknown>): Session | Reply => {
  const ledger = state.ledger;
  const at = optionalOffset(request['activeAtOffset']);
  if (at === undefined || at === 'bad') return invalid(state, 'active_at_offset must be a non-negative offset');
  const eventFormat = request['eventFormat'] ?? undefined;
  const filter = request['filter'];
  if ((eventFormat === undefined) === !isObject(filter)) return invalid(state, 'exactly one of event_format and filter is required');
  const events = (eventFormat ?? { filtersByParty: (filter as Record<string, unknown>)['filtersByParty'] ?? null, filtersForAnyParty: (filter as Record<string, unknown>)['filtersForAnyParty'] ?? null }) as Json;
  const format = formatOf(state, principal, { includeTransactions: { transactionShape: 'TRANSACTION_SHAPE_ACS_DELTA', eventFormat: events }, includeReassignments: events });
  if ('status' in format) return format;
  if (at > ledger.end) return state.ledgerErrors.reply('OFFSET_AFTER_LEDGER_END', `Active at offset (${at}) is after ledger end (${ledger.end})`);
  if (at > 0 && at < ledger.pruningOffset) return state.ledgerErrors.reply('PARTICIPANT_PRUNED_DATA_ACCESSED', `Active contracts request at ${at} precedes pruned offset ${ledger.pruningOffset}`, { context: { earliest_offset: String(ledger.pruningOffset) } });
  let skip = -1;
  const token = request['streamContinuationToken'];
  if (typeof token === 'string' && token !== '') {
    const read = readContinuationToken(state.seed, token);
    if (read === undefined || read.at !== at) return invalid(state, 'the stream continuation token is invalid or belongs to another active_at_offset');
    skip = read.index;
  }
  return {
    start: () => {
      const active = new Map<string, { createdEvent: Json; synchronizerId: Json; reassignmentCounter: number }>();
      for (let i = 0; i < ledger.entries.length && ledger.entries[i]!.offset <= at; i++) {
        const u = renderLedgerUpdate(state.seed, ledger, ledger.entries[i]!, format) as Record<string, { value: Record<string, Json> }> | undefined;
        if (u === undefined) continue;
        const value = (u['Transaction'] ?? u['Reassignment'])?.value;
        if (value === undefined) continue;
        for (const e of value['events'] as readonly Record<string, Record<string, Json>>[]) {
          if (e['CreatedEvent'] !== undefined) active.set(String(e['CreatedEvent']['contractId']), { createdEvent: e['CreatedEvent'], synchronizerId: value['synchronizerId']!, reassignmentCounter: 0 });
          if (e['ArchivedEvent'] !== undefined) active.delete(String(e['ArchivedEvent']['contractId']));
          const assigned = e['JsAssignmentEvent'];
          if (assigned !== undefined) active.set(String((assigned['createdEvent'] as Record<string, Json>)['contractId']), { createdEvent: assigned['createdEvent']!, synchronizerId: assigned['target']!, reassignmentCounter: assigned['reassignmentCounter'] as number });
          const unassigned = e['JsUnassignedEvent'] as { value?: Record<string, Json> } | undefined;
          if (unassigned?.value !== undefined) active.delete(String(unassigned.value['contractId']));
        }
      }
      return [...active.values()]
        .map((contract, index) => ({ index, message: { workflowId: '', contractEntry: { JsActiveContract: contract }, streamContinuationToken: continuationToken(state.seed, at, index) } as Json }))
        .filter((m) => m.index > skip)
        .map((m) => m.message);
    },
  };
};
