/**
 * The participant's view of package vetting (`POST /v2/package-vetting/list`): a fixed topology
 * in which this participant and six others vet the simulated templates' packages on the global
 * synchronizer: one `VettedPackages` entry per participant and synchronizer, paged by an opaque,
 * signed token. Vetting changes are
 * not simulated (Prism answers those).
 */
import type { Json } from '../daml.js';
import { isInt, isObject, json, ledgerInvalidBody, parseJson, type Reply, type RequestContext, type Route } from '../http.js';
import { sha256Hex } from '../ids.js';
import type { NetworkState } from '../state.js';
import { ledgerAuth } from './ledgerRoutes.js';
import { packages } from './ledgerReadRoutes.js';

/** The participant's `maxVettedPackagesPageSize` (GET /v2/version), also the default page size. */
const MAX_PAGE_SIZE = 100;
const VALID_FROM = '2026-01-05T09:00:00Z';

interface Vetting {
  readonly participantId: string;
  readonly synchronizerId: string;
  readonly topologySerial: number;
}

const vettings = (state: NetworkState): Vetting[] => {
  const others = [2, 3, 4, 5, 6, 7].map((n) => `PAR::participant-${n}::1220${sha256Hex(state.seed, 'participant', n)}`);
  return [
    { participantId: state.ledger.participantId, synchronizerId: state.history.globalSynchronizer, topologySerial: 3 },
    ...others.map((participantId, i) => ({ participantId, synchronizerId: state.history.globalSynchronizer, topologySerial: 1 + (i % 2) })),
  ];
};

/** A page token: the index of the page's first entry, signed so that a forged one is refused. */
const encodeToken = (seed: string, index: number): string => Buffer.from(JSON.stringify({ i: index, s: sha256Hex(seed, 'vetting-token', index).slice(0, 16) }), 'utf8').toString('base64');
const decodeToken = (seed: string, token: string): number | undefined => {
  const parsed = parseJson(Buffer.from(token, 'base64').toString('utf8'));
  if (parsed === undefined || !isObject(parsed.value)) return undefined;
  const { i, s } = parsed.value;
  return isInt(i) && i >= 0 && s === sha256Hex(seed, 'vetting-token', i).slice(0, 16) ? i : undefined;
};

const strings = (u: unknown): string[] | undefined | 'bad' =>
  u === undefined || u === null ? undefined : Array.isArray(u) && u.every((x): x is string => typeof x === 'string') ? u : 'bad';

const listVettedPackages = (state: NetworkState) => (ctx: RequestContext): Reply => {
  const a = ledgerAuth(state, ctx, state.options.requireAuth);
  if ('reply' in a) return a.reply;
  const parsed = parseJson(ctx.body);
  if (parsed === undefined || !isObject(parsed.value)) return ledgerInvalidBody();
  const body = parsed.value;
  const meta = body['packageMetadataFilter'] ?? {};
  const topo = body['topologyStateFilter'] ?? {};
  if (!isObject(meta) || !isObject(topo)) return ledgerInvalidBody();
  const packageIds = strings(meta['packageIds']);
  const prefixes = strings(meta['packageNamePrefixes']);
  const participantIds = strings(topo['participantIds']);
  const synchronizerIds = strings(topo['synchronizerIds']);
  const size = body['pageSize'] ?? 0;
  const token = body['pageToken'] ?? '';
  if (packageIds === 'bad' || prefixes === 'bad' || participantIds === 'bad' || synchronizerIds === 'bad' || !isInt(size) || typeof token !== 'string') return ledgerInvalidBody();
  if (size < 0 || size > MAX_PAGE_SIZE) return state.ledgerErrors.reply('INVALID_ARGUMENT', `The submitted request has invalid arguments: page_size must be between 0 and ${MAX_PAGE_SIZE}`);
  const from = token === '' ? 0 : decodeToken(state.seed, token);
  if (from === undefined) return state.ledgerErrors.reply('INVALID_ARGUMENT', 'The submitted request has invalid arguments: Invalid page token');
  // Empty filters select everything, as the participant's do.
  const vetted = packages().filter(
    (p) => (packageIds === undefined || packageIds.length === 0 || packageIds.includes(p.packageId)) && (prefixes === undefined || prefixes.length === 0 || prefixes.some((x) => p.packageName.startsWith(x))),
  );
  const matching = vettings(state).filter(
    (v) => (participantIds === undefined || participantIds.length === 0 || participantIds.includes(v.participantId)) && (synchronizerIds === undefined || synchronizerIds.length === 0 || synchronizerIds.includes(v.synchronizerId)),
  );
  const n = size === 0 ? MAX_PAGE_SIZE : size;
  const page = matching.slice(from, from + n);
  return json(200, {
    vettedPackages: page.map((v): Json => ({ ...v, packages: vetted.map((p): Json => ({ ...p, validFromInclusive: VALID_FROM })) })),
    ...(from + n < matching.length ? { nextPageToken: encodeToken(state.seed, from + n) } : {}),
  });
};

/** The routes, added to the simulated participant's. */
export const ledgerVettingRoutes = (state: NetworkState): Route[] => [
  { method: 'POST', template: '/v2/package-vetting/list', group: 'ledger', handler: listVettedPackages(state) },
];
