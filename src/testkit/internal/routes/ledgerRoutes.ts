/**
 * The participant's Ledger JSON API v2 routes: `POST /v2/updates/get-updates-page`,
 * `GET /v2/idps/{idp-id}` and (with traffic enforcement) `GET /v2/traffic/accounts/{account-id}`.
 */
import type { Json } from '../daml.js';
import { isInt, isObject, json, ledgerInvalidBody, parseJson, type Reply, type RequestContext, type Route } from '../http.js';
import { sha256Hex } from '../ids.js';
import { canonicalJson, parseUpdateFormat, renderLedgerUpdate, type FormatSpec } from '../ledgerView.js';
import type { NetworkState } from '../state.js';
import { authenticate, canReadAs, type Principal } from '../tokens.js';

const DEFAULT_PAGE_SIZE = 100;
const MAX_PAGE_SIZE = 2000;

interface PageToken {
  /** Binding: hash of begin, end, format and order of the first request. */
  readonly k: string;
  /** Position: the exclusive lower bound (ascending) or inclusive upper bound (descending) of the next page. */
  readonly p: number;
  /** The end the first descending page resolved (so later pages keep it). */
  readonly r: number | null;
  readonly s: string;
}

const sign = (seed: string, k: string, p: number, r: number | null): string => sha256Hex(seed, 'page-token', k, p, r ?? 'none').slice(0, 24);

const encodeToken = (seed: string, k: string, p: number, r: number | null): string => Buffer.from(JSON.stringify({ k, p, r, s: sign(seed, k, p, r) }), 'utf8').toString('base64');

const decodeToken = (seed: string, token: string): PageToken | undefined => {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(token)) return undefined;
  const parsed = parseJson(Buffer.from(token, 'base64').toString('utf8'));
  if (parsed === undefined || !isObject(parsed.value)) return undefined;
  const { k, p, r, s } = parsed.value;
  if (typeof k !== 'string' || !isInt(p) || !(r === null || isInt(r)) || typeof s !== 'string') return undefined;
  return s === sign(seed, k, p, r) ? { k, p, r, s } : undefined;
};

/** Authenticates a ledger request; a reply when it must stop. */
export const ledgerAuth = (state: NetworkState, ctx: RequestContext, required: boolean): { principal: Principal | undefined } | { reply: Reply } => {
  const auth = authenticate(ctx.authorization, state.options.users, state.nowSeconds(), state.storedUser, state.options.audience, state.options.jwks);
  if ('principal' in auth) return { principal: auth.principal };
  if (!required) return { principal: undefined };
  return { reply: state.ledgerErrors.reply('UNAUTHENTICATED', 'The command is missing a (valid) JWT token') };
};

/** An optional int64 field: numbers, or quoted numbers as circe accepts them. */
export const optionalInt = (u: unknown): number | undefined | 'bad' => {
  if (u === undefined || u === null) return undefined;
  if (isInt(u)) return u;
  if (typeof u === 'string' && /^-?\d+$/.test(u) && Number.isSafeInteger(Number(u))) return Number(u);
  return 'bad';
};

const getUpdatesPage =
  (state: NetworkState) =>
  (ctx: RequestContext): Reply => {
    const errors = state.ledgerErrors;
    const auth = ledgerAuth(state, ctx, state.options.requireAuth);
    if ('reply' in auth) return auth.reply;
    const parsed = parseJson(ctx.body);
    if (parsed === undefined || !isObject(parsed.value)) return ledgerInvalidBody();
    const req = parsed.value;
    if (req['updateFormat'] === undefined || req['updateFormat'] === null) return ledgerInvalidBody();
    const begin = optionalInt(req['beginOffsetExclusive']);
    const end = optionalInt(req['endOffsetInclusive']);
    const size = optionalInt(req['maxPageSize']);
    const descending = req['descendingOrder'] ?? false;
    const pageToken = req['pageToken'] ?? undefined;
    if (begin === 'bad' || end === 'bad' || size === 'bad' || typeof descending !== 'boolean' || !(pageToken === undefined || pageToken === null || typeof pageToken === 'string')) return ledgerInvalidBody();
    const formatResult = parseUpdateFormat(req['updateFormat']);
    if ('bodyError' in formatResult) return ledgerInvalidBody();
    if ('invalid' in formatResult) return errors.reply('INVALID_ARGUMENT', `The submitted request has invalid arguments: ${formatResult.invalid}`);
    const format: FormatSpec = formatResult.ok;

    const maxPageSize = size ?? DEFAULT_PAGE_SIZE;
    if (maxPageSize < 1 || maxPageSize > MAX_PAGE_SIZE)
      return errors.reply('INVALID_ARGUMENT', `The submitted request has invalid arguments: max_page_size must be between 1 and ${MAX_PAGE_SIZE}, got ${maxPageSize}`);
    if (begin !== undefined && begin < 0) return errors.reply('INVALID_ARGUMENT', `The submitted request has invalid arguments: begin_offset_exclusive must be non-negative, got ${begin}`);
    if (end !== undefined && end <= 0) return errors.reply('INVALID_ARGUMENT', `The submitted request has invalid arguments: end_offset_inclusive must be positive, got ${end}`);

    if (state.options.requireAuth && auth.principal !== undefined) {
      const p = auth.principal;
      const denied = format.parties.filter((party) => !canReadAs(p, party));
      if (denied.length > 0 || (format.anyParty && !p.readAsAnyParty))
        return errors.reply('PERMISSION_DENIED', `The provided JWT token is not sufficient to authorize the intended command. The following claims are missing: ${format.anyParty && !p.readAsAnyParty ? 'ReadAsAnyParty' : denied.map((d) => `ReadAs(${d})`).join(', ')}`);
    }

    const ledger = state.ledger;
    const ledgerEnd = ledger.end;
    const pruning = ledger.pruningOffset;
    if (begin !== undefined && begin > 0 && begin < pruning)
      return errors.reply('PARTICIPANT_PRUNED_DATA_ACCESSED', `Updates request from ${begin} precedes pruned offset ${pruning}`, { context: { earliest_offset: String(pruning) } });
    if (begin !== undefined && begin > ledgerEnd) return errors.reply('OFFSET_AFTER_LEDGER_END', `Begin offset (${begin}) is after ledger end (${ledgerEnd})`);
    if (end !== undefined && end > ledgerEnd) return errors.reply('OFFSET_AFTER_LEDGER_END', `End offset (${end}) is after ledger end (${ledgerEnd})`);
    const lower = begin === undefined || begin === 0 ? pruning : begin;
    if (end !== undefined && end < lower) return errors.reply('INVALID_ARGUMENT', `The submitted request has invalid arguments: end_offset_inclusive (${end}) is before begin_offset_exclusive (${lower})`);

    const binding = sha256Hex(state.seed, 'binding', canonicalJson({ b: begin ?? 0, e: end ?? null, d: descending, f: req['updateFormat'] }));
    let token: PageToken | undefined;
    if (typeof pageToken === 'string' && pageToken !== '') {
      token = decodeToken(state.seed, pageToken);
      if (token === undefined) return errors.reply('INVALID_UPDATES_PAGE_TOKEN', 'The page token is invalid: it could not be decoded');
      if (token.k !== binding)
        return errors.reply('INVALID_UPDATES_PAGE_TOKEN', 'The page token is invalid: it does not belong to a request with the same begin_offset_exclusive, end_offset_inclusive, update_format and descending_order');
    }

    const render = (i: number): Json | undefined => renderLedgerUpdate(state.seed, ledger, ledger.entries[i]!, format);
    const updates: Json[] = [];
    if (!descending) {
      const pos = token?.p ?? lower;
      if (pos < pruning) return errors.reply('PARTICIPANT_PRUNED_DATA_ACCESSED', `Updates request from ${pos} precedes pruned offset ${pruning}`, { context: { earliest_offset: String(pruning) } });
      const upper = end ?? ledgerEnd;
      let i = ledger.firstAfter(pos);
      let lastIncluded = pos;
      for (; i < ledger.entries.length && ledger.entries[i]!.offset <= upper && updates.length < maxPageSize; i++) {
        const u = render(i);
        if (u === undefined) continue;
        updates.push({ update: u });
        lastIncluded = ledger.entries[i]!.offset;
      }
      let more = false;
      if (updates.length === maxPageSize) for (; i < ledger.entries.length && ledger.entries[i]!.offset <= upper && !more; i++) more = render(i) !== undefined;
      const highest = more ? lastIncluded : Math.max(upper, pos);
      const body: { [key: string]: Json } = { updates, lowestPageOffsetExclusive: pos, highestPageOffsetInclusive: highest };
      if (end === undefined || more) body['nextPageToken'] = encodeToken(state.seed, binding, highest, null);
      return json(200, body);
    }
    const resolvedEnd = token?.r ?? end ?? ledgerEnd;
    const pos = token?.p ?? resolvedEnd;
    let i = ledger.firstAfter(pos) - 1;
    let lastIncluded = pos + 1;
    for (; i >= 0 && ledger.entries[i]!.offset > lower && updates.length < maxPageSize; i--) {
      const u = render(i);
      if (u === undefined) continue;
      updates.push({ update: u });
      lastIncluded = ledger.entries[i]!.offset;
    }
    let more = false;
    if (updates.length === maxPageSize) for (; i >= 0 && ledger.entries[i]!.offset > lower && !more; i--) more = render(i) !== undefined;
    const lowest = more ? lastIncluded - 1 : lower;
    const body: { [key: string]: Json } = { updates, lowestPageOffsetExclusive: Math.min(lowest, pos), highestPageOffsetInclusive: pos };
    if (more) body['nextPageToken'] = encodeToken(state.seed, binding, lowest, resolvedEnd);
    return json(200, body);
  };

const IDP_ID = /^[A-Za-z0-9#:_ -]{1,255}$/;

const getIdp =
  (state: NetworkState) =>
  (ctx: RequestContext): Reply => {
    const errors = state.ledgerErrors;
    const auth = ledgerAuth(state, ctx, state.options.requireAuth);
    if ('reply' in auth) return auth.reply;
    if (state.options.requireAuth && auth.principal !== undefined && !auth.principal.admin)
      return errors.reply('PERMISSION_DENIED', 'The provided JWT token is not sufficient to authorize the intended command. The following claims are missing: Admin');
    const id = ctx.params['idp-id'] ?? '';
    if (!IDP_ID.test(id)) return errors.reply('INVALID_FIELD', `The submitted command has a field with invalid value: Invalid field identity_provider_id: ${JSON.stringify(id)} is not a valid identity provider id`);
    const idp = state.options.identityProviders.find((p) => p.identityProviderId === id);
    if (idp === undefined) return errors.reply('IDP_CONFIG_NOT_FOUND', `Identity provider config with id ${id} not found`, { resources: [['IDENTITY_PROVIDER_CONFIG', id]] });
    return json(200, { identityProviderConfig: { identityProviderId: idp.identityProviderId, isDeactivated: idp.isDeactivated, issuer: idp.issuer, jwksUrl: idp.jwksUrl, audience: idp.audience } });
  };

const getTrafficAccount =
  (state: NetworkState) =>
  (ctx: RequestContext): Reply => {
    const errors = state.ledgerErrors;
    const auth = ledgerAuth(state, ctx, true);
    if ('reply' in auth) return auth.reply;
    const account = ctx.params['account-id'] ?? '';
    if (!/^[^:]+::[^:]+$/.test(account)) return errors.reply('INVALID_ARGUMENT', `The submitted request has invalid arguments: Invalid party id ${JSON.stringify(account)}`);
    const p = auth.principal!;
    if (!p.actAs.has(account) && !p.executeAs.has(account))
      return errors.reply('PERMISSION_DENIED', `The provided JWT token is not sufficient to authorize the intended command. The following claims are missing: ExecuteAs(${account})`);
    return json(200, { accountId: account, balance: state.options.trafficBalances.get(account) ?? 0 });
  };

export const ledgerRoutes = (state: NetworkState): Route[] => {
  const routes: Route[] = [
    { method: 'POST', template: '/v2/updates/get-updates-page', group: 'ledger', handler: getUpdatesPage(state) },
    { method: 'GET', template: '/v2/idps/{idp-id}', group: 'ledger', handler: getIdp(state) },
  ];
  if (state.options.trafficEnforcement) routes.push({ method: 'GET', template: '/v2/traffic/accounts/{account-id}', group: 'ledger', handler: getTrafficAccount(state) });
  return routes;
};
