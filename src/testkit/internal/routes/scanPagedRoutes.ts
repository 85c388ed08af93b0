/**
 * Scan's paged reads beyond the update history, over the one history: the ACS at a snapshot
 * (`/v2/state/acs`), the event history (`/v0/events`), the backfilling reads
 * (`/v0/backfilling/updates-before`, `/v0/backfilling/import-updates`) and the validator licences
 * (`/v0/admin/validator/licenses`). Each page only continues the request it came from.
 */
import type { Json } from '../daml.js';
import { isReply, isInt, isObject, json, parseJson, plain, spliceError, spliceMalformed, type Reply, type RequestContext, type Route } from '../http.js';
import { sha256Hex } from '../ids.js';
import { hash32, mulberry32 } from '../prng.js';
import type { ContractData, HistoryUpdate, Snapshot, TransactionUpdate } from '../model.js';
import { activeContract, scanItem, spliceContract, type DamlValueEncoding } from '../scanView.js';
import type { NetworkState } from '../state.js';
import { T } from '../templates.js';
import { formatDateTime, formatMicros6, parseMicros } from '../time.js';
import { checkLimit, missingMember, startAfter, unparsable } from './scanRoutes.js';

const BASE = '/api/scan';
const ALL_TEMPLATES = Object.values(T);


const bodyObject = (ctx: RequestContext): Record<string, unknown> | Reply => {
  const parsed = parseJson(ctx.body);
  if (parsed === undefined) return spliceMalformed('expected json value got invalid JSON');
  if (!isObject(parsed.value)) return spliceMalformed('Object expected');
  return parsed.value;
};

/** The synchronizer whose record time an update carries: a reassignment's is the one it lands on (assign) or leaves (unassign). */
const synchronizerOf = (u: HistoryUpdate): string => (u.kind === 'transaction' ? u.synchronizerId : u.kind === 'assign' ? u.target : u.source);

/** A page length below `size` while more remain, as Splice's `PageLimit` allows (the `shortPages` option); never 0. */
const shortener = (state: NetworkState, name: string) => {
  const prng = mulberry32(hash32(state.seed, 'short-pages', name));
  return (size: number, remaining: number): number => {
    const p = state.options.shortPages;
    return p > 0 && size > 1 && remaining > size && prng.chance(p) ? 1 + prng.int(size - 1) : size;
  };
};

const encodeToken = (token: Json): string => Buffer.from(JSON.stringify(token), 'utf8').toString('base64url');
const decodeToken = (text: string): Record<string, unknown> | undefined => {
  const decoded = parseJson(Buffer.from(text, 'base64url').toString('utf8'));
  return decoded !== undefined && isObject(decoded.value) ? decoded.value : undefined;
};

/** `POST /v2/state/acs`: every contract active at a snapshot, by creation time, filtered by stakeholder and template. */
const acsSnapshot =
  (state: NetworkState) =>
  (ctx: RequestContext): Reply => {
    const req = bodyObject(ctx);
    if (isReply(req)) return req;
    for (const name of ['migration_id', 'record_time', 'page_size']) if (req[name] === undefined) return missingMember(name);
    const { migration_id: m, record_time: t, page_size: size } = req;
    const match = req['record_time_match'] ?? 'exact';
    const after = req['after'] ?? undefined;
    const parties = req['party_ids'] ?? undefined;
    const templates = req['templates'] ?? undefined;
    const strings = (u: unknown): u is string[] => Array.isArray(u) && u.every((x) => typeof x === 'string');
    if (!isInt(m) || typeof t !== 'string' || !isInt(size) || !(parties === undefined || strings(parties)) || !(templates === undefined || strings(templates))) {
      return spliceMalformed('Unexpected field types in AcsRequestV2');
    }
    if (match !== 'exact' && match !== 'at_or_before') return spliceMalformed(`Unknown record_time_match: ${JSON.stringify(match)}`);
    if (!(after === undefined || typeof after === 'string')) return spliceMalformed("Expected String for 'after'");
    const limit = checkLimit(size);
    if (limit !== undefined) return limit;
    const micros = parseMicros(t);
    if (micros === undefined) return spliceError(400, unparsable(t));
    const candidates = state.history.snapshots.filter((s) => s.migrationId === m && s.recordTime <= micros);
    const snapshot: Snapshot | undefined = candidates[candidates.length - 1];
    if (snapshot === undefined) return spliceError(404, `No snapshots found before ${t} for migration id ${m}`);
    if (match === 'exact' && snapshot.recordTime !== micros) return spliceError(404, `No snapshot found for migration id ${m} at exactly ${t}`);
    const filterKey = sha256Hex(state.seed, 'acs-filter', JSON.stringify([parties ?? null, templates ?? null])).slice(0, 16);
    let from = 0;
    if (typeof after === 'string') {
      const tok = decodeToken(after);
      const i = tok?.['i'];
      if (tok === undefined || tok['m'] !== m || tok['t'] !== snapshot.recordTime || tok['f'] !== filterKey || !isInt(i) || i < 0) return spliceError(400, `Invalid page token: ${after}`);
      from = i;
    }
    const partySet = parties === undefined ? undefined : new Set(parties);
    const wanted = (c: ContractData): boolean =>
      (partySet === undefined || [...c.signatories, ...c.observers].some((p) => partySet.has(p))) &&
      (templates === undefined || templates.includes(`${c.template.packageName}:${c.template.moduleName}:${c.template.entityName}`));
    const contracts = state.history
      .activeAt(snapshot.lastIndex, ALL_TEMPLATES)
      .map((s) => s.data)
      .filter(wanted)
      .sort((a, b) => a.createdAt - b.createdAt || (a.contractId < b.contractId ? -1 : 1));
    const page = contracts.slice(from, from + size);
    const body: { [key: string]: Json } = {
      record_time: formatDateTime(snapshot.recordTime),
      migration_id: m,
      created_events: page.map((c) => activeContract(c, snapshot.migrationId, state.history.updates[c.createdIn]!.updateId)),
    };
    if (from + size < contracts.length) body['next_page_token'] = encodeToken({ m, t: snapshot.recordTime, f: filterKey, i: from + size });
    return json(200, body);
  };

/** The mediator's verdict on a transaction of the history (Scan sees every transaction, so every one has one). */
const verdictOf = (state: NetworkState, u: TransactionUpdate): Json => ({
  update_id: u.updateId,
  migration_id: u.migrationId,
  domain_id: u.synchronizerId,
  record_time: formatMicros6(u.recordTime),
  finalization_time: formatMicros6(u.recordTime + 1000),
  submitting_parties: [...u.submitters],
  submitting_participant_uid: `participant::1220${sha256Hex(state.seed, 'participant')}`,
  verdict_result: 'VERDICT_RESULT_ACCEPTED',
  mediator_group: 0,
  transaction_views: {
    views: [{ view_id: 0, informees: [...new Set(u.nodes.flatMap((n) => n.witnesses))].sort(), confirming_parties: [], sub_views: [], view_hash: sha256Hex(state.seed, 'view', u.updateId) }],
    root_views: [0],
  },
});

/** Whether an update is strictly after `(migrationId, micros)`. */

/** `POST /v0/events`: the update history with each transaction's verdict, in Scan's order, paged like `/v2/updates`. */
const events = (state: NetworkState) => {
  const short = shortener(state, 'events');
  return (ctx: RequestContext): Reply => {
    const req = bodyObject(ctx);
    if (isReply(req)) return req;
    if (req['page_size'] === undefined) return missingMember('page_size');
    if (!isInt(req['page_size'])) return spliceMalformed("Expected Int as JSON number for 'page_size'");
    const limit = checkLimit(req['page_size']);
    if (limit !== undefined) return limit;
    const encoding = req['daml_value_encoding'] ?? 'compact_json';
    if (encoding !== 'compact_json' && encoding !== 'protobuf_json') return spliceMalformed(`Unknown daml_value_encoding: ${JSON.stringify(encoding)}`);
    const history = state.history.updates;
    const start = startAfter(history, req['after']);
    if (isReply(start)) return start;
    const size = short(req['page_size'], history.length - start);
    const page = history.slice(start, start + size).map((u): Json => {
      const update = scanItem(u, 'v2', encoding as DamlValueEncoding);
      return u.kind === 'transaction' ? { update, verdict: verdictOf(state, u) } : { update };
    });
    return json(200, { events: page });
  };
};

/** `POST /v0/backfilling/updates-before`: the newest `count` updates of one synchronizer and migration before a time, oldest first. */
const updatesBefore = (state: NetworkState) => {
  const short = shortener(state, 'updates-before');
  return (ctx: RequestContext): Reply => {
    const req = bodyObject(ctx);
    if (isReply(req)) return req;
    for (const name of ['migration_id', 'synchronizer_id', 'before', 'count']) if (req[name] === undefined) return missingMember(name);
    const { migration_id: m, synchronizer_id: s, before, count } = req;
    const atOrAfter = req['at_or_after'] ?? undefined;
    if (!isInt(m) || typeof s !== 'string' || typeof before !== 'string' || !isInt(count) || !(atOrAfter === undefined || typeof atOrAfter === 'string')) {
      return spliceMalformed('Unexpected field types in GetUpdatesBeforeRequest');
    }
    const limit = checkLimit(count);
    if (limit !== undefined) return limit;
    const beforeMicros = parseMicros(before);
    if (beforeMicros === undefined) return spliceError(400, unparsable(before));
    const fromMicros = atOrAfter === undefined ? undefined : parseMicros(atOrAfter);
    if (atOrAfter !== undefined && fromMicros === undefined) return spliceError(400, unparsable(atOrAfter));
    const matching = state.history.updates.filter(
      (u) => u.migrationId === m && synchronizerOf(u) === s && u.recordTime < beforeMicros && (fromMicros === undefined || u.recordTime >= fromMicros),
    );
    const size = short(count, matching.length);
    return json(200, { transactions: matching.slice(Math.max(0, matching.length - size)).map((u) => scanItem(u, 'v1', 'compact_json')) });
  };
};

/**
 * The import updates of a migration: one transaction per contract active at the end of the
 * migration before it, creating it again (record time: the epoch), ordered by update id.
 */
const importUpdatesOf = (state: NetworkState, migrationId: number): Array<{ readonly updateId: string; readonly item: Json }> => {
  const updates = state.history.updates;
  let last = -1;
  for (let i = 0; i < updates.length && updates[i]!.migrationId < migrationId; i++) last = i;
  if (last < 0 || updates.every((u) => u.migrationId !== migrationId)) return [];
  return state.history
    .activeAt(last, ALL_TEMPLATES)
    .map((c) => {
      const updateId = `1220${sha256Hex(state.seed, 'import', migrationId, c.data.contractId)}`;
      const tx: TransactionUpdate = {
        kind: 'transaction',
        index: -1,
        updateId,
        migrationId,
        recordTime: 0,
        label: 'import',
        effectiveAt: c.data.createdAt,
        synchronizerId: state.history.globalSynchronizer,
        submitters: [],
        commandId: '',
        nodes: [{ kind: 'created', nodeId: 0, contract: c.data, witnesses: [...c.data.signatories, ...c.data.observers], stakeholders: [...c.data.signatories, ...c.data.observers] }],
        roots: [0],
        externalTransactionHash: undefined,
      };
      return { updateId, item: scanItem(tx, 'v1', 'compact_json') };
    })
    .sort((a, b) => (a.updateId < b.updateId ? -1 : a.updateId > b.updateId ? 1 : 0));
};

/** `POST /v0/backfilling/import-updates`: a migration's import updates strictly after an update id. */
const importUpdates = (state: NetworkState) => {
  const short = shortener(state, 'import-updates');
  return (ctx: RequestContext): Reply => {
    const req = bodyObject(ctx);
    if (isReply(req)) return req;
    for (const name of ['migration_id', 'after_update_id', 'limit']) if (req[name] === undefined) return missingMember(name);
    const { migration_id: m, after_update_id: after, limit: n } = req;
    if (!isInt(m) || typeof after !== 'string' || !isInt(n)) return spliceMalformed('Unexpected field types in GetImportUpdatesRequest');
    const limit = checkLimit(n);
    if (limit !== undefined) return limit;
    const rest = importUpdatesOf(state, m).filter((u) => u.updateId > after);
    return json(200, { transactions: rest.slice(0, short(n, rest.length)).map((u) => u.item) });
  };
};

/**
 * The position of a licence in the listing: an int64 that grows with the history (the update
 * that created it, then its rank among that update's licences), as Splice's event numbers do.
 */
const licenceKeys = (state: NetworkState): Array<{ readonly key: number; readonly contract: ContractData }> => {
  const active = state.history.activeAt(state.history.updates.length - 1, [T.ValidatorLicense]).map((s) => s.data);
  active.sort((a, b) => a.createdIn - b.createdIn || (a.contractId < b.contractId ? -1 : 1));
  const out: Array<{ key: number; contract: ContractData }> = [];
  let rank = 0;
  for (let i = 0; i < active.length; i++) {
    rank = i > 0 && active[i - 1]!.createdIn === active[i]!.createdIn ? rank + 1 : 0;
    out.push({ key: active[i]!.createdIn * 4096 + rank, contract: active[i]! });
  }
  return out.reverse();
};

/** `GET /v0/admin/validator/licenses`: the active licences, newest first; `after` is the key of the last one of the page before. */
const validatorLicenses =
  (state: NetworkState) =>
  (ctx: RequestContext): Reply => {
    const rawAfter = ctx.query.get('after');
    const rawLimit = ctx.query.get('limit');
    const int = (name: string, raw: string): number | Reply =>
      /^-?\d+$/.test(raw) && Number.isSafeInteger(Number(raw)) ? Number(raw) : plain(400, `The query parameter '${name}' was malformed:\n'${raw}' is not a valid 64-bit signed integer value`);
    const after = rawAfter === null ? undefined : int('after', rawAfter);
    const size = rawLimit === null ? 1000 : int('limit', rawLimit);
    if (isReply(after)) return after;
    if (isReply(size)) return size;
    const limit = checkLimit(size);
    if (limit !== undefined) return limit;
    const rest = licenceKeys(state).filter((l) => after === undefined || l.key < after);
    const page = rest.slice(0, size);
    const body: { [key: string]: Json } = { validator_licenses: page.map((l) => spliceContract(state.seed, l.contract)) };
    if (page.length === size && rest.length > size) body['next_page_token'] = page[page.length - 1]!.key;
    return json(200, body);
  };

/** The routes of Scan's paged reads (see the module comment). */
export const scanPagedRoutes = (state: NetworkState): Route[] => {
  const r = (method: 'GET' | 'POST', path: string, handler: Route['handler']): Route => ({ method, template: `${BASE}${path}`, group: 'scan', handler });
  return [
    r('POST', '/v2/state/acs', acsSnapshot(state)),
    r('POST', '/v0/events', events(state)),
    r('POST', '/v0/backfilling/updates-before', updatesBefore(state)),
    r('POST', '/v0/backfilling/import-updates', importUpdates(state)),
    r('GET', '/v0/admin/validator/licenses', validatorLicenses(state)),
  ];
};
