import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import type * as t from 'io-ts';
import * as ledgerCodecs from '../../src/codecs/ledger/index.js';
import * as scanCodecs from '../../src/codecs/scan/index.js';
import * as validatorCodecs from '../../src/codecs/validator/index.js';
import { decodeWith } from '../../src/codecs/decodeWith.js';
import type { SimulatedNetwork } from '../../src/testkit/index.js';

const groups: Record<'ledger' | 'scan' | 'validator', Record<string, unknown>> = {
  ledger: ledgerCodecs as unknown as Record<string, unknown>,
  scan: scanCodecs as unknown as Record<string, unknown>,
  validator: validatorCodecs as unknown as Record<string, unknown>,
};

/** A codec of the library by its upstream schema name (looked up at run time, so a missing one fails with its name). */
export const codec = (group: 'ledger' | 'scan' | 'validator', name: string): t.Type<unknown, unknown, unknown> => {
  const c = groups[group][name];
  assert.ok(c !== undefined && typeof (c as { decode?: unknown }).decode === 'function', `codec ${group}.${name} is not exported by src/codecs/${group}/index.ts`);
  return c as t.Type<unknown, unknown, unknown>;
};

/** Asserts the value decodes with the library's codec of that name, and returns the decoded value. */
export const assertDecodes = (group: 'ledger' | 'scan' | 'validator', name: string, value: unknown): unknown => {
  const r = decodeWith(codec(group, name))(value);
  if (E.isLeft(r)) assert.fail(`${group}.${name} rejects the simulator's response: ${JSON.stringify(r.left).slice(0, 2000)}\n${JSON.stringify(value).slice(0, 1000)}`);
  return r.right;
};

export interface HttpResult {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
  json(): unknown;
}

type Group = 'ledger' | 'scan' | 'validator';

/** The codec of each served route's 200 body, by path pattern. */
const SUCCESS_CODECS: ReadonlyArray<readonly [string, RegExp, Group, string]> = [
  ['POST', /^\/v2\/updates\/get-updates-page$/, 'ledger', 'JsGetUpdatesPageResponse'],
  ['GET', /^\/v2\/idps\/[^/]+$/, 'ledger', 'GetIdentityProviderConfigResponse'],
  ['GET', /^\/v2\/traffic\/accounts\/[^/]+$/, 'ledger', 'GetAccountResponse'],
  ['POST', /^\/api\/validator\/v0\/entry\/create$/, 'validator', 'CreateAnsEntryResponse'],
  ['GET', /^\/api\/validator\/v0\/entry\/all$/, 'validator', 'ListAnsEntriesResponse'],
  ['GET', /^\/api\/validator\/v0\/scan-proxy\/open-and-issuing-mining-rounds$/, 'validator', 'GetOpenAndIssuingMiningRoundsProxyResponse'],
  ['GET', /^\/api\/validator\/v0\/scan-proxy\/featured-apps\/[^/]+$/, 'validator', 'LookupFeaturedAppRightResponse'],
  ['POST', /^\/api\/scan\/v2\/updates$/, 'scan', 'UpdateHistoryResponseV2'],
  ['POST', /^\/api\/scan\/v1\/updates$/, 'scan', 'UpdateHistoryResponse'],
  ['POST', /^\/api\/scan\/v2\/holdings\/state$/, 'scan', 'AcsResponseV2'],
  ['GET', /^\/api\/scan\/v0\/state\/acs\/snapshot-timestamp(-after)?$/, 'scan', 'AcsSnapshotTimestampResponse'],
  ['POST', /^\/api\/scan\/v0\/history\/bulk\/checksums$/, 'scan', 'GetBulkObjectChecksumsResponse'],
  ['POST', /^\/api\/scan\/v0\/voterequest$/, 'scan', 'ListVoteRequestByTrackingCidResponse'],
  ['GET', /^\/api\/scan\/v0\/admin\/sv\/voterequests$/, 'scan', 'ListDsoRulesVoteRequestsResponse'],
  ['POST', /^\/api\/scan\/v0\/admin\/sv\/voteresults\/count$/, 'scan', 'CountVoteResultsResponse'],
  ['GET', /^\/api\/scan\/v0\/transfer-command-counter\/[^/]+$/, 'scan', 'LookupTransferCommandCounterByPartyResponse'],
  ['GET', /^\/api\/scan\/v0\/featured-apps\/[^/]+$/, 'scan', 'LookupFeaturedAppRightResponse'],
  ['GET', /^\/api\/scan\/v0\/dso-party-id$/, 'scan', 'GetDsoPartyIdResponse'],
  ['GET', /^\/api\/scan\/v0\/internal\/reward-accounting-process\/rounds\/[^/]+\/root-hash$/, 'scan', 'GetRewardAccountingRootHashResponse'],
  ['GET', /^\/api\/scan\/v0\/amulet-config-for-round$/, 'scan', 'GetAmuletConfigForRoundResponse'],
  ['GET', /^\/api\/scan\/v0\/scans$/, 'scan', 'ListDsoScansResponse'],
  ['POST', /^\/api\/scan\/v0\/backfilling\/migration-info$/, 'scan', 'GetMigrationInfoResponse'],
];

/**
 * Every JSON body the simulator serves in these tests goes through the library's codec of its
 * route: the success codec on 200, `JsCantonError` for ledger errors, `ErrorResponse` for Splice ones.
 */
const decodeServed = (method: string, url: string, status: number, contentType: string, text: string): void => {
  if (!contentType.includes('application/json') || text === '') return;
  const path = new URL(url).pathname;
  const group: Group = path.startsWith('/api/scan') ? 'scan' : path.startsWith('/api/validator') ? 'validator' : 'ledger';
  const value = JSON.parse(text) as unknown;
  if (status !== 200) {
    assertDecodes(group, group === 'ledger' ? 'JsCantonError' : 'ErrorResponse', value);
    return;
  }
  const entry = SUCCESS_CODECS.find(([m, re]) => m === method && re.test(path));
  assert.ok(entry !== undefined, `no codec known for ${method} ${path}`);
  const [, , g, name] = entry;
  assertDecodes(g, name, value);
};

const toResult = async (method: string, url: string, res: Response): Promise<HttpResult> => {
  const text = await res.text();
  decodeServed(method, url, res.status, res.headers.get('content-type') ?? '', text);
  return { status: res.status, headers: res.headers, text, json: () => JSON.parse(text) as unknown };
};

export const get = async (url: string, token?: string): Promise<HttpResult> =>
  toResult('GET', url, await fetch(url, { headers: token === undefined ? {} : { authorization: `Bearer ${token}` } }));

export const post = async (url: string, body: unknown, token?: string): Promise<HttpResult> =>
  toResult(
    'POST',
    url,
    await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token === undefined ? {} : { authorization: `Bearer ${token}` }) },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
  );

export type Obj = Record<string, unknown>;
export const obj = (u: unknown): Obj => {
  assert.ok(typeof u === 'object' && u !== null && !Array.isArray(u), `expected an object, got ${JSON.stringify(u)?.slice(0, 200)}`);
  return u as Obj;
};
export const arr = (u: unknown): unknown[] => {
  assert.ok(Array.isArray(u), `expected an array, got ${JSON.stringify(u)?.slice(0, 200)}`);
  return u;
};

/** Reads the whole Scan history with `/v{1,2}/updates`, paging with `after`; returns the items and the raw bodies. */
export const scanHistory = async (net: SimulatedNetwork, version: 'v1' | 'v2', pageSize = 200): Promise<{ items: Obj[]; bodies: string[] }> => {
  const items: Obj[] = [];
  const bodies: string[] = [];
  let after: Obj | undefined;
  for (let guard = 0; guard < 10_000; guard++) {
    const res = await post(`${net.scanUrl}/${version}/updates`, after === undefined ? { page_size: pageSize } : { page_size: pageSize, after });
    assert.equal(res.status, 200, res.text);
    bodies.push(res.text);
    const page = arr(obj(res.json())['transactions']).map(obj);
    items.push(...page);
    if (page.length < pageSize) return { items, bodies };
    const last = page[page.length - 1]!;
    const migration = last['migration_id'] ?? obj(last['event'])['migration_id'];
    after = { after_migration_id: migration, after_record_time: last['record_time'] };
  }
  throw new Error('scan history did not end');
};

/** An update format for one party, with every update kind. */
export const formatFor = (party: string, shape: 'TRANSACTION_SHAPE_ACS_DELTA' | 'TRANSACTION_SHAPE_LEDGER_EFFECTS' = 'TRANSACTION_SHAPE_LEDGER_EFFECTS'): Obj => ({
  includeTransactions: { transactionShape: shape, eventFormat: { filtersByParty: { [party]: { cumulative: [{ identifierFilter: { WildcardFilter: { value: { includeCreatedEventBlob: false } } } }] } }, verbose: false } },
  includeReassignments: { filtersByParty: { [party]: {} } },
});

/** Reads the ledger with get-updates-page up to `end` (the ledger end when absent); returns the updates and the raw bodies. */
export const ledgerHistory = async (
  net: SimulatedNetwork,
  token: string,
  updateFormat: Obj,
  opts: { maxPageSize?: number; end?: number; descending?: boolean } = {},
): Promise<{ updates: Obj[]; bodies: string[]; pages: Obj[] }> => {
  const end = opts.end ?? net.info().ledgerEnd;
  const updates: Obj[] = [];
  const bodies: string[] = [];
  const pages: Obj[] = [];
  let pageToken: string | undefined;
  for (let guard = 0; guard < 10_000; guard++) {
    const req: Obj = { updateFormat, endOffsetInclusive: end, ...(opts.maxPageSize === undefined ? {} : { maxPageSize: opts.maxPageSize }), ...(opts.descending === true ? { descendingOrder: true } : {}) };
    if (pageToken !== undefined) req['pageToken'] = pageToken;
    const res = await post(`${net.ledgerUrl}/v2/updates/get-updates-page`, req, token);
    assert.equal(res.status, 200, res.text);
    bodies.push(res.text);
    const page = obj(res.json());
    pages.push(page);
    updates.push(...arr(page['updates'] ?? []).map((u) => obj(obj(u)['update'])));
    if (typeof page['nextPageToken'] !== 'string') return { updates, bodies, pages };
    pageToken = page['nextPageToken'];
  }
  throw new Error('ledger history did not end');
};

/** The `value` of an Update wrapper and its variant name. */
export const unwrap = (update: Obj): { kind: string; value: Obj } => {
  const [kind] = Object.keys(update);
  assert.ok(kind !== undefined);
  return { kind, value: obj(obj(update[kind])['value']) };
};

/** Microseconds since the epoch of an ISO instant (for comparing record times written with different digits). */
export const micros = (iso: string): number => {
  const m = /^(.*?)(?:\.(\d+))?Z$/.exec(iso);
  assert.ok(m !== null, iso);
  return Date.parse(`${m[1]}Z`) * 1000 + Number((m[2] ?? '').padEnd(6, '0').slice(0, 6));
};

/** Daml values (vote results are DsoRules_CloseVoteRequestResult records) and maps keyed by data (ids, parties, names) hold no field names of the specs. */
const DATA_FIELDS = new Set(['dso_rules_vote_results', 'create_arguments', 'payload', 'choice_argument', 'exercise_result', 'createArgument', 'choiceArgument', 'exerciseResult', 'context']);
const MAP_FIELDS = new Set(['events_by_id', 'open_mining_rounds', 'issuing_mining_rounds', 'transfer_commands_by_contract_id', 'ports']);

/** Adds the object keys of a served body to `into`, skipping Daml values and the keys of maps keyed by data. */
export const collectKeys = (u: unknown, into: Set<string>): void => {
  if (Array.isArray(u)) return u.forEach((x) => collectKeys(x, into));
  if (typeof u !== 'object' || u === null) return;
  for (const [k, v] of Object.entries(u)) {
    into.add(k);
    if (DATA_FIELDS.has(k)) continue;
    if (MAP_FIELDS.has(k) && typeof v === 'object' && v !== null) Object.values(v).forEach((x) => collectKeys(x, into));
    else collectKeys(v, into);
  }
};
