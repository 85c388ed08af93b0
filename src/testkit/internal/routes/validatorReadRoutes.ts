/**
 * The validator's remaining scan-proxy reads under `/api/validator`: the twins of Scan's read
 * routes, answered by the same handlers over the same history, behind the validator's
 * authentication (required only when the network requires auth, like the other proxy routes).
 */
import { json, type Reply, type RequestContext, type Route } from '../http.js';
import { contractWithState } from '../scanView.js';
import type { NetworkState } from '../state.js';
import { T } from '../templates.js';
import { ruleContract } from '../history/readQueries.js';
import { scanReadHandlers as h } from './scanReadRoutes.js';
import { scanHandlers } from './scanRoutes.js';
import { authed } from './validatorRoutes.js';

const BASE = '/api/validator';

export const validatorReadRoutes = (state: NetworkState): Route[] => {
  const r = (method: 'GET' | 'POST', path: string, handler: (ctx: RequestContext) => Reply): Route => ({ method, template: `${BASE}${path}`, group: 'validator', handler: authed(state, false, handler) });
  return [
    r('GET', '/v0/scan-proxy/amulet-rules', () => json(200, { amulet_rules: contractWithState(state.seed, ruleContract(state.history, T.AmuletRules)) })),
    r('POST', '/v0/scan-proxy/ans-rules', h.rulesLookup(state, T.AnsRules, 'ans_rules', 'ans_rules_update')),
    r('GET', '/v0/scan-proxy/dso', h.dsoInfo(state)),
    r('GET', '/v0/scan-proxy/dso-party-id', () => json(200, { dso_party_id: state.history.dso })),
    r('POST', '/v0/scan-proxy/holdings/summary', h.holdingsSummary(state, 'v0')),
    r('POST', '/v1/scan-proxy/holdings/summary', h.holdingsSummary(state, 'v1')),
    r('GET', '/v0/scan-proxy/ans-entries', h.listAnsEntries(state)),
    r('GET', '/v0/scan-proxy/ans-entries/by-name/{name}', h.ansEntryByName(state)),
    r('GET', '/v0/scan-proxy/ans-entries/by-party/{party}', h.ansEntryByParty(state)),
    r('GET', '/v0/scan-proxy/unclaimed-development-fund-coupons', () => json(200, { 'unclaimed-development-fund-coupons': [] })),
    r('GET', '/v0/scan-proxy/transfer-command-counter/{party}', scanHandlers.transferCommandCounter(state)),
    r('GET', '/v0/scan-proxy/transfer-command/status', h.transferCommandStatus(state)),
    r('GET', '/v0/scan-proxy/transfer-preapprovals/by-party/{party}', h.transferPreapproval()),
  ];
};
