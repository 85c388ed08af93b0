/**
 * Scan's routes under `/api/scan`: update history (v1, v2), holdings at snapshot times, snapshot
 * timestamps, votes, transfer command counters, featured app rights, the DSO party, amulet
 * configuration per round, reward accounting root hashes, bulk checksums and the liveness probe.
 */
import type { DamlValue, Json } from '../daml.js';
import { isReply, empty, isInt, isObject, json, parseJson, plain, spliceError, spliceMalformed, type Reply, type RequestContext, type Route } from '../http.js';
import { sha256Hex } from '../ids.js';
import { hash32, mulberry32 } from '../prng.js';
import type { HistoryUpdate, Snapshot } from '../model.js';
import { activeContract, contractWithState, scanItem, spliceContract, type DamlValueEncoding, type ScanVersion } from '../scanView.js';
import type { NetworkState } from '../state.js';
import { T } from '../templates.js';
import { formatDateTime, parseMicros } from '../time.js';

const BASE = '/api/scan';
const MAX_LIMIT = 1000;

/** Splice's `Limit` validation. */
export const checkLimit = (n: number): Reply | undefined => {
  if (n > MAX_LIMIT) return spliceError(400, `Exceeded limit maximum (${n} > ${MAX_LIMIT}).`);
  if (n < 1) return spliceError(400, 'Limit must be at least 1.');
  return undefined;
};

/** What `Instant.parse` says about a text it cannot parse. */
export const unparsable = (text: string): string => `Text '${text}' could not be parsed at index 0`;

export const missingMember = (name: string): Reply => spliceMalformed(`Object is missing required member '${name}'`);

/** Whether an update is strictly after `(migrationId, micros)`. */
const isAfter = (u: HistoryUpdate, migrationId: number, micros: number): boolean => u.migrationId > migrationId || (u.migrationId === migrationId && u.recordTime > micros);

/**
 * Where a page starts in the history: after the `(after_migration_id, after_record_time)` cursor of
 * a `/v2/updates` or `/v0/events` request (both members required, the time an instant in UTC), or
 * at the beginning without one; a malformed cursor is Scan's 400.
 */
export const startAfter = (history: readonly HistoryUpdate[], after: unknown): number | Reply => {
  if (after === undefined || after === null) return 0;
  if (!isObject(after)) return spliceMalformed("Expected object for 'after'");
  if (after['after_migration_id'] === undefined) return missingMember('after_migration_id');
  if (after['after_record_time'] === undefined) return missingMember('after_record_time');
  const m = after['after_migration_id'];
  const t = after['after_record_time'];
  if (!isInt(m) || typeof t !== 'string') return spliceMalformed("Expected types for 'after_migration_id' (integer) and 'after_record_time' (string)");
  const micros = parseMicros(t);
  if (micros === undefined || !t.endsWith('Z')) return spliceError(400, unparsable(t));
  let lo = 0;
  let hi = history.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (isAfter(history[mid]!, m, micros)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
};

/**
 * Splice's party id check (`PartyId.tryFromProtoPrimitive`): an identifier, `::`, and a namespace
 * (a fingerprint), which never holds whitespace (`alice bob::1220 ab` is refused for its namespace;
 * the simulator lets other characters through, so that placeholders like `alice::1220…` read as
 * unknown parties).
 */
export const invalidParty = (p: string): Reply | undefined => {
  const m = /^([^:]+)::([^:]+)$/.exec(p);
  if (m === null) return spliceError(400, `Invalid unique identifier \`${p}\` with missing namespace.`);
  if (/\s/.test(m[2]!)) return spliceError(400, `Invalid unique identifier \`${p}\`: the namespace \`${m[2]!}\` is not a fingerprint.`);
  return undefined;
};

const updates = (state: NetworkState, version: ScanVersion) => {
  // Short pages are drawn per request, so that asking again may get a different length, as from a
  // server whose page lengths depend on what it holds in memory.
  const shortPages = mulberry32(hash32(state.seed, 'short-pages', version));
  return (ctx: RequestContext): Reply => {
    const parsed = parseJson(ctx.body);
    if (parsed === undefined) return spliceMalformed('expected json value got invalid JSON');
    if (!isObject(parsed.value)) return spliceMalformed('Object expected');
    const req = parsed.value;
    if (req['page_size'] === undefined) return missingMember('page_size');
    if (!isInt(req['page_size'])) return spliceMalformed("Expected Int as JSON number for 'page_size'");
    const limit = checkLimit(req['page_size']);
    if (limit !== undefined) return limit;
    const encoding = req['daml_value_encoding'] ?? 'compact_json';
    if (encoding !== 'compact_json' && encoding !== 'protobuf_json') return spliceMalformed(`Unknown daml_value_encoding: ${JSON.stringify(encoding)}`);
    const history = state.history.updates;
    const start = startAfter(history, req['after']);
    if (isReply(start)) return start;
    let size: number = req['page_size'];
    // Splice's PageLimit: with more than `page_size` results, any 0 <= z <= page_size may come back;
    // this one never sends an empty page while results remain (canton-rx takes empty as the end).
    const p = state.options.shortPages;
    if (p > 0 && size > 1 && history.length - start > size && shortPages.chance(p)) size = 1 + shortPages.int(size - 1);
    const items = history.slice(start, start + size).map((u) => scanItem(u, version, encoding as DamlValueEncoding));
    return json(200, { transactions: items });
  };
};

/** Finds a snapshot; the query parameters as pekko validates them. */
const snapshotQuery = (ctx: RequestContext, timeParam: string): { time: number; migrationId: number } | { reply: Reply } => {
  const t = ctx.query.get(timeParam);
  const m = ctx.query.get('migration_id');
  if (t === null) return { reply: plain(404, `Request is missing required query parameter '${timeParam}'`) };
  if (m === null) return { reply: plain(404, "Request is missing required query parameter 'migration_id'") };
  if (!/^-?\d+$/.test(m) || !Number.isSafeInteger(Number(m))) return { reply: plain(400, `The query parameter 'migration_id' was malformed:\n'${m}' is not a valid 64-bit signed integer value`) };
  const micros = parseMicros(t);
  if (micros === undefined) return { reply: plain(400, `The query parameter '${timeParam}' was malformed:\n${unparsable(t)}`) };
  return { time: micros, migrationId: Number(m) };
};

const snapshotTimestampAfter =
  (state: NetworkState) =>
  (ctx: RequestContext): Reply => {
    const q = snapshotQuery(ctx, 'after');
    if ('reply' in q) return q.reply;
    const s = state.history.snapshots.find((x) => x.migrationId >= q.migrationId && x.recordTime > q.time);
    if (s === undefined) return spliceError(404, `No snapshots found after ${ctx.query.get('after')}`);
    return json(200, { record_time: formatDateTime(s.recordTime) });
  };

const snapshotTimestampBefore =
  (state: NetworkState) =>
  (ctx: RequestContext): Reply => {
    const q = snapshotQuery(ctx, 'before');
    if ('reply' in q) return q.reply;
    const found = state.history.snapshots.filter((x) => x.migrationId === q.migrationId && x.recordTime < q.time);
    const s = found[found.length - 1];
    if (s === undefined) return spliceError(404, `No snapshots found before ${ctx.query.get('before')} for migration id ${q.migrationId}`);
    return json(200, { record_time: formatDateTime(s.recordTime) });
  };

interface HoldingsToken {
  readonly m: number;
  readonly t: number;
  readonly o: string;
  readonly i: number;
}

/** A record's field by name (undefined when absent). */
const fieldOf = (v: DamlValue | undefined, name: string): DamlValue | undefined => (v?.t === 'record' ? v.fields.find(([k]) => k === name)?.[1] : undefined);
/** An Amulet payload's owner. */
const amuletOwner = (amulet: DamlValue | undefined): string => {
  const owner = fieldOf(amulet, 'owner');
  return owner?.t === 'party' ? owner.v : '';
};

const holdingsState =
  (state: NetworkState) =>
  (ctx: RequestContext): Reply => {
    const parsed = parseJson(ctx.body);
    if (parsed === undefined) return spliceMalformed('expected json value got invalid JSON');
    if (!isObject(parsed.value)) return spliceMalformed('Object expected');
    const req = parsed.value;
    for (const name of ['migration_id', 'record_time', 'page_size', 'owner_party_ids']) if (req[name] === undefined) return missingMember(name);
    const { migration_id: m, record_time: t, page_size: size, owner_party_ids: owners } = req;
    const match = req['record_time_match'] ?? 'exact';
    const after = req['after'] ?? undefined;
    if (!isInt(m) || typeof t !== 'string' || !isInt(size) || !Array.isArray(owners) || !owners.every((o): o is string => typeof o === 'string')) return spliceMalformed('Unexpected field types in HoldingsStateRequestV2');
    if (match !== 'exact' && match !== 'at_or_before') return spliceMalformed(`Unknown record_time_match: ${JSON.stringify(match)}`);
    if (!(after === undefined || after === null || typeof after === 'string')) return spliceMalformed("Expected String for 'after'");
    const limit = checkLimit(size);
    if (limit !== undefined) return limit;
    if (owners.length < 1) return spliceError(400, 'owner_party_ids must contain at least 1 party id');
    if (owners.length > 1000) return spliceError(400, `owner_party_ids must contain at most 1000 party ids, got ${owners.length}`);
    for (const o of owners) {
      const bad = invalidParty(o);
      if (bad !== undefined) return bad;
    }
    const micros = parseMicros(t);
    if (micros === undefined) return spliceError(400, unparsable(t));
    const candidates = state.history.snapshots.filter((s) => s.migrationId === m && s.recordTime <= micros);
    const snapshot: Snapshot | undefined = candidates[candidates.length - 1];
    if (snapshot === undefined) return spliceError(404, `No snapshots found before ${t} for migration id ${m}`);
    if (match === 'exact' && snapshot.recordTime !== micros) return spliceError(404, `No snapshot found for migration id ${m} at exactly ${t}; the most recent one before is at ${formatDateTime(snapshot.recordTime)}`);
    const ownerKey = sha256Hex(state.seed, 'owners', [...owners].sort().join(',')).slice(0, 16);
    let from = 0;
    if (typeof after === 'string') {
      const decoded = parseJson(Buffer.from(after, 'base64url').toString('utf8'));
      const tok = decoded !== undefined && isObject(decoded.value) ? decoded.value : undefined;
      // A token only continues the request it came from: same migration, snapshot and owners.
      const i = tok?.['i'];
      if (tok === undefined || tok['m'] !== m || tok['t'] !== snapshot.recordTime || tok['o'] !== ownerKey || !isInt(i) || i < 0) return spliceError(400, `Invalid page token: ${after}`);
      from = i;
    }
    const ownerSet = new Set(owners);
    // As Splice's AcsSnapshotStore.getHoldingsState: Amulets and LockedAmulets, by their amulet's owner.
    const holdings = state.history
      .activeAt(snapshot.lastIndex, [T.Amulet, T.LockedAmulet])
      .filter((s) => ownerSet.has(amuletOwner(s.data.template === T.LockedAmulet ? fieldOf(s.data.args, 'amulet') : s.data.args)))
      .map((s) => s.data)
      .sort((a, b) => a.createdAt - b.createdAt || (a.contractId < b.contractId ? -1 : 1));
    const page = holdings.slice(from, from + size);
    const body: { [key: string]: Json } = {
      record_time: formatDateTime(snapshot.recordTime),
      migration_id: m,
      created_events: page.map((c) => activeContract(c, snapshot.migrationId, state.history.updates[c.createdIn]!.updateId)),
    };
    if (from + size < holdings.length) {
      const next: HoldingsToken = { m, t: snapshot.recordTime, o: ownerKey, i: from + size };
      body['next_page_token'] = Buffer.from(JSON.stringify(next), 'utf8').toString('base64url');
    }
    return json(200, body);
  };

const stringArrayField = (req: Record<string, unknown>, name: string): string[] | Reply => {
  const v = req[name];
  if (v === undefined) return missingMember(name);
  if (!Array.isArray(v) || !v.every((x): x is string => typeof x === 'string')) return spliceMalformed(`Expected array of strings for '${name}'`);
  return v;
};

const voteRequestsByIds =
  (state: NetworkState) =>
  (ctx: RequestContext): Reply => {
    const parsed = parseJson(ctx.body);
    if (parsed === undefined || !isObject(parsed.value)) return spliceMalformed('Object expected');
    const ids = stringArrayField(parsed.value, 'vote_request_contract_ids');
    if (!Array.isArray(ids)) return ids;
    if (ids.length > 1000) return spliceError(400, `Too many vote request contract ids: ${ids.length} > 1000`);
    const wanted = new Set(ids);
    const found = state.history.activeVoteRequests().filter((s) => wanted.has(s.data.contractId));
    return json(200, { vote_requests: found.map((s) => spliceContract(state.seed, s.data)) });
  };

const countVoteResults =
  (state: NetworkState) =>
  (ctx: RequestContext): Reply => {
    const parsed = parseJson(ctx.body);
    if (parsed === undefined || !isObject(parsed.value)) return spliceMalformed('Object expected');
    const req = parsed.value;
    const str = (name: string): string | undefined | 'bad' => (req[name] === undefined || req[name] === null ? undefined : typeof req[name] === 'string' ? (req[name] as string) : 'bad');
    const actionName = str('actionName');
    const requester = str('requester');
    const from = str('effectiveFrom');
    const to = str('effectiveTo');
    const accepted = req['accepted'];
    if ([actionName, requester, from, to].includes('bad') || !(accepted === undefined || accepted === null || typeof accepted === 'boolean')) return spliceMalformed('Unexpected field types in CountVoteResultsRequest');
    const count = state.history.voteResults.filter((r) => {
      if (actionName !== undefined && !r.actionName.includes(actionName)) return false;
      if (requester !== undefined && !r.requester.includes(requester)) return false;
      if (typeof accepted === 'boolean' && r.accepted !== accepted) return false;
      if (from !== undefined && to !== undefined) return r.effectiveAt >= from && r.effectiveAt <= to;
      if (from !== undefined) return r.effectiveAt > from;
      if (to !== undefined) return r.effectiveAt < to;
      return true;
    }).length;
    return json(200, { count });
  };

const rootHash =
  (state: NetworkState) =>
  (ctx: RequestContext): Reply => {
    const raw = ctx.params['round_number'] ?? '';
    if (!/^-?\d+$/.test(raw) || !Number.isSafeInteger(Number(raw))) return plain(404, 'The requested resource could not be found.');
    const n = Number(raw);
    const { initial, closedThrough } = state.history.rounds();
    if (n <= initial) return json(200, { status: 'CannotProvide' });
    if (n > closedThrough) return json(200, { status: 'Undetermined' });
    return json(200, { status: 'Ok', round_number: n, root_hash: sha256Hex(state.seed, 'reward-root', n) });
  };

const amuletConfigForRound =
  (state: NetworkState) =>
  (ctx: RequestContext): Reply => {
    const raw = ctx.query.get('round');
    if (raw === null) return plain(404, "Request is missing required query parameter 'round'");
    if (!/^-?\d+$/.test(raw) || !Number.isSafeInteger(Number(raw))) return plain(400, `The query parameter 'round' was malformed:\n'${raw}' is not a valid 64-bit signed integer value`);
    const config = state.history.amuletConfigForRound(Number(raw));
    if (config === undefined) return spliceError(404, `Round ${raw} not found`);
    return json(200, { ...config, transfer_fee: { initial: config.transfer_fee.initial, steps: config.transfer_fee.steps.map((s) => ({ amount: s.amount, rate: s.rate })) } });
  };

const bulkChecksums =
  (state: NetworkState) =>
  (ctx: RequestContext): Reply => {
    const parsed = parseJson(ctx.body);
    if (parsed === undefined || !isObject(parsed.value)) return spliceMalformed('Object expected');
    const keys = stringArrayField(parsed.value, 'object_keys');
    if (!Array.isArray(keys)) return keys;
    const store = state.options.bulkChecksums;
    if (store === undefined) return spliceError(state.options.bulkNotConfiguredStatus, 'Bulk storage is not configured');
    return json(200, { checksums: keys.map((k) => ({ value: store.get(k) ?? null })) });
  };

/** A bulk storage object's bytes as they are (`application/octet-stream`); 404 for an unknown key. */
const bulkDownload =
  (state: NetworkState) =>
  (ctx: RequestContext): Reply => {
    const objects = state.options.bulkObjects;
    if (objects === undefined) return spliceError(state.options.bulkNotConfiguredStatus, 'Bulk storage is not configured');
    const key = ctx.params['object_key'] ?? '';
    const bytes = objects.get(key);
    if (bytes === undefined) return spliceError(404, `Object ${key} not found`);
    return { status: 200, headers: { 'content-type': 'application/octet-stream' }, body: bytes };
  };

const featuredApp =
  (state: NetworkState) =>
  (ctx: RequestContext): Reply => {
    const p = ctx.params['provider_party_id'] ?? '';
    const bad = invalidParty(p);
    if (bad !== undefined) return bad;
    const right = state.history.featuredAppRight(p);
    return json(200, { featured_app_right: right === undefined ? null : spliceContract(state.seed, right.data) });
  };

const transferCommandCounter =
  (state: NetworkState) =>
  (ctx: RequestContext): Reply => {
    const p = ctx.params['party'] ?? '';
    const bad = invalidParty(p);
    if (bad !== undefined) return bad;
    const counter = state.history.transferCommandCounter(p);
    if (counter === undefined) return spliceError(404, `No TransferCommandCounter found for party: ${p}, use 0 for the nonce`);
    return json(200, { transfer_command_counter: contractWithState(state.seed, counter) });
  };

export const scanRoutes = (state: NetworkState): Route[] => {
  const live = (): Reply => empty(state.live ? 200 : 503);
  const r = (method: 'GET' | 'POST', path: string, handler: Route['handler']): Route => ({ method, template: `${BASE}${path}`, group: 'scan', handler });
  return [
    r('GET', '/livez', live),
    r('GET', '/readyz', live),
    r('POST', '/v2/updates', updates(state, 'v2')),
    r('POST', '/v1/updates', updates(state, 'v1')),
    r('POST', '/v2/holdings/state', holdingsState(state)),
    r('GET', '/v0/state/acs/snapshot-timestamp', snapshotTimestampBefore(state)),
    r('GET', '/v0/state/acs/snapshot-timestamp-after', snapshotTimestampAfter(state)),
    r('POST', '/v0/history/bulk/checksums', bulkChecksums(state)),
    r('GET', '/v0/history/bulk/download/{object_key}', bulkDownload(state)),
    r('POST', '/v0/voterequest', voteRequestsByIds(state)),
    r('GET', '/v0/admin/sv/voterequests', () => json(200, { dso_rules_vote_requests: state.history.activeVoteRequests().map((s) => spliceContract(state.seed, s.data)) })),
    r('POST', '/v0/admin/sv/voteresults/count', countVoteResults(state)),
    r('GET', '/v0/transfer-command-counter/{party}', transferCommandCounter(state)),
    r('GET', '/v0/featured-apps/{provider_party_id}', featuredApp(state)),
    r('GET', '/v0/dso-party-id', () => json(200, { dso_party_id: state.history.dso })),
    r('GET', '/v0/internal/reward-accounting-process/rounds/{round_number}/root-hash', rootHash(state)),
    r('GET', '/v0/amulet-config-for-round', amuletConfigForRound(state)),
  ];
};

/** Shared with the validator's scan-proxy and Scan's read routes. */
export const scanHandlers = { featuredApp, transferCommandCounter, updates };
