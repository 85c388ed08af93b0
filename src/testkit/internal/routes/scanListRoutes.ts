/**
 * The two paged Scan lists read by `scan.voteResults` and `scan.bulkUpdateHistoryObjects`: the closed vote
 * results (`POST /v0/admin/sv/voteresults`, a limit and a numeric page token) and the bulk update
 * history objects (`POST /v0/history/bulk/updates`, objects of the configured bulk storage between
 * two record times).
 */
import type { Json } from '../daml.js';
import { isInt, isObject, json, parseJson, spliceError, spliceMalformed, type Reply, type RequestContext, type Route } from '../http.js';
import { sha256Hex } from '../ids.js';
import type { NetworkState } from '../state.js';
import { formatDateTime, parseMicros } from '../time.js';

const r = (method: 'GET' | 'POST', path: string, handler: Route['handler']): Route => ({ method, template: `/api/scan${path}`, group: 'scan', handler });

const voteResults =
  (state: NetworkState) =>
  (ctx: RequestContext): Reply => {
    const parsed = parseJson(ctx.body);
    if (parsed === undefined || !isObject(parsed.value)) return spliceMalformed('Object expected');
    const req = parsed.value;
    const limit = req['limit'];
    const token = req['pageToken'] ?? 0;
    if (!isInt(limit) || limit < 1 || !isInt(token) || token < 0) return spliceMalformed('Unexpected field types in ListVoteResultsRequest');
    const str = (name: string): string | undefined => (typeof req[name] === 'string' ? (req[name] as string) : undefined);
    const matching = state.history.voteResults.filter((v) => {
      if (str('actionName') !== undefined && !v.actionName.includes(str('actionName')!)) return false;
      if (str('requester') !== undefined && !v.requester.includes(str('requester')!)) return false;
      if (typeof req['accepted'] === 'boolean' && v.accepted !== req['accepted']) return false;
      if (str('effectiveFrom') !== undefined && v.effectiveAt < str('effectiveFrom')!) return false;
      if (str('effectiveTo') !== undefined && v.effectiveAt > str('effectiveTo')!) return false;
      return true;
    });
    const page = matching.slice(token, token + limit);
    return json(200, {
      dso_rules_vote_results: page.map((v): Json => ({
        request: { requester: v.requester, action: { tag: v.actionName } },
        completedAt: v.effectiveAt,
        offboardedVoters: [],
        abstainingSvs: [],
        outcome: v.accepted ? { tag: 'VRO_Accepted', value: { effectiveAt: v.effectiveAt } } : { tag: 'VRO_Rejected', value: {} },
      })),
      ...(token + limit < matching.length ? { next_page_token: token + limit } : {}),
    });
  };

/** One object per snapshot period of the configured bulk storage, keyed like the ACS objects. */
const bulkUpdates =
  (state: NetworkState) =>
  (ctx: RequestContext): Reply => {
    if (state.options.bulkChecksums === undefined) return spliceError(state.options.bulkNotConfiguredStatus, 'Bulk storage is not configured');
    const parsed = parseJson(ctx.body);
    if (parsed === undefined || !isObject(parsed.value)) return spliceMalformed('Object expected');
    const { start_record_time: start, end_record_time: end, page_size: size, next_page_token: token } = parsed.value;
    const startMicros = typeof start === 'string' ? parseMicros(start) : undefined;
    const endMicros = typeof end === 'string' ? parseMicros(end) : undefined;
    if (startMicros === undefined || endMicros === undefined || !isInt(size) || size < 1 || !(token === undefined || token === null || (typeof token === 'string' && /^\d+$/.test(token))))
      return spliceMalformed('Unexpected field types in ListBulkUpdateHistoryObjectsRequest');
    const from = Number(token ?? 0);
    const periods = state.history.snapshots.map((s) => s.recordTime).filter((t) => t >= startMicros && t < endMicros);
    const page = periods.slice(from, from + size);
    return json(200, {
      object_refs: page.map((t) => ({ url: `https://bulk.simulated.invalid/updates/${formatDateTime(t)}.zst`, digest: sha256Hex(state.seed, 'bulk-updates', t) })),
      ...(from + size < periods.length ? { next_page_token: String(from + size) } : {}),
    });
  };

/** The routes, added to the simulated Scan's. */
export const scanListRoutes = (state: NetworkState): Route[] => [
  r('POST', '/v0/admin/sv/voteresults', voteResults(state)),
  r('POST', '/v0/history/bulk/updates', bulkUpdates(state)),
];
