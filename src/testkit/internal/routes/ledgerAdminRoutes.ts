/**
 * The participant's administration routes, in memory: parties (list paged by token, get,
 * participant id, allocate, update), users and their rights (CRUD as the spec says), identity
 * provider configs (list, create, update, delete; the get is in ledgerRoutes.ts), and the
 * authenticated user. Writes need a participant admin's token; so do reads of other users.
 */
import type { Json } from '../daml.js';
import { isInt, isObject, json, ledgerInvalidBody, parseJson, type Reply, type RequestContext, type Route } from '../http.js';
import { sha256Hex } from '../ids.js';
import { annotationsOf, partyJson, rightKey, userJson, type Participant, type UserRecord } from '../participant.js';
import type { IdentityProvider, NetworkState } from '../state.js';
import type { Principal } from '../tokens.js';
import { ledgerAuth } from './ledgerRoutes.js';

const USER_ID = /^[a-z0-9@^$.!`\-#+'~_|:()]{1,128}$/i;
const IDP_ID = /^[A-Za-z0-9#:_ -]{1,255}$/;

/** A page token: the last id of the page before, signed, so that a page continues after it whatever was added meanwhile. */
const encodeToken = (seed: string, kind: string, after: string): string => Buffer.from(JSON.stringify({ a: after, s: sha256Hex(seed, kind, after).slice(0, 16) }), 'utf8').toString('base64');
const decodeToken = (seed: string, kind: string, token: string): string | undefined => {
  const parsed = parseJson(Buffer.from(token, 'base64').toString('utf8'));
  if (parsed === undefined || !isObject(parsed.value)) return undefined;
  const { a, s } = parsed.value;
  return typeof a === 'string' && s === sha256Hex(seed, kind, a).slice(0, 16) ? a : undefined;
};

/**
 * One page of ids in ascending order after a token; a token for the next page while more remain.
 * The default page size is also the largest (the participant's `maxPartiesPageSize`/`maxUsersPageSize`).
 */
const page = (state: NetworkState, kind: string, ids: readonly string[], ctx: RequestContext, defaultSize: number): { ids: string[]; next: string | undefined } | Reply => {
  const rawSize = ctx.query.get('pageSize');
  const size = rawSize === null || rawSize === '' ? defaultSize : Number(rawSize);
  if (!isInt(size) || size < 0 || size > defaultSize) return state.ledgerErrors.reply('INVALID_ARGUMENT', `The submitted request has invalid arguments: page_size must be between 0 and ${defaultSize}`);
  const token = ctx.query.get('pageToken') ?? '';
  let after: string | undefined;
  if (token !== '') {
    after = decodeToken(state.seed, kind, token);
    if (after === undefined) return state.ledgerErrors.reply('INVALID_ARGUMENT', 'The submitted request has invalid arguments: Invalid page token');
  }
  const sorted = [...ids].sort();
  const from = after === undefined ? 0 : sorted.findIndex((id) => id > after!);
  const rest = from < 0 ? [] : sorted.slice(from);
  const n = size === 0 ? defaultSize : size;
  const out = rest.slice(0, n);
  return { ids: out, next: rest.length > n ? encodeToken(state.seed, kind, out[out.length - 1]!) : undefined };
};

type Authed = { principal: Principal | undefined; body: Record<string, unknown> } | { reply: Reply };

/** Authenticates (an admin when `admin`), and parses the JSON body of a POST or PATCH. */
const begin = (state: NetworkState, ctx: RequestContext, admin: boolean): Authed => {
  const a = ledgerAuth(state, ctx, state.options.requireAuth);
  if ('reply' in a) return a;
  if (admin && state.options.requireAuth && a.principal !== undefined && !a.principal.admin)
    return { reply: state.ledgerErrors.reply('PERMISSION_DENIED', 'The provided JWT token is not sufficient to authorize the intended command. The following claims are missing: Admin') };
  if (ctx.method !== 'POST' && ctx.method !== 'PATCH') return { principal: a.principal, body: {} };
  const parsed = parseJson(ctx.body);
  if (parsed === undefined || !isObject(parsed.value)) return { reply: ledgerInvalidBody() };
  return { principal: a.principal, body: parsed.value };
};

/** The paths an update mask names (`{ paths: [...] }`); every field when empty. */
const maskPaths = (mask: unknown): string[] | 'bad' => {
  if (!isObject(mask)) return 'bad';
  const paths = mask['paths'] ?? [];
  return Array.isArray(paths) && paths.every((p): p is string => typeof p === 'string') ? paths : 'bad';
};

// ------------------------------------------------------------------------------------------------
// Parties

const listParties = (state: NetworkState, participant: Participant) => (ctx: RequestContext): Reply => {
  const b = begin(state, ctx, false);
  if ('reply' in b) return b.reply;
  const p = page(state, 'parties-token', [...participant.parties.keys()], ctx, 10000);
  if ('status' in p) return p;
  return json(200, { partyDetails: p.ids.map((id) => partyJson(participant.parties.get(id)!)), ...(p.next === undefined ? {} : { nextPageToken: p.next }) });
};

const getParties = (state: NetworkState, participant: Participant) => (ctx: RequestContext): Reply => {
  const b = begin(state, ctx, false);
  if ('reply' in b) return b.reply;
  const wanted = [ctx.params['party'] ?? '', ...ctx.query.getAll('parties')];
  // Unknown parties are left out, as the participant does.
  return json(200, { partyDetails: wanted.flatMap((id) => (participant.parties.has(id) ? [partyJson(participant.parties.get(id)!)] : [])) });
};

const participantId = (state: NetworkState) => (ctx: RequestContext): Reply => {
  const b = begin(state, ctx, false);
  return 'reply' in b ? b.reply : json(200, { participantId: state.ledger.participantId });
};

const allocateParty = (state: NetworkState, participant: Participant) => (ctx: RequestContext): Reply => {
  const b = begin(state, ctx, true);
  if ('reply' in b) return b.reply;
  const hint = b.body['partyIdHint'];
  const idp = b.body['identityProviderId'] ?? '';
  const annotations = annotationsOf(b.body['localMetadata']);
  if (!(hint === undefined || hint === null || typeof hint === 'string') || typeof idp !== 'string' || annotations === 'bad') return ledgerInvalidBody();
  if (typeof hint === 'string' && hint !== '' && !/^[A-Za-z0-9:\-_ ]{1,185}$/.test(hint)) return state.ledgerErrors.reply('INVALID_ARGUMENT', `The submitted request has invalid arguments: Invalid party id hint ${JSON.stringify(hint)}`);
  const record = participant.allocate(typeof hint === 'string' && hint !== '' ? hint : undefined, idp, annotations);
  if (record === undefined) return state.ledgerErrors.reply('INVALID_ARGUMENT', `The submitted request has invalid arguments: Party already exists: party ${JSON.stringify(hint)} is already allocated on this node`);
  return json(200, { partyDetails: partyJson(record) });
};

const updateParty = (state: NetworkState, participant: Participant) => (ctx: RequestContext): Reply => {
  const b = begin(state, ctx, true);
  if ('reply' in b) return b.reply;
  const details = b.body['partyDetails'];
  const paths = maskPaths(b.body['updateMask']);
  if (!isObject(details) || paths === 'bad') return ledgerInvalidBody();
  const id = ctx.params['party'] ?? '';
  const record = participant.parties.get(id);
  if (record === undefined) return state.ledgerErrors.reply('PARTY_NOT_FOUND', `Party ${id} not found`, { resources: [['PARTY', id]] });
  const annotations = annotationsOf(details['localMetadata']);
  if (annotations === 'bad') return ledgerInvalidBody();
  if (paths.length === 0 || paths.some((p) => p.startsWith('local_metadata'))) record.annotations = { ...record.annotations, ...annotations };
  record.resourceVersion += 1;
  return json(200, { partyDetails: partyJson(record) });
};

// ------------------------------------------------------------------------------------------------
// Users and rights

const userNotFound = (state: NetworkState, id: string): Reply => state.ledgerErrors.reply('USER_NOT_FOUND', `getting user failed for unknown user "${id}"`, { resources: [['USER', id]] });

/** The user a path names, which a non-admin may only ask about themselves. */
const userOf = (state: NetworkState, participant: Participant, ctx: RequestContext, principal: Principal | undefined): UserRecord | Reply => {
  const id = ctx.params['user-id'] ?? '';
  if (!USER_ID.test(id)) return state.ledgerErrors.reply('INVALID_FIELD', `The submitted command has a field with invalid value: Invalid field user_id: ${JSON.stringify(id)}`);
  if (state.options.requireAuth && principal !== undefined && !principal.admin && principal.userId !== id)
    return state.ledgerErrors.reply('PERMISSION_DENIED', 'The provided JWT token is not sufficient to authorize the intended command. The following claims are missing: Admin');
  return participant.users.get(id) ?? userNotFound(state, id);
};

const rightsOf = (u: unknown): Json[] | 'bad' => {
  if (u === undefined || u === null) return [];
  if (!Array.isArray(u) || !u.every((r) => isObject(r) && isObject(r['kind']) && Object.keys(r['kind']).length === 1)) return 'bad';
  return u as Json[];
};

const listUsers = (state: NetworkState, participant: Participant) => (ctx: RequestContext): Reply => {
  const b = begin(state, ctx, true);
  if ('reply' in b) return b.reply;
  const p = page(state, 'users-token', [...participant.users.keys()], ctx, 1000);
  if ('status' in p) return p;
  return json(200, { users: p.ids.map((id) => userJson(participant.users.get(id)!)), ...(p.next === undefined ? {} : { nextPageToken: p.next }) });
};

const createUser = (state: NetworkState, participant: Participant) => (ctx: RequestContext): Reply => {
  const b = begin(state, ctx, true);
  if ('reply' in b) return b.reply;
  const user = b.body['user'];
  const rights = rightsOf(b.body['rights']);
  if (!isObject(user) || typeof user['id'] !== 'string' || rights === 'bad') return ledgerInvalidBody();
  const id = user['id'];
  if (!USER_ID.test(id)) return state.ledgerErrors.reply('INVALID_FIELD', `The submitted command has a field with invalid value: Invalid field user_id: ${JSON.stringify(id)}`);
  if (participant.users.has(id)) return state.ledgerErrors.reply('USER_ALREADY_EXISTS', `creating user failed for existing user "${id}"`, { resources: [['USER', id]] });
  const annotations = annotationsOf(user['metadata']);
  if (annotations === 'bad') return ledgerInvalidBody();
  const record: UserRecord = {
    id,
    primaryParty: typeof user['primaryParty'] === 'string' ? user['primaryParty'] : '',
    isDeactivated: user['isDeactivated'] === true,
    identityProviderId: typeof user['identityProviderId'] === 'string' ? user['identityProviderId'] : '',
    annotations,
    resourceVersion: 0,
    rights: dedupeRights(rights),
  };
  participant.users.set(id, record);
  return json(200, { user: userJson(record) });
};

const dedupeRights = (rights: readonly Json[]): Json[] => {
  const seen = new Map<string, Json>();
  for (const r of rights) seen.set(rightKey(r), r);
  return [...seen.values()];
};

const getUser = (state: NetworkState, participant: Participant) => (ctx: RequestContext): Reply => {
  const b = begin(state, ctx, false);
  if ('reply' in b) return b.reply;
  const u = userOf(state, participant, ctx, b.principal);
  return 'status' in u ? u : json(200, { user: userJson(u) });
};

const deleteUser = (state: NetworkState, participant: Participant) => (ctx: RequestContext): Reply => {
  const b = begin(state, ctx, true);
  if ('reply' in b) return b.reply;
  const u = userOf(state, participant, ctx, b.principal);
  if ('status' in u) return u;
  participant.users.delete(u.id);
  return json(200, {});
};

const updateUser = (state: NetworkState, participant: Participant) => (ctx: RequestContext): Reply => {
  const b = begin(state, ctx, true);
  if ('reply' in b) return b.reply;
  const user = b.body['user'];
  const paths = maskPaths(b.body['updateMask']);
  if (!isObject(user) || paths === 'bad') return ledgerInvalidBody();
  const u = userOf(state, participant, ctx, b.principal);
  if ('status' in u) return u;
  const all = paths.length === 0;
  const annotations = annotationsOf(user['metadata']);
  if (annotations === 'bad') return ledgerInvalidBody();
  if ((all || paths.includes('primary_party')) && typeof user['primaryParty'] === 'string') u.primaryParty = user['primaryParty'];
  if ((all || paths.includes('is_deactivated')) && typeof user['isDeactivated'] === 'boolean') u.isDeactivated = user['isDeactivated'];
  if (all || paths.some((p) => p.startsWith('metadata'))) u.annotations = { ...u.annotations, ...annotations };
  u.resourceVersion += 1;
  return json(200, { user: userJson(u) });
};

const listRights = (state: NetworkState, participant: Participant) => (ctx: RequestContext): Reply => {
  const b = begin(state, ctx, false);
  if ('reply' in b) return b.reply;
  const u = userOf(state, participant, ctx, b.principal);
  return 'status' in u ? u : json(200, { rights: [...u.rights] });
};

const changeRights = (state: NetworkState, participant: Participant, grant: boolean) => (ctx: RequestContext): Reply => {
  const b = begin(state, ctx, true);
  if ('reply' in b) return b.reply;
  const rights = rightsOf(b.body['rights']);
  if (rights === 'bad') return ledgerInvalidBody();
  const u = userOf(state, participant, ctx, b.principal);
  if ('status' in u) return u;
  const had = new Set(u.rights.map(rightKey));
  const changed = dedupeRights(rights).filter((r) => had.has(rightKey(r)) !== grant);
  if (grant) u.rights = [...u.rights, ...changed];
  else {
    const drop = new Set(changed.map(rightKey));
    u.rights = u.rights.filter((r) => !drop.has(rightKey(r)));
  }
  return json(200, grant ? { newlyGrantedRights: changed } : { newlyRevokedRights: changed });
};

const updateUserIdp = (state: NetworkState, participant: Participant) => (ctx: RequestContext): Reply => {
  const b = begin(state, ctx, true);
  if ('reply' in b) return b.reply;
  const from = b.body['sourceIdentityProviderId'] ?? '';
  const to = b.body['targetIdentityProviderId'] ?? '';
  if (typeof from !== 'string' || typeof to !== 'string') return ledgerInvalidBody();
  const u = userOf(state, participant, ctx, b.principal);
  if ('status' in u) return u;
  if (u.identityProviderId !== from) return userNotFound(state, u.id);
  if (to !== '' && !state.options.identityProviders.some((p) => p.identityProviderId === to))
    return state.ledgerErrors.reply('IDP_CONFIG_NOT_FOUND', `Identity provider config with id ${to} not found`, { resources: [['IDENTITY_PROVIDER_CONFIG', to]] });
  u.identityProviderId = to;
  return json(200, {});
};

const authenticatedUser = (state: NetworkState, participant: Participant) => (ctx: RequestContext): Reply => {
  // Always authenticated: without a token there is no user to tell.
  const a = ledgerAuth(state, ctx, true);
  if ('reply' in a) return a.reply;
  const id = a.principal!.userId;
  const known = participant.users.get(id);
  const user = known !== undefined ? userJson(known) : { id, primaryParty: a.principal!.primaryParty ?? '', isDeactivated: false, metadata: { resourceVersion: '0', annotations: {} }, identityProviderId: '' };
  return json(200, { user });
};

// ------------------------------------------------------------------------------------------------
// Identity provider configs

const idpJson = (p: IdentityProvider): Json => ({ identityProviderId: p.identityProviderId, isDeactivated: p.isDeactivated, issuer: p.issuer, jwksUrl: p.jwksUrl, audience: p.audience });

const idpNotFound = (state: NetworkState, id: string): Reply => state.ledgerErrors.reply('IDP_CONFIG_NOT_FOUND', `Identity provider config with id ${id} not found`, { resources: [['IDENTITY_PROVIDER_CONFIG', id]] });

const listIdps = (state: NetworkState) => (ctx: RequestContext): Reply => {
  const b = begin(state, ctx, true);
  return 'reply' in b ? b.reply : json(200, { identityProviderConfigs: state.options.identityProviders.map(idpJson) });
};

const readIdp = (u: unknown): IdentityProvider | undefined => {
  if (!isObject(u)) return undefined;
  const { identityProviderId, issuer, jwksUrl, isDeactivated, audience } = u;
  if (typeof identityProviderId !== 'string' || typeof issuer !== 'string' || typeof jwksUrl !== 'string') return undefined;
  return { identityProviderId, issuer, jwksUrl, isDeactivated: isDeactivated === true, audience: typeof audience === 'string' ? audience : '' };
};

const createIdp = (state: NetworkState) => (ctx: RequestContext): Reply => {
  const b = begin(state, ctx, true);
  if ('reply' in b) return b.reply;
  const idp = readIdp(b.body['identityProviderConfig']);
  if (idp === undefined) return ledgerInvalidBody();
  if (!IDP_ID.test(idp.identityProviderId)) return state.ledgerErrors.reply('INVALID_FIELD', `The submitted command has a field with invalid value: Invalid field identity_provider_id: ${JSON.stringify(idp.identityProviderId)}`);
  const idps = state.options.identityProviders;
  if (idps.some((p) => p.identityProviderId === idp.identityProviderId))
    return state.ledgerErrors.reply('IDP_CONFIG_ALREADY_EXISTS', `Identity provider config with id ${idp.identityProviderId} already exists`, { resources: [['IDENTITY_PROVIDER_CONFIG', idp.identityProviderId]] });
  idps.push(idp);
  return json(200, { identityProviderConfig: idpJson(idp) });
};

const updateIdp = (state: NetworkState) => (ctx: RequestContext): Reply => {
  const b = begin(state, ctx, true);
  if ('reply' in b) return b.reply;
  const given = b.body['identityProviderConfig'];
  const paths = maskPaths(b.body['updateMask']);
  if (!isObject(given) || paths === 'bad') return ledgerInvalidBody();
  const id = ctx.params['idp-id'] ?? '';
  const idps = state.options.identityProviders;
  const i = idps.findIndex((p) => p.identityProviderId === id);
  if (i < 0) return idpNotFound(state, id);
  const old = idps[i]!;
  const pick = <K extends 'issuer' | 'jwksUrl' | 'audience'>(key: K, path: string): string => ((paths.length === 0 || paths.includes(path)) && typeof given[key] === 'string' ? (given[key] as string) : old[key]);
  const updated: IdentityProvider = {
    identityProviderId: id,
    issuer: pick('issuer', 'issuer'),
    jwksUrl: pick('jwksUrl', 'jwks_url'),
    audience: pick('audience', 'audience'),
    isDeactivated: (paths.length === 0 || paths.includes('is_deactivated')) && typeof given['isDeactivated'] === 'boolean' ? given['isDeactivated'] : old.isDeactivated,
  };
  idps[i] = updated;
  return json(200, { identityProviderConfig: idpJson(updated) });
};

const deleteIdp = (state: NetworkState) => (ctx: RequestContext): Reply => {
  const b = begin(state, ctx, true);
  if ('reply' in b) return b.reply;
  const id = ctx.params['idp-id'] ?? '';
  const idps = state.options.identityProviders;
  const i = idps.findIndex((p) => p.identityProviderId === id);
  if (i < 0) return idpNotFound(state, id);
  idps.splice(i, 1);
  return json(200, {});
};

export const ledgerAdminRoutes = (state: NetworkState, participant: Participant): Route[] => [
  { method: 'GET', template: '/v2/parties', group: 'ledger', handler: listParties(state, participant) },
  { method: 'POST', template: '/v2/parties', group: 'ledger', handler: allocateParty(state, participant) },
  { method: 'GET', template: '/v2/parties/participant-id', group: 'ledger', handler: participantId(state) },
  { method: 'GET', template: '/v2/parties/{party}', group: 'ledger', handler: getParties(state, participant) },
  { method: 'PATCH', template: '/v2/parties/{party}', group: 'ledger', handler: updateParty(state, participant) },
  { method: 'GET', template: '/v2/users', group: 'ledger', handler: listUsers(state, participant) },
  { method: 'POST', template: '/v2/users', group: 'ledger', handler: createUser(state, participant) },
  { method: 'GET', template: '/v2/users/{user-id}', group: 'ledger', handler: getUser(state, participant) },
  { method: 'DELETE', template: '/v2/users/{user-id}', group: 'ledger', handler: deleteUser(state, participant) },
  { method: 'PATCH', template: '/v2/users/{user-id}', group: 'ledger', handler: updateUser(state, participant) },
  { method: 'GET', template: '/v2/users/{user-id}/rights', group: 'ledger', handler: listRights(state, participant) },
  { method: 'POST', template: '/v2/users/{user-id}/rights', group: 'ledger', handler: changeRights(state, participant, true) },
  { method: 'PATCH', template: '/v2/users/{user-id}/rights', group: 'ledger', handler: changeRights(state, participant, false) },
  { method: 'PATCH', template: '/v2/users/{user-id}/identity-provider-id', group: 'ledger', handler: updateUserIdp(state, participant) },
  { method: 'GET', template: '/v2/authenticated-user', group: 'ledger', handler: authenticatedUser(state, participant) },
  { method: 'GET', template: '/v2/idps', group: 'ledger', handler: listIdps(state) },
  { method: 'POST', template: '/v2/idps', group: 'ledger', handler: createIdp(state) },
  { method: 'PATCH', template: '/v2/idps/{idp-id}', group: 'ledger', handler: updateIdp(state) },
  { method: 'DELETE', template: '/v2/idps/{idp-id}', group: 'ledger', handler: deleteIdp(state) },
];
