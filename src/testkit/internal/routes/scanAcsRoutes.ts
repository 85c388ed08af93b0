/**
 * Scan's `POST /api/scan/v2/state/acs`: the ACS snapshot at a snapshot time, every template of
 * the simulated network, optionally only some stakeholders' or templates' contracts, paged by an
 * opaque token.
 */
import type { Json } from '../daml.js';
import { isInt, isObject, json, parseJson, spliceError, spliceMalformed, type Reply, type RequestContext, type Route } from '../http.js';
import { sha256Hex } from '../ids.js';
import type { Snapshot } from '../model.js';
import { activeContract } from '../scanView.js';
import type { NetworkState } from '../state.js';
import { T } from '../templates.js';
import { formatDateTime, parseMicros } from '../time.js';
import { checkLimit, invalidParty } from './scanRoutes.js';

interface AcsToken {
  readonly m: number;
  readonly t: number;
  /** The filter the token belongs to. */
  readonly f: string;
  readonly i: number;
}

const stringList = (u: unknown): string[] | undefined | 'bad' =>
  u === undefined || u === null ? undefined : Array.isArray(u) && u.every((x): x is string => typeof x === 'string') ? u : 'bad';

const stateAcs =
  (state: NetworkState) =>
  (ctx: RequestContext): Reply => {
    const parsed = parseJson(ctx.body);
    if (parsed === undefined) return spliceMalformed('expected json value got invalid JSON');
    if (!isObject(parsed.value)) return spliceMalformed('Object expected');
    const req = parsed.value;
    for (const name of ['migration_id', 'record_time', 'page_size']) if (req[name] === undefined) return spliceMalformed(`Object is missing required member '${name}'`);
    const { migration_id: m, record_time: t, page_size: size } = req;
    const match = req['record_time_match'] ?? 'exact';
    const after = req['after'] ?? undefined;
    const parties = stringList(req['party_ids']);
    const templates = stringList(req['templates']);
    if (!isInt(m) || typeof t !== 'string' || !isInt(size) || parties === 'bad' || templates === 'bad') return spliceMalformed('Unexpected field types in AcsRequestV2');
    if (match !== 'exact' && match !== 'at_or_before') return spliceMalformed(`Unknown record_time_match: ${JSON.stringify(match)}`);
    if (!(after === undefined || typeof after === 'string')) return spliceMalformed("Expected String for 'after'");
    const limit = checkLimit(size);
    if (limit !== undefined) return limit;
    for (const p of parties ?? []) {
      const bad = invalidParty(p);
      if (bad !== undefined) return bad;
    }
    const micros = parseMicros(t);
    if (micros === undefined) return spliceError(400, `Text '${t}' could not be parsed at index 0`);
    const candidates = state.history.snapshots.filter((s) => s.migrationId === m && s.recordTime <= micros);
    const snapshot: Snapshot | undefined = candidates[candidates.length - 1];
    if (snapshot === undefined) return spliceError(404, `No snapshots found before ${t} for migration id ${m}`);
    if (match === 'exact' && snapshot.recordTime !== micros) return spliceError(404, `No snapshot found for migration id ${m} at exactly ${t}; the most recent one before is at ${formatDateTime(snapshot.recordTime)}`);
    const filterKey = sha256Hex(state.seed, 'acs-filter', [...(parties ?? [])].sort().join(','), '|', [...(templates ?? [])].sort().join(',')).slice(0, 16);
    let from = 0;
    if (typeof after === 'string') {
      const decoded = parseJson(Buffer.from(after, 'base64url').toString('utf8'));
      const tok = decoded !== undefined && isObject(decoded.value) ? (decoded.value as Partial<AcsToken>) : undefined;
      if (tok === undefined || tok.m !== m || tok.t !== snapshot.recordTime || tok.f !== filterKey || !isInt(tok.i) || tok.i < 0) return spliceError(400, `Invalid page token: ${after}`);
      from = tok.i;
    }
    const partySet = parties === undefined ? undefined : new Set(parties);
    const contracts = state.history
      .activeAt(snapshot.lastIndex, Object.values(T))
      .map((s) => s.data)
      .filter((c) => partySet === undefined || [...c.signatories, ...c.observers].some((p) => partySet.has(p)))
      .filter((c) => templates === undefined || templates.includes(`${c.template.packageName}:${c.template.moduleName}:${c.template.entityName}`))
      .sort((a, b) => a.createdAt - b.createdAt || (a.contractId < b.contractId ? -1 : 1));
    const page = contracts.slice(from, from + size);
    const body: { [key: string]: Json } = {
      record_time: formatDateTime(snapshot.recordTime),
      migration_id: m,
      created_events: page.map((c) => activeContract(c, snapshot.migrationId, state.history.updates[c.createdIn]!.updateId)),
    };
    if (from + size < contracts.length) {
      const next: AcsToken = { m, t: snapshot.recordTime, f: filterKey, i: from + size };
      body['next_page_token'] = Buffer.from(JSON.stringify(next), 'utf8').toString('base64url');
    }
    return json(200, body);
  };

export const scanAcsRoutes = (state: NetworkState): Route[] => [{ method: 'POST', template: '/api/scan/v2/state/acs', group: 'scan', handler: stateAcs(state) }];
