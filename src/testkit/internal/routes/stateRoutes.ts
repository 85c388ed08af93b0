/**
 * The participant's state routes of the pruning story: `GET /v2/state/latest-pruned-offsets` and
 * `POST /v2/state/active-contracts-page` (the active contracts at an offset, paged by token).
 */
import { AcsView } from '../acsAt.js';
import { isInt, isObject, json, ledgerInvalidBody, parseJson, type Reply, type RequestContext, type Route } from '../http.js';
import { sha256Hex } from '../ids.js';
import { canonicalJson, parseUpdateFormat } from '../ledgerView.js';
import type { NetworkState } from '../state.js';
import { canReadAs } from '../tokens.js';
import { ledgerAuth, optionalInt } from './ledgerRoutes.js';

const DEFAULT_PAGE_SIZE = 100;
const MAX_PAGE_SIZE = 1000;

/** A page token: the snapshot's binding (offset and format), the index of the next element, and a signature. */
const sign = (seed: string, k: string, p: number): string => sha256Hex(seed, 'acs-page-token', k, p).slice(0, 24);
const encodeToken = (seed: string, k: string, p: number): string => Buffer.from(JSON.stringify({ k, p, s: sign(seed, k, p) }), 'utf8').toString('base64');
const decodeToken = (seed: string, token: string): { k: string; p: number } | undefined => {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(token)) return undefined;
  const parsed = parseJson(Buffer.from(token, 'base64').toString('utf8'));
  if (parsed === undefined || !isObject(parsed.value)) return undefined;
  const { k, p, s } = parsed.value;
  if (typeof k !== 'string' || !isInt(p) || p < 0 || typeof s !== 'string') return undefined;
  return s === sign(seed, k, p) ? { k, p } : undefined;
};

const latestPrunedOffsets =
  (state: NetworkState) =>
  (ctx: RequestContext): Reply => {
    const a = ledgerAuth(state, ctx, state.options.requireAuth);
    if ('reply' in a) return a.reply;
    const pruned = state.ledger.pruningOffset;
    return json(200, { participantPrunedUpToInclusive: pruned, allDivulgedContractsPrunedUpToInclusive: pruned });
  };

const activeContractsPage = (state: NetworkState) => {
  const view = new AcsView(state.seed, state.ledger);
  return (ctx: RequestContext): Reply => {
    const errors = state.ledgerErrors;
    const a = ledgerAuth(state, ctx, state.options.requireAuth);
    if ('reply' in a) return a.reply;
    const parsed = parseJson(ctx.body);
    if (parsed === undefined || !isObject(parsed.value)) return ledgerInvalidBody();
    const req = parsed.value;
    const eventFormat = req['eventFormat'];
    if (eventFormat === undefined || eventFormat === null) return ledgerInvalidBody();
    const at = optionalInt(req['activeAtOffset']);
    const size = optionalInt(req['maxPageSize']);
    const pageToken = req['pageToken'] ?? undefined;
    if (at === 'bad' || size === 'bad' || !(pageToken === undefined || typeof pageToken === 'string')) return ledgerInvalidBody();
    // The event format is an update format's transactions part, in the ACS_DELTA shape.
    const formatResult = parseUpdateFormat({ includeTransactions: { transactionShape: 'TRANSACTION_SHAPE_ACS_DELTA', eventFormat } });
    if ('bodyError' in formatResult) return ledgerInvalidBody();
    if ('invalid' in formatResult) return errors.reply('INVALID_ARGUMENT', `The submitted request has invalid arguments: ${formatResult.invalid}`);
    const format = formatResult.ok;
    if (state.options.requireAuth && a.principal !== undefined) {
      const p = a.principal;
      const denied = format.parties.filter((party) => !canReadAs(p, party));
      if (denied.length > 0 || (format.anyParty && !p.readAsAnyParty))
        return errors.reply('PERMISSION_DENIED', `The provided JWT token is not sufficient to authorize the intended command. The following claims are missing: ${format.anyParty && !p.readAsAnyParty ? 'ReadAsAnyParty' : denied.map((d) => `ReadAs(${d})`).join(', ')}`);
    }
    const pageSize = size ?? DEFAULT_PAGE_SIZE;
    if (pageSize < 1 || pageSize > MAX_PAGE_SIZE) return errors.reply('INVALID_ARGUMENT', `The submitted request has invalid arguments: max_page_size must be between 1 and ${MAX_PAGE_SIZE}, got ${pageSize}`);
    const ledger = state.ledger;
    const offset = at ?? ledger.end;
    const pruned = ledger.pruningOffset;
    if (offset < 0) return errors.reply('INVALID_ARGUMENT', `The submitted request has invalid arguments: active_at_offset must be non-negative, got ${offset}`);
    if (offset > ledger.end) return errors.reply('OFFSET_AFTER_LEDGER_END', `Active at offset (${offset}) is after ledger end (${ledger.end})`);
    // Offset 0 is the empty ledger begin, never pruned.
    if (offset > 0 && offset < pruned)
      return errors.reply('PARTICIPANT_PRUNED_DATA_ACCESSED', `Active contracts request at ${offset} precedes pruned offset ${pruned}`, { context: { earliest_offset: String(pruned) } });
    const binding = sha256Hex(state.seed, 'acs-binding', canonicalJson({ o: offset, f: eventFormat }));
    let from = 0;
    if (typeof pageToken === 'string' && pageToken !== '') {
      const token = decodeToken(state.seed, pageToken);
      if (token === undefined || token.k !== binding)
        return errors.reply('INVALID_ARGUMENT', 'The submitted request has invalid arguments: the page token is invalid or belongs to another active_at_offset or event_format');
      from = token.p;
    }
    const all = offset === 0 ? [] : view.at(offset, format.transactions!.events, binding);
    const page = all.slice(from, from + pageSize);
    const next = from + page.length;
    return json(200, { activeContracts: [...page], activeAtOffset: offset, ...(next < all.length ? { nextPageToken: encodeToken(state.seed, binding, next) } : {}) });
  };
};

export const stateRoutes = (state: NetworkState): Route[] => [
  { method: 'GET', template: '/v2/state/latest-pruned-offsets', group: 'ledger', handler: latestPrunedOffsets(state) },
  { method: 'POST', template: '/v2/state/active-contracts-page', group: 'ledger', handler: activeContractsPage(state) },
];
