/**
 * One simulated Scan's knobs as route wrappers: still replicating (503), rate limited (429
 * without Retry-After), late, and Byzantine (altered values), plus the routes only a set of
 * Scans has: `GET /v0/scans` and `POST /v0/backfilling/migration-info`.
 */
import type { Json } from '../daml.js';
import { isInt, isObject, json, parseJson, plain, spliceError, spliceMalformed, type Reply, type Route } from '../http.js';
import type { History } from '../history/History.js';
import type { HistoryUpdate } from '../model.js';
import { hashUnit } from '../prng.js';
import { formatMicros6 } from '../time.js';
import type { ScanKnobs } from '../../scansTypes.js';

/** Splice's answer to a history read while the Scan replicates (`ScanHttpServer.confirmBackfillingIsCompleteThen`). */
export const REPLICATING_MESSAGE = 'This scan instance has not yet replicated all data';

const HISTORY_ROUTES: ReadonlySet<string> = new Set(['/api/scan/v1/updates', '/api/scan/v2/updates', '/api/scan/v0/backfilling/migration-info']);

/** The live knobs of one Scan. */
export interface KnobState {
  knobs: ScanKnobs;
  tokens: number;
  refilledAt: number;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms).unref());

// Token bucket over wall time: the rate limiter a public Scan puts in front of everything.
const takeToken = (state: KnobState): boolean => {
  const limit = state.knobs.rateLimit;
  if (limit === undefined) return true;
  const now = Date.now();
  state.tokens = Math.min(limit.burst, state.tokens + ((now - state.refilledAt) / 1000) * limit.perSecond);
  state.refilledAt = now;
  if (state.tokens < 1) return false;
  state.tokens -= 1;
  return true;
};

const lieRate = (knobs: ScanKnobs): number => (knobs.byzantine === undefined || knobs.byzantine === false ? 0 : knobs.byzantine === true ? 1 : (knobs.byzantine.rate ?? 1));

/** Alters the first string (else number) found depth-first; true when something was altered. */
const alterFirstLeaf = (v: Record<string, Json> | Json[], name: string): boolean => {
  const entries: Array<[string | number, Json]> = Array.isArray(v) ? v.map((x, i) => [i, x]) : Object.entries(v);
  for (const [k, x] of entries) {
    if (typeof x === 'string') {
      (v as Record<string | number, Json>)[k] = `${x}-forged-by-${name}`;
      return true;
    }
    if (typeof x === 'number') {
      (v as Record<string | number, Json>)[k] = x + 1;
      return true;
    }
    if (x !== null && typeof x === 'object' && alterFirstLeaf(x as Record<string, Json>, name)) return true;
  }
  return false;
};

const lie = (reply: Reply, template: string, rate: number, name: string): Reply => {
  if (reply.status !== 200 || !reply.headers['content-type']?.startsWith('application/json') || typeof reply.body !== 'string') return reply;
  const parsed = parseJson(reply.body);
  if (parsed === undefined || !isObject(parsed.value)) return reply;
  const body = parsed.value as Record<string, Json>;
  if (template.endsWith('/updates')) {
    const items = body['transactions'] as Array<Record<string, Json>>;
    for (const item of items) {
      if (hashUnit(name, 'lie', String(item['update_id'])) >= rate) continue;
      // Same update id and cursor, another value: only a comparison of the content can tell.
      if ('event' in item) (item['event'] as Record<string, Json>)['counter'] = Number((item['event'] as Record<string, Json>)['counter']) + 1 + Number(name.replace(/\D/g, ''));
      else item['workflow_id'] = `forged-by-${name}`;
    }
  } else if (!alterFirstLeaf(body, name)) return reply;
  return json(200, body as Json, reply.headers);
};

// Offsets are per Scan upstream (`offset` is documented as not comparable between SVs): each
// simulated Scan shifts them by its index, so that a client comparing them would disagree.
const shiftOffsets = (reply: Reply, shift: number): Reply => {
  if (shift === 0 || reply.status !== 200 || typeof reply.body !== 'string') return reply;
  const parsed = parseJson(reply.body);
  if (parsed === undefined || !isObject(parsed.value) || !Array.isArray(parsed.value['transactions'])) return reply;
  for (const item of parsed.value['transactions'] as Array<Record<string, Json>>) {
    if (typeof item['offset'] === 'string') item['offset'] = (BigInt(`0x${item['offset']}`) + BigInt(shift)).toString(16).padStart(18, '0');
  }
  return json(200, parsed.value as Json, reply.headers);
};

/** Wraps a route with the knobs of one Scan. */
export const withKnobs = (route: Route, state: KnobState, name: string, index: number): Route => ({
  ...route,
  handler: async (ctx) => {
    const { knobs } = state;
    if (knobs.latencyMs !== undefined && knobs.latencyMs > 0) await sleep(knobs.latencyMs);
    if (!takeToken(state)) return plain(429, 'Too Many Requests: Server is busy, please try again later.');
    if (knobs.replicating === true && HISTORY_ROUTES.has(route.template)) return spliceError(503, REPLICATING_MESSAGE);
    let reply = await route.handler(ctx);
    if (route.template === '/api/scan/v1/updates') reply = shiftOffsets(reply, index);
    const rate = lieRate(knobs);
    // Liars that lie as the same name tell the same lies: they collude.
    const as = typeof knobs.byzantine === 'object' && knobs.byzantine.as !== undefined ? knobs.byzantine.as : name;
    return rate > 0 && !route.template.endsWith('/livez') && !route.template.endsWith('/readyz') ? lie(reply, route.template, rate, as) : reply;
  },
});

/** `GET /v0/scans`: the listed Scans under the decentralized synchronizer, and any extra domains. */
export const listScansRoute = (
  synchronizerId: () => string,
  listed: () => ReadonlyArray<{ publicUrl: string; svName: string }>,
  extra: ReadonlyArray<{ readonly domainId: string; readonly scans: ReadonlyArray<{ readonly publicUrl: string; readonly svName: string }> }>,
): Route => ({
  method: 'GET',
  template: '/api/scan/v0/scans',
  group: 'scan',
  handler: () =>
    json(200, {
      scans: [{ domainId: synchronizerId(), scans: listed().map((s) => ({ publicUrl: s.publicUrl, svName: s.svName })) }, ...extra.map((d) => ({ domainId: d.domainId, scans: d.scans.map((s) => ({ ...s })) }))],
    }),
});

const synchronizerOf = (u: HistoryUpdate): string => (u.kind === 'transaction' ? u.synchronizerId : u.kind === 'assign' ? u.target : u.source);

/** `POST /v0/backfilling/migration-info`: the record-time range per synchronizer of one migration, from what this Scan serves. */
export const migrationInfoRoute = (history: () => History): Route => ({
  method: 'POST',
  template: '/api/scan/v0/backfilling/migration-info',
  group: 'scan',
  handler: (ctx) => {
    const parsed = parseJson(ctx.body);
    if (parsed === undefined || !isObject(parsed.value)) return spliceMalformed('Object expected');
    const m = parsed.value['migration_id'];
    if (m === undefined) return spliceMalformed("Object is missing required member 'migration_id'");
    if (!isInt(m)) return spliceMalformed("Expected Long as JSON number for 'migration_id'");
    const ranges = new Map<string, { min: number; max: number }>();
    let previous: number | undefined;
    for (const u of history().updates) {
      if (u.migrationId < m) previous = u.migrationId;
      if (u.migrationId !== m) continue;
      const s = synchronizerOf(u);
      const r = ranges.get(s);
      if (r === undefined) ranges.set(s, { min: u.recordTime, max: u.recordTime });
      else ranges.set(s, { min: Math.min(r.min, u.recordTime), max: Math.max(r.max, u.recordTime) });
    }
    if (ranges.size === 0) return spliceError(404, `No data for migration ${m}`);
    const body: Record<string, Json> = {
      record_time_range: [...ranges.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([s, r]) => ({ synchronizer_id: s, min: formatMicros6(r.min), max: formatMicros6(r.max) })),
      complete: true,
      import_updates_complete: true,
    };
    if (previous !== undefined) body['previous_migration_id'] = previous;
    return json(200, body);
  },
});
