/**
 * The participant's read routes over the one history: the ledger end, updates and transactions
 * by id and by offset (with the deprecated flat and tree variants), events and contracts by
 * contract id, the stream endpoints read over HTTP (`/v2/updates`, flats, trees, the active
 * contracts), connected synchronizers, version, packages and package preferences, health.
 */
import type { Json } from '../daml.js';
import { isReply, empty, isObject, json, ledgerInvalidBody, parseJson, plain, type Reply, type RequestContext, type Route } from '../http.js';
import { blobFor } from '../ids.js';
import { parseUpdateFormat, renderLedgerUpdate, type FormatSpec, type LedgerEntry } from '../ledgerView.js';
import type { NetworkState } from '../state.js';
import { T } from '../templates.js';
import { canReadAs, type Principal } from '../tokens.js';
import { activeContractsSession, asTree, updatesSession, type ChannelPath } from '../webSocketContent.js';
import { limited } from './commandRoutes.js';
import { ledgerAuth, optionalInt } from './ledgerRoutes.js';

const API_VERSION = '3.5.0';

export type Authed = { principal: Principal | undefined; body: Record<string, unknown> } | { reply: Reply };

/** Authenticates and, for a POST, parses the JSON object body. */
export const begin = (state: NetworkState, ctx: RequestContext): Authed => {
  const a = ledgerAuth(state, ctx, state.options.requireAuth);
  if ('reply' in a) return a;
  if (ctx.method !== 'POST') return { principal: a.principal, body: {} };
  const parsed = parseJson(ctx.body);
  if (parsed === undefined || !isObject(parsed.value)) return { reply: ledgerInvalidBody() };
  return { principal: a.principal, body: parsed.value };
};

/** Reads a format and checks it against the token, as the paged route does. */
export const formatOf = (state: NetworkState, principal: Principal | undefined, updateFormat: unknown): FormatSpec | Reply => {
  const r = parseUpdateFormat(updateFormat);
  if ('bodyError' in r) return ledgerInvalidBody();
  if ('invalid' in r) return state.ledgerErrors.reply('INVALID_ARGUMENT', `The submitted request has invalid arguments: ${r.invalid}`);
  if (state.options.requireAuth && principal !== undefined) {
    const denied = r.ok.parties.filter((p) => !canReadAs(principal, p));
    if (denied.length > 0 || (r.ok.anyParty && !principal.readAsAnyParty))
      return state.ledgerErrors.reply('PERMISSION_DENIED', `The provided JWT token is not sufficient to authorize the intended command. The following claims are missing: ${r.ok.anyParty && !principal.readAsAnyParty ? 'ReadAsAnyParty' : denied.map((d) => `ReadAs(${d})`).join(', ')}`);
  }
  return r.ok;
};


const entryById = (state: NetworkState, updateId: string): LedgerEntry | undefined =>
  state.ledger.entries.find((e) => (e.kind === 'history' ? e.update.updateId : e.updateId) === updateId);

const entryByOffset = (state: NetworkState, offset: number): LedgerEntry | undefined => {
  const i = state.ledger.firstAfter(offset) - 1;
  const e = state.ledger.entries[i];
  return e !== undefined && e.offset === offset ? e : undefined;
};

export const notFound = (state: NetworkState, what: string): Reply => state.ledgerErrors.reply('UPDATE_NOT_FOUND', `Update not found, or not visible: ${what}`);

/** An entry that pruning removed is gone for the by-id and by-offset reads too. */
export const visible = (state: NetworkState, e: LedgerEntry | undefined): LedgerEntry | undefined => (e === undefined || e.offset <= state.ledger.pruningOffset ? undefined : e);

/** `/v2/updates/update-by-id` and `/v2/updates/update-by-offset`. */
const updateBy = (state: NetworkState, by: 'id' | 'offset') => (ctx: RequestContext): Reply => {
  const b = begin(state, ctx);
  if ('reply' in b) return b.reply;
  const format = formatOf(state, b.principal, b.body['updateFormat']);
  if (isReply(format)) return format;
  const key = by === 'id' ? b.body['updateId'] : optionalInt(b.body['offset']);
  if (by === 'id' ? typeof key !== 'string' : typeof key !== 'number') return ledgerInvalidBody();
  const entry = visible(state, by === 'id' ? entryById(state, key as string) : entryByOffset(state, key as number));
  const update = entry === undefined ? undefined : renderLedgerUpdate(state.seed, state.ledger, entry, format);
  return update === undefined ? notFound(state, String(key)) : json(200, { update });
};

/** The legacy transaction format: `requestingParties` (or a `transactionFormat`), ACS_DELTA unless a tree. */
const legacyFormat = (state: NetworkState, principal: Principal | undefined, body: Record<string, unknown>, parties: readonly string[], shape: 'TRANSACTION_SHAPE_ACS_DELTA' | 'TRANSACTION_SHAPE_LEDGER_EFFECTS'): FormatSpec | Reply => {
  if (isObject(body['transactionFormat'])) return formatOf(state, principal, { includeTransactions: body['transactionFormat'] });
  // No parties named: the participant's hosted parties (the simulator's leniency, see docs/testkit.md).
  const requesting = parties.length > 0 ? parties : [...state.ledger.hosted].filter((p) => principal === undefined || !state.options.requireAuth || canReadAs(principal, p));
  return formatOf(state, principal, { includeTransactions: { transactionShape: shape, eventFormat: { filtersByParty: Object.fromEntries(requesting.map((p) => [p, {}])) } } });
};

/** `/v2/updates/transaction-by-id` and `…-by-offset` (deprecated): the flat transaction. */
const transactionBy = (state: NetworkState, by: 'id' | 'offset') => (ctx: RequestContext): Reply => {
  const b = begin(state, ctx);
  if ('reply' in b) return b.reply;
  const requesting = Array.isArray(b.body['requestingParties']) ? (b.body['requestingParties'] as unknown[]).filter((p): p is string => typeof p === 'string') : [];
  const format = legacyFormat(state, b.principal, b.body, requesting, 'TRANSACTION_SHAPE_ACS_DELTA');
  if (isReply(format)) return format;
  const key = by === 'id' ? b.body['updateId'] : optionalInt(b.body['offset']);
  if (by === 'id' ? typeof key !== 'string' : typeof key !== 'number') return ledgerInvalidBody();
  const entry = visible(state, by === 'id' ? entryById(state, key as string) : entryByOffset(state, key as number));
  const update = (entry === undefined ? undefined : renderLedgerUpdate(state.seed, state.ledger, entry, format)) as { Transaction?: { value: Json } } | undefined;
  return update?.Transaction === undefined ? notFound(state, String(key)) : json(200, { transaction: update.Transaction.value });
};

/** `GET /v2/updates/transaction-tree-by-id/{update-id}` and `…-by-offset/{offset}` (deprecated). */
const treeBy = (state: NetworkState, by: 'id' | 'offset') => (ctx: RequestContext): Reply => {
  const b = begin(state, ctx);
  if ('reply' in b) return b.reply;
  const format = legacyFormat(state, b.principal, {}, ctx.query.getAll('parties'), 'TRANSACTION_SHAPE_LEDGER_EFFECTS');
  if (isReply(format)) return format;
  let entry: LedgerEntry | undefined;
  if (by === 'id') entry = entryById(state, ctx.params['update-id'] ?? '');
  else {
    const raw = ctx.params['offset'] ?? '';
    if (!/^\d+$/.test(raw)) return state.ledgerErrors.reply('INVALID_ARGUMENT', `The submitted request has invalid arguments: Invalid offset ${JSON.stringify(raw)}`);
    entry = entryByOffset(state, Number(raw));
  }
  entry = visible(state, entry);
  const update = entry === undefined ? undefined : renderLedgerUpdate(state.seed, state.ledger, entry, format);
  const tree = update === undefined ? undefined : (asTree(update) as { TransactionTree?: { value: Json } } | undefined);
  return tree?.TransactionTree === undefined ? notFound(state, by === 'id' ? (ctx.params['update-id'] ?? '') : (ctx.params['offset'] ?? '')) : json(200, { transaction: tree.TransactionTree.value });
};

/** The create and archive events of a contract, in the ACS_DELTA shape, as an event format shows them. */
const contractEvents = (state: NetworkState, contractId: string, eventFormat: unknown, principal: Principal | undefined): { created?: Json; archived?: Json } | Reply => {
  const format = formatOf(state, principal, { includeTransactions: { transactionShape: 'TRANSACTION_SHAPE_ACS_DELTA', eventFormat } });
  if (isReply(format)) return format;
  const contract = state.history.contractState(contractId);
  const out: { created?: Json; archived?: Json } = {};
  if (contract === undefined) return out;
  const find = (index: number, kind: 'CreatedEvent' | 'ArchivedEvent'): Json | undefined => {
    const entry = visible(state, state.ledger.entries.find((e) => e.kind === 'history' && e.update.index === index));
    if (entry === undefined) return undefined;
    const tx = (renderLedgerUpdate(state.seed, state.ledger, entry, format) as { Transaction?: { value: { events: Array<Record<string, Record<string, Json>>>; synchronizerId: string } } } | undefined)?.Transaction?.value;
    const event = tx?.events.find((e) => e[kind]?.['contractId'] === contractId)?.[kind];
    return event === undefined ? undefined : { [kind === 'CreatedEvent' ? 'createdEvent' : 'archivedEvent']: event, synchronizerId: tx!.synchronizerId };
  };
  const created = find(contract.data.createdIn, 'CreatedEvent');
  if (created !== undefined) out.created = created;
  const archived = contract.archivedIn === undefined ? undefined : find(contract.archivedIn, 'ArchivedEvent');
  if (archived !== undefined) out.archived = archived;
  return out;
};

const eventsByContractId = (state: NetworkState) => (ctx: RequestContext): Reply => {
  const b = begin(state, ctx);
  if ('reply' in b) return b.reply;
  const contractId = b.body['contractId'];
  if (typeof contractId !== 'string' || !isObject(b.body['eventFormat'])) return ledgerInvalidBody();
  const events = contractEvents(state, contractId, b.body['eventFormat'], b.principal);
  if (isReply(events)) return events;
  if (events.created === undefined && events.archived === undefined) return state.ledgerErrors.reply('CONTRACT_EVENTS_NOT_FOUND', 'Contract events not found, or not visible.', { resources: [['CONTRACT_ID', contractId]] });
  return json(200, events as Json);
};

/** `/v2/contracts/contract-by-id`: the create event of an active or archived contract, as its querying parties see it. */
const contractById = (state: NetworkState) => (ctx: RequestContext): Reply => {
  const b = begin(state, ctx);
  if ('reply' in b) return b.reply;
  const contractId = b.body['contractId'];
  if (typeof contractId !== 'string') return ledgerInvalidBody();
  const querying = Array.isArray(b.body['queryingParties']) ? (b.body['queryingParties'] as unknown[]).filter((p): p is string => typeof p === 'string') : [];
  const eventFormat = querying.length > 0 ? { filtersByParty: Object.fromEntries(querying.map((p) => [p, {}])) } : { filtersForAnyParty: {} };
  // Any party: the participant's own view, whatever the token (an admin's read).
  const events = contractEvents(state, contractId, eventFormat, querying.length > 0 ? b.principal : undefined);
  if (isReply(events)) return events;
  const created = events.created as { createdEvent?: Json } | undefined;
  if (created?.createdEvent === undefined) return state.ledgerErrors.reply('CONTRACT_NOT_FOUND', `Contract could not be found with id ${contractId}`, { resources: [['CONTRACT_ID', contractId]] });
  return json(200, { createdEvent: created.createdEvent });
};

/** `/v2/updates`, `/v2/updates/flats`, `/v2/updates/trees` and `/v2/state/active-contracts` over HTTP: what the channel sends now. */
const streamList = (state: NetworkState, path: ChannelPath) => (ctx: RequestContext): Reply => {
  const b = begin(state, ctx);
  if ('reply' in b) return b.reply;
  const session = path === '/v2/state/active-contracts' ? activeContractsSession(state, b.principal, b.body) : updatesSession(state, path, b.principal, b.body);
  if ('status' in session) return session;
  const messages = session.start();
  return Array.isArray(messages) ? json(200, limited(ctx, messages)) : messages;
};

const ledgerEnd = (state: NetworkState) => (ctx: RequestContext): Reply => {
  const b = begin(state, ctx);
  return 'reply' in b ? b.reply : json(200, { offset: state.ledger.end });
};

const connectedSynchronizers = (state: NetworkState) => (ctx: RequestContext): Reply => {
  const b = begin(state, ctx);
  if ('reply' in b) return b.reply;
  return json(200, { connectedSynchronizers: [{ synchronizerAlias: 'global', synchronizerId: state.history.globalSynchronizer, permission: 'PARTICIPANT_PERMISSION_SUBMISSION' }] });
};

const version = (state: NetworkState) => (ctx: RequestContext): Reply => {
  const b = begin(state, ctx);
  if ('reply' in b) return b.reply;
  return json(200, {
    version: API_VERSION,
    features: {
      experimental: { staticTime: { supported: false }, commandInspectionService: { supported: true } },
      userManagement: { supported: true, maxRightsPerUser: 1000, maxUsersPageSize: 1000 },
      partyManagement: { maxPartiesPageSize: 10000 },
      offsetCheckpoint: { maxOffsetCheckpointEmissionDelay: { seconds: 75, nanos: 0 } },
      packageFeature: { maxVettedPackagesPageSize: 100 },
    },
  });
};

/** The packages the simulated templates come from: one per package name, version 0.1.9. */
export const packages = (): ReadonlyArray<{ packageId: string; packageName: string; packageVersion: string }> => {
  const seen = new Map<string, { packageId: string; packageName: string; packageVersion: string }>();
  for (const t of Object.values(T)) seen.set(t.packageId, { packageId: t.packageId, packageName: t.packageName, packageVersion: '0.1.9' });
  return [...seen.values()].sort((a, b) => a.packageId.localeCompare(b.packageId));
};

const listPackages = (state: NetworkState) => (ctx: RequestContext): Reply => {
  const b = begin(state, ctx);
  return 'reply' in b ? b.reply : json(200, { packageIds: packages().map((p) => p.packageId) });
};

const packageStatus = (state: NetworkState) => (ctx: RequestContext): Reply => {
  const b = begin(state, ctx);
  if ('reply' in b) return b.reply;
  const known = packages().some((p) => p.packageId === ctx.params['package-id']);
  return json(200, { packageStatus: known ? 'PACKAGE_STATUS_REGISTERED' : 'PACKAGE_STATUS_UNSPECIFIED' });
};

/** The archive of a package: a deterministic ASCII stand-in (the simulator has no Daml-LF). */
const getPackage = (state: NetworkState) => (ctx: RequestContext): Reply => {
  const b = begin(state, ctx);
  if ('reply' in b) return b.reply;
  const id = ctx.params['package-id'] ?? '';
  if (!packages().some((p) => p.packageId === id)) return state.ledgerErrors.reply('PACKAGE_NOT_FOUND', `Could not find package ${id}`, { resources: [['PACKAGE', id]] });
  return { status: 200, headers: { 'content-type': 'application/octet-stream', 'canton-package-hash': id }, body: blobFor(state.seed, id) };
};

const preferredVersion = (state: NetworkState) => (ctx: RequestContext): Reply => {
  const b = begin(state, ctx);
  if ('reply' in b) return b.reply;
  const name = ctx.query.get('package-name') ?? '';
  const p = packages().find((x) => x.packageName === name);
  return json(200, p === undefined ? {} : { packagePreference: { packageReference: p, synchronizerId: state.history.globalSynchronizer } });
};

const preferredPackages = (state: NetworkState) => (ctx: RequestContext): Reply => {
  const b = begin(state, ctx);
  if ('reply' in b) return b.reply;
  const reqs = b.body['packageVettingRequirements'];
  if (!Array.isArray(reqs)) return ledgerInvalidBody();
  const names = reqs.map((r) => (isObject(r) ? r['packageName'] : undefined));
  if (!names.every((n): n is string => typeof n === 'string')) return ledgerInvalidBody();
  const refs: Json[] = [];
  for (const n of names) {
    const p = packages().find((x) => x.packageName === n);
    if (p === undefined) return state.ledgerErrors.reply('PACKAGE_NOT_FOUND', `No package with name ${n} is vetted by all the given parties`, { resources: [['PACKAGE_NAME', n]] });
    refs.push(p);
  }
  return json(200, { packageReferences: refs, synchronizerId: state.history.globalSynchronizer });
};

const live = (): Reply => empty(200);
/** The spec (and a participant) answer readiness as `text/plain`, where liveness has no content. */
const ready = (): Reply => plain(200, 'ready');

export const ledgerReadRoutes = (state: NetworkState): Route[] => [
  { method: 'GET', template: '/v2/state/ledger-end', group: 'ledger', handler: ledgerEnd(state) },
  { method: 'GET', template: '/v2/state/connected-synchronizers', group: 'ledger', handler: connectedSynchronizers(state) },
  { method: 'POST', template: '/v2/state/active-contracts', group: 'ledger', handler: streamList(state, '/v2/state/active-contracts') },
  { method: 'POST', template: '/v2/updates', group: 'ledger', handler: streamList(state, '/v2/updates') },
  { method: 'POST', template: '/v2/updates/flats', group: 'ledger', handler: streamList(state, '/v2/updates/flats') },
  { method: 'POST', template: '/v2/updates/trees', group: 'ledger', handler: streamList(state, '/v2/updates/trees') },
  { method: 'POST', template: '/v2/updates/update-by-id', group: 'ledger', handler: updateBy(state, 'id') },
  { method: 'POST', template: '/v2/updates/update-by-offset', group: 'ledger', handler: updateBy(state, 'offset') },
  { method: 'POST', template: '/v2/updates/transaction-by-id', group: 'ledger', handler: transactionBy(state, 'id') },
  { method: 'POST', template: '/v2/updates/transaction-by-offset', group: 'ledger', handler: transactionBy(state, 'offset') },
  { method: 'GET', template: '/v2/updates/transaction-tree-by-id/{update-id}', group: 'ledger', handler: treeBy(state, 'id') },
  { method: 'GET', template: '/v2/updates/transaction-tree-by-offset/{offset}', group: 'ledger', handler: treeBy(state, 'offset') },
  { method: 'POST', template: '/v2/events/events-by-contract-id', group: 'ledger', handler: eventsByContractId(state) },
  { method: 'POST', template: '/v2/contracts/contract-by-id', group: 'ledger', handler: contractById(state) },
  { method: 'GET', template: '/v2/version', group: 'ledger', handler: version(state) },
  { method: 'GET', template: '/v2/packages', group: 'ledger', handler: listPackages(state) },
  { method: 'GET', template: '/v2/packages/{package-id}', group: 'ledger', handler: getPackage(state) },
  { method: 'GET', template: '/v2/packages/{package-id}/status', group: 'ledger', handler: packageStatus(state) },
  { method: 'GET', template: '/v2/interactive-submission/preferred-package-version', group: 'ledger', handler: preferredVersion(state) },
  { method: 'POST', template: '/v2/interactive-submission/preferred-packages', group: 'ledger', handler: preferredPackages(state) },
  { method: 'GET', template: '/livez', group: 'ledger', handler: live },
  { method: 'GET', template: '/readyz', group: 'ledger', handler: ready },
];
