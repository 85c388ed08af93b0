/**
 * The validator's routes under `/api/validator`: the ANS entry endpoints and the scan-proxy
 * lookups.
 */
import { isObject, json, parseJson, spliceError, spliceMalformed, spliceUnauthorized, type Reply, type RequestContext, type Route } from '../http.js';
import { contractWithState } from '../scanView.js';
import type { NetworkState } from '../state.js';
import { authenticate, type Principal } from '../tokens.js';
import { formatMicros6 } from '../time.js';
import { scanHandlers } from './scanRoutes.js';

const BASE = '/api/validator';

/** Authenticates (always, or only when the network requires auth) before the handler runs. */
export const authed =
  (state: NetworkState, always: boolean, handler: (ctx: RequestContext, principal: Principal | undefined) => Reply) =>
  (ctx: RequestContext): Reply => {
    const auth = authenticate(ctx.authorization, state.options.users, state.nowSeconds(), state.storedUser, state.options.audience, state.options.jwks);
    if ('principal' in auth) return handler(ctx, auth.principal);
    if (!always && !state.options.requireAuth) return handler(ctx, undefined);
    return spliceUnauthorized('missing' in auth);
  };

/** The user's wallet party, or the real validator's 404 when the user has none here. */
const walletParty = (state: NetworkState, p: Principal, operation: string): string | Reply => {
  const party = p.primaryParty;
  if (party === undefined || !state.ledger.hosted.has(party)) return spliceError(404, `No wallet found for user '${p.userId}' for operation '${operation}'`);
  return party;
};

const validUrl = (url: string): boolean => {
  if (url === '') return true;
  if (url.length > 255) return false;
  try {
    const u = new URL(url);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
  } catch {
    return false;
  }
};

const createEntry = (state: NetworkState) =>
  authed(state, true, (ctx, principal) => {
    const parsed = parseJson(ctx.body);
    if (parsed === undefined || !isObject(parsed.value)) return spliceMalformed('Object expected');
    const req = parsed.value;
    for (const name of ['name', 'url', 'description']) {
      if (req[name] === undefined) return spliceMalformed(`Object is missing required member '${name}'`);
      if (typeof req[name] !== 'string') return spliceMalformed(`Expected String for '${name}'`);
    }
    const name = req['name'] as string;
    const url = req['url'] as string;
    const description = req['description'] as string;
    const suffix = `.unverified.${state.options.ansAcronym}`;
    if (!name.endsWith(suffix) || !/^[a-z0-9_-]{1,60}$/.test(name.slice(0, -suffix.length)))
      return spliceError(400, `Invalid entry name: "${name}" must be 1 to 60 characters of a-z, 0-9, - and _ followed by "${suffix}"`);
    if (url.length > 255) return spliceError(400, `Invalid entry url: it is ${url.length} characters long, at most 255 are allowed`);
    if (!validUrl(url)) return spliceError(400, `Invalid entry url: "${url}" is not a valid URL`);
    if (description.length > 140) return spliceError(400, `Invalid entry description: it is ${description.length} characters long, at most 140 are allowed`);
    const party = walletParty(state, principal!, 'createAnsEntry');
    if (typeof party !== 'string') return party;
    if (state.history.ansEntries.some((e) => e.name === name)) return spliceError(409, `ANS entry "${name}" already exists`);
    const pending = state.history.requestAnsEntry(party, name, url, description);
    return json(200, { entryContextCid: pending.entryContextCid, subscriptionRequestCid: pending.subscriptionRequestCid, name, url, description });
  });

const listEntries = (state: NetworkState) =>
  authed(state, true, (_ctx, principal) => {
    const party = walletParty(state, principal!, 'listAnsEntries');
    if (typeof party !== 'string') return party;
    const entries = state.history.ansEntries
      .filter((e) => e.user === party)
      .map((e) => ({ contractId: e.contractId, name: e.name, amount: '1.0000000000', unit: 'USDUnit', expiresAt: formatMicros6(e.expiresAt), paymentInterval: '90 days', paymentDuration: '1 day' }));
    return json(200, { entries });
  });

export const validatorRoutes = (state: NetworkState): Route[] => {
  const r = (method: 'GET' | 'POST', path: string, handler: Route['handler']): Route => ({ method, template: `${BASE}${path}`, group: 'validator', handler });
  return [
    r('POST', '/v0/entry/create', createEntry(state)),
    r('GET', '/v0/entry/all', listEntries(state)),
    r(
      'GET',
      '/v0/scan-proxy/open-and-issuing-mining-rounds',
      authed(state, false, () => {
        const { open, issuing } = state.roundsNow();
        return json(200, { open_mining_rounds: open.map((s) => contractWithState(state.seed, s)), issuing_mining_rounds: issuing.map((s) => contractWithState(state.seed, s)) });
      }),
    ),
    r('GET', '/v0/scan-proxy/featured-apps/{provider_party_id}', authed(state, false, scanHandlers.featuredApp(state))),
  ];
};
