/**
 * Scan's remaining read routes under `/api/scan`: every operation of scan.yaml that only reads and
 * is not paged (the paged ones and the summary's are elsewhere), answered from the one history.
 * What the history does not model (SV node states, closed rounds, price votes, preapprovals, a
 * migration schedule, an LSU) is answered as a network without any would answer it: empty lists,
 * empty objects, or the spec's 404.
 */
import type { Json } from '../daml.js';
import { empty, isReply, isInt, isObject, json, parseJson, plain, spliceError, spliceMalformed, type Reply, type RequestContext, type Route } from '../http.js';
import { blobFor, sha256Hex } from '../ids.js';
import type { ContractState, HistoryUpdate, Snapshot, TemplateRef } from '../model.js';
import { contractWithState, scanItem, spliceContract, type DamlValueEncoding, type ScanVersion } from '../scanView.js';
import type { NetworkState } from '../state.js';
import { T } from '../templates.js';
import { formatDateTime, formatInstant, formatMicros6, parseMicros } from '../time.js';
import { activeNow, formatTenDigits, holdingsAt, roundActivity, roundAt, ruleContract, transferCommands, validatorFaucets } from '../history/readQueries.js';
import { listScansRoute, migrationInfoRoute } from '../scans/knobs.js';
import { checkLimit, invalidParty, scanHandlers } from './scanRoutes.js';

const BASE = '/api/scan';

const notFound = (): Reply => plain(404, 'The requested resource could not be found.');
const missingQuery = (name: string): Reply => plain(404, `Request is missing required query parameter '${name}'`);
const malformedQuery = (name: string, detail: string): Reply => plain(400, `The query parameter '${name}' was malformed:\n${detail}`);

/** A 64-bit integer query or path parameter as pekko reads it: a number, or the reply to send. */
const intParam = (raw: string, name: string): number | Reply =>
  /^-?\d+$/.test(raw) && Number.isSafeInteger(Number(raw)) ? Number(raw) : malformedQuery(name, `'${raw}' is not a valid 64-bit signed integer value`);

/** A JSON object body, or the reply pekko gives when it is not one. */
const objectBody = (ctx: RequestContext): Record<string, unknown> | Reply => {
  const parsed = parseJson(ctx.body === '' ? '{}' : ctx.body);
  if (parsed === undefined) return spliceMalformed('expected json value got invalid JSON');
  if (!isObject(parsed.value)) return spliceMalformed('Object expected');
  return parsed.value;
};


const encodingParam = (ctx: RequestContext): DamlValueEncoding | Reply => {
  const e = ctx.query.get('daml_value_encoding') ?? 'compact_json';
  return e === 'compact_json' || e === 'protobuf_json' ? e : malformedQuery('daml_value_encoding', `Unknown daml_value_encoding: ${e}`);
};

const lastUpdate = (state: NetworkState): HistoryUpdate => state.history.updates[state.history.updates.length - 1]!;
const hintOf = (state: NetworkState, party: string): string | undefined => [...state.history.partyIds].find(([, id]) => id === party)?.[0];
const svHints = (state: NetworkState): readonly string[] => state.history.config.svs;
const nodeId = (state: NetworkState, kind: 'PAR' | 'SEQ' | 'MED', hint: string): string => `${kind}::${hint}::1220${sha256Hex(state.seed, kind, hint)}`;

/** `MaybeCachedContractWithState`: the state alone when the caller's cached copy is still current. */
const maybeCached = (state: NetworkState, s: ContractState, cachedCid: unknown, cachedDomain: unknown): Json =>
  cachedCid === s.data.contractId && (cachedDomain === undefined || cachedDomain === null || cachedDomain === s.synchronizerId) ? { domain_id: s.synchronizerId } : contractWithState(state.seed, s);

/** `POST /v0/amulet-rules` and its siblings: one rule contract, unless the caller has it cached. */
const rulesLookup =
  (state: NetworkState, template: TemplateRef, prefix: string, responseField: string) =>
  (ctx: RequestContext): Reply => {
    const req = objectBody(ctx);
    if (isReply(req)) return req;
    const cid = req[`cached_${prefix}_contract_id`];
    const domain = req[`cached_${prefix}_domain_id`];
    if (![cid, domain].every((x) => x === undefined || x === null || typeof x === 'string')) return spliceMalformed(`Expected String for 'cached_${prefix}_contract_id' and 'cached_${prefix}_domain_id'`);
    return json(200, { [responseField]: maybeCached(state, ruleContract(state.history, template), cid, domain) });
  };

const dsoInfo = (state: NetworkState) => (): Reply => {
  const h = state.history;
  const { open } = state.roundsNow();
  const svCount = svHints(state).length;
  return json(200, {
    sv_user: `${svHints(state)[0]}-operator`,
    sv_party_id: h.partyIds.get(svHints(state)[0]!)!,
    dso_party_id: h.dso,
    // The DSO's threshold: two thirds of the SVs, rounded up.
    voting_threshold: Math.ceil((2 * svCount) / 3),
    latest_mining_round: contractWithState(state.seed, open[open.length - 1]!),
    amulet_rules: contractWithState(state.seed, ruleContract(h, T.AmuletRules)),
    dso_rules: contractWithState(state.seed, ruleContract(h, T.DsoRules)),
    sv_node_states: [],
    initial_round: String(h.config.initialRound),
  });
};

const openAndIssuingRounds = (state: NetworkState) => (ctx: RequestContext): Reply => {
  const req = objectBody(ctx);
  if (isReply(req)) return req;
  const lists: string[][] = [];
  for (const name of ['cached_open_mining_round_contract_ids', 'cached_issuing_round_contract_ids']) {
    const v = req[name];
    if (v === undefined) return spliceMalformed(`Object is missing required member '${name}'`);
    if (!Array.isArray(v) || !v.every((x): x is string => typeof x === 'string')) return spliceMalformed(`Expected array of strings for '${name}'`);
    lists.push(v);
  }
  const [cachedOpen, cachedIssuing] = [new Set(lists[0]), new Set(lists[1])];
  const { open, issuing } = state.roundsNow();
  const byId = (rounds: ContractState[], cached: ReadonlySet<string>): Json =>
    Object.fromEntries(rounds.map((s) => [s.data.contractId, cached.has(s.data.contractId) ? { domain_id: s.synchronizerId } : contractWithState(state.seed, s)]));
  // One tick (10 minutes), the longest a caller may keep the answer.
  return json(200, { time_to_live_in_microseconds: 600_000_000, open_mining_rounds: byId(open, cachedOpen), issuing_mining_rounds: byId(issuing, cachedIssuing) });
};

const findUpdate = (state: NetworkState, updateId: string): HistoryUpdate | undefined => state.history.updates.find((u) => u.updateId === updateId);

const updateById = (state: NetworkState, version: ScanVersion | 'v0') => (ctx: RequestContext): Reply => {
  const encoding = version === 'v0' ? 'compact_json' : encodingParam(ctx);
  if (isReply(encoding)) return encoding;
  const id = ctx.params['update_id'] ?? '';
  const u = findUpdate(state, id);
  if (u === undefined) return spliceError(404, `Transaction with id ${id} not found`);
  return json(200, scanItem(u, version === 'v2' ? 'v2' : 'v1', encoding));
};

const updateByHash = (state: NetworkState) => (ctx: RequestContext): Reply => {
  const encoding = encodingParam(ctx);
  if (isReply(encoding)) return encoding;
  const hash = ctx.params['hash'] ?? '';
  const u = state.history.updates.find((x) => x.kind === 'transaction' && x.externalTransactionHash === hash);
  if (u === undefined) return spliceError(404, `Update with external transaction hash ${hash} not found`);
  return json(200, scanItem(u, 'v2', encoding));
};

const eventById = (state: NetworkState) => (ctx: RequestContext): Reply => {
  const encoding = encodingParam(ctx);
  if (isReply(encoding)) return encoding;
  const id = ctx.params['update_id'] ?? '';
  const u = findUpdate(state, id);
  if (u === undefined) return spliceError(404, `Event with update id ${id} not found`);
  return json(200, { update: scanItem(u, 'v2', encoding) });
};

/** The snapshot a holdings request names (`exact` by default), or Scan's 404. */
const snapshotFor = (state: NetworkState, m: number, t: string, match: 'exact' | 'at_or_before'): Snapshot | Reply => {
  const micros = parseMicros(t);
  if (micros === undefined) return spliceError(400, `Text '${t}' could not be parsed at index 0`);
  const candidates = state.history.snapshots.filter((s) => s.migrationId === m && s.recordTime <= micros);
  const snapshot = candidates[candidates.length - 1];
  if (snapshot === undefined) return spliceError(404, `No snapshots found before ${t} for migration id ${m}`);
  if (match === 'exact' && snapshot.recordTime !== micros) return spliceError(404, `No snapshot found for migration id ${m} at exactly ${t}; the most recent one before is at ${formatDateTime(snapshot.recordTime)}`);
  return snapshot;
};

const holdingsSummary = (state: NetworkState, version: 'v0' | 'v1') => (ctx: RequestContext): Reply => {
  const req = objectBody(ctx);
  if (isReply(req)) return req;
  for (const name of ['migration_id', 'record_time', 'owner_party_ids']) if (req[name] === undefined) return spliceMalformed(`Object is missing required member '${name}'`);
  const { migration_id: m, record_time: t, owner_party_ids: owners } = req;
  const match = req['record_time_match'] ?? 'exact';
  const asOf = version === 'v0' ? req['as_of_round'] : undefined;
  if (!isInt(m) || typeof t !== 'string' || !Array.isArray(owners) || !owners.every((o): o is string => typeof o === 'string') || !(asOf === undefined || asOf === null || isInt(asOf)))
    return spliceMalformed(`Unexpected field types in HoldingsSummaryRequest${version === 'v1' ? 'V1' : ''}`);
  if (match !== 'exact' && match !== 'at_or_before') return spliceMalformed(`Unknown record_time_match: ${JSON.stringify(match)}`);
  if (owners.length < 1) return spliceError(400, 'owner_party_ids must contain at least 1 party id');
  if (owners.length > 1000) return spliceError(400, `owner_party_ids must contain at most 1000 party ids, got ${owners.length}`);
  for (const o of owners) {
    const bad = invalidParty(o);
    if (bad !== undefined) return bad;
  }
  const snapshot = snapshotFor(state, m, t, match);
  if (isReply(snapshot)) return snapshot;
  const round = typeof asOf === 'number' ? asOf : roundAt(state.history, snapshot.lastIndex);
  const totals = holdingsAt(state.history, snapshot, [...new Set(owners)], round);
  const head = { record_time: formatDateTime(snapshot.recordTime), migration_id: m };
  if (version === 'v1') {
    const summaries = totals.map((x) => ({ party_id: x.partyId, total_unlocked_coin: formatTenDigits(x.unlocked), total_locked_coin: formatTenDigits(0n), total_coin_holdings: formatTenDigits(x.unlocked) }));
    return json(200, { ...head, summaries });
  }
  const summaries = totals.map((x) => ({
    party_id: x.partyId,
    total_unlocked_coin: formatTenDigits(x.unlocked),
    total_locked_coin: formatTenDigits(0n),
    total_coin_holdings: formatTenDigits(x.unlocked),
    accumulated_holding_fees_unlocked: formatTenDigits(x.fees),
    accumulated_holding_fees_locked: formatTenDigits(0n),
    accumulated_holding_fees_total: formatTenDigits(x.fees),
    total_available_coin: formatTenDigits(x.unlocked > x.fees ? x.unlocked - x.fees : 0n),
  }));
  return json(200, { ...head, computed_as_of_round: round, summaries });
};

/** Scan's `AnsEntry` for an entry of the history. */
const ansEntry = (e: { contractId: string; user: string; name: string; url: string; description: string; expiresAt: number }): Json => ({
  contract_id: e.contractId,
  user: e.user,
  name: e.name,
  url: e.url,
  description: e.description,
  expires_at: formatInstant(e.expiresAt),
});

const listAnsEntries = (state: NetworkState) => (ctx: RequestContext): Reply => {
  const raw = ctx.query.get('page_size');
  if (raw === null) return missingQuery('page_size');
  const size = intParam(raw, 'page_size');
  if (isReply(size)) return size;
  const limit = checkLimit(size);
  if (limit !== undefined) return limit;
  const prefix = ctx.query.get('name_prefix') ?? '';
  // Older entries first, as the spec says; the history appends them in creation order.
  const entries = state.history.ansEntries.filter((e) => e.name.startsWith(prefix)).slice(0, size);
  return json(200, { entries: entries.map(ansEntry) });
};

const ansEntryByName = (state: NetworkState) => (ctx: RequestContext): Reply => {
  const name = ctx.params['name'] ?? '';
  const e = state.history.ansEntries.find((x) => x.name === name);
  return e === undefined ? spliceError(404, `No ans entry found for name: ${name}`) : json(200, { entry: ansEntry(e) });
};

const ansEntryByParty = (state: NetworkState) => (ctx: RequestContext): Reply => {
  const p = ctx.params['party'] ?? '';
  const bad = invalidParty(p);
  if (bad !== undefined) return bad;
  const e = state.history.ansEntries.find((x) => x.user === p);
  return e === undefined ? spliceError(404, `No ans entry found for party: ${p}`) : json(200, { entry: ansEntry(e) });
};

const featuredApps = (state: NetworkState) => (): Reply => json(200, { featured_apps: activeNow(state.history, T.FeaturedAppRight).map((s) => spliceContract(state.seed, s.data)) });

const featuredAppsByProvider = (state: NetworkState) => (ctx: RequestContext): Reply => {
  const p = ctx.params['provider_party_id'] ?? '';
  const bad = invalidParty(p);
  if (bad !== undefined) return bad;
  const rights = activeNow(state.history, T.FeaturedAppRight).filter((s) => s.data.observers.includes(p));
  return json(200, { featured_apps: rights.map((s) => spliceContract(state.seed, s.data)) });
};

const featuredAppByContractId = (state: NetworkState) => (ctx: RequestContext): Reply => {
  const cid = ctx.params['contract_id'] ?? '';
  const right = activeNow(state.history, T.FeaturedAppRight).find((s) => s.data.contractId === cid);
  return json(200, { featured_app_right: right === undefined ? null : spliceContract(state.seed, right.data) });
};

const voteRequest = (state: NetworkState) => (ctx: RequestContext): Reply => {
  const cid = ctx.params['vote_request_contract_id'] ?? '';
  const found = state.history.activeVoteRequests().find((s) => s.data.contractId === cid);
  return found === undefined ? spliceError(404, `No VoteRequest found for contract id ${cid}`) : json(200, { dso_rules_vote_request: spliceContract(state.seed, found.data) });
};

const transferCommandStatus = (state: NetworkState) => (ctx: RequestContext): Reply => {
  const sender = ctx.query.get('sender');
  if (sender === null) return missingQuery('sender');
  const rawNonce = ctx.query.get('nonce');
  if (rawNonce === null) return missingQuery('nonce');
  const nonce = intParam(rawNonce, 'nonce');
  if (isReply(nonce)) return nonce;
  const command = transferCommands(state.history).find((c) => c.sender === sender && c.nonce === nonce);
  if (command === undefined) return spliceError(404, `Couldn't find transfer command for sender ${sender} and nonce ${nonce}`);
  const u = command.update;
  const contractId = `00${sha256Hex(state.seed, 'transfer-command', u.index)}ca111220${sha256Hex(state.seed, 'transfer-command-suffix', u.index)}`;
  const at = u.kind === 'transaction' ? u.effectiveAt : u.recordTime;
  const contract: Json = {
    template_id: `${T.ExternalPartyAmuletRules.packageId}:Splice.ExternalPartyAmuletRules:TransferCommand`,
    contract_id: contractId,
    payload: { dso: state.history.dso, sender, receiver: command.receiver, delegate: command.delegate, amount: command.amount, expiresAt: formatMicros6(at + 86_400_000_000), nonce: String(nonce), description: null },
    created_event_blob: blobFor(state.seed, contractId),
    created_at: formatInstant(at),
  };
  // The history completes every transfer command in the transaction that creates it.
  return json(200, { transfer_commands_by_contract_id: { [contractId]: { contract, status: { status: 'sent' } } } });
};

const transferPreapproval = () => (ctx: RequestContext): Reply => {
  const p = ctx.params['party'] ?? '';
  const bad = invalidParty(p);
  if (bad !== undefined) return bad;
  return spliceError(404, `No TransferPreapproval found for party: ${p}`);
};

/** Participants: participant-1 hosts the network's hosted parties, each SV and validator runs one, the DSO is on every SV's. */
const participantsOf = (state: NetworkState, party: string): string[] => {
  if (party === state.history.dso) return svHints(state).map((h) => nodeId(state, 'PAR', h));
  if (state.ledger.hosted.has(party)) return [state.ledger.participantId];
  const hint = hintOf(state, party);
  if (hint === undefined) return [];
  if (svHints(state).includes(hint) || state.history.config.validators.includes(hint)) return [nodeId(state, 'PAR', hint)];
  // Users and external parties not on participant-1 are on the last validator's node.
  return [nodeId(state, 'PAR', state.history.config.validators[state.history.config.validators.length - 1]!)];
};

const knownDomain = (state: NetworkState, domain: string): Reply | undefined =>
  domain === state.history.globalSynchronizer ? undefined : spliceError(404, `Synchronizer ${domain} is not the global synchronizer ${state.history.globalSynchronizer}`);

const partyToParticipant = (state: NetworkState, version: 'v0' | 'v1') => (ctx: RequestContext): Reply => {
  const domain = knownDomain(state, ctx.params['domain_id'] ?? '');
  if (domain !== undefined) return domain;
  const p = ctx.params['party_id'] ?? '';
  const bad = invalidParty(p);
  if (bad !== undefined) return bad;
  const ids = participantsOf(state, p);
  if (ids.length === 0) return spliceError(404, `No participant found hosting party ${p}`);
  return version === 'v0' ? json(200, { participant_id: ids[0]! }) : json(200, { participant_ids: ids });
};

const memberTraffic = (state: NetworkState) => (ctx: RequestContext): Reply => {
  const domain = knownDomain(state, ctx.params['domain_id'] ?? '');
  if (domain !== undefined) return domain;
  const member = ctx.params['member_id'] ?? '';
  if (!/^(PAR|MED|SEQ)::[^:]+::[^:]+$/.test(member)) return spliceError(400, `Invalid member id ${member}: expected PAR::, MED:: or SEQ:: followed by a unique identifier`);
  // Traffic grows with the history, so that a later answer never shows less consumed.
  const purchased = 10_000_000 + (Number.parseInt(sha256Hex(state.seed, 'traffic', member).slice(0, 6), 16) % 90_000_000);
  const consumed = Math.min(purchased, state.history.updates.length * 2_000);
  return json(200, { traffic_status: { actual: { total_consumed: consumed, total_limit: purchased }, target: { total_purchased: purchased } } });
};

const validatorFaucetsRoute = (state: NetworkState) => (ctx: RequestContext): Reply => {
  const ids = ctx.query.getAll('validator_ids');
  if (ids.length === 0) return missingQuery('validator_ids');
  for (const id of ids) {
    const bad = invalidParty(id);
    if (bad !== undefined) return bad;
  }
  return json(200, { validatorsReceivedFaucets: validatorFaucets(state.history, ids).map((f) => ({ ...f })) });
};

const previousSvRewardWeight = (state: NetworkState) => (ctx: RequestContext): Reply => {
  const req = objectBody(ctx);
  if (isReply(req)) return req;
  const sv = req['svParty'];
  if (sv === undefined) return spliceMalformed("Object is missing required member 'svParty'");
  if (typeof sv !== 'string') return spliceMalformed("Expected String for 'svParty'");
  const hint = hintOf(state, sv);
  // Every simulated SV has the default weight; a party that is no SV has none.
  return json(200, hint !== undefined && svHints(state).includes(hint) ? { rewardWeight: '10000' } : {});
};

type RoundStatus = 'Ok' | 'CannotProvide' | 'Undetermined';
const accountingStatus = (state: NetworkState, n: number): RoundStatus => {
  const { initial, closedThrough } = state.history.rounds();
  return n <= initial ? 'CannotProvide' : n > closedThrough ? 'Undetermined' : 'Ok';
};
const roundParam = (ctx: RequestContext): number | undefined => {
  const raw = ctx.params['round_number'] ?? '';
  return /^-?\d+$/.test(raw) && Number.isSafeInteger(Number(raw)) ? Number(raw) : undefined;
};
/** The batch tree of a round: the root (the root-hash route's) holds one batch of minting allowances per two providers. */
const batchTree = (state: NetworkState, n: number): { root: string; children: Array<{ hash: string; providers: string[] }> } => {
  const providers = [...roundActivity(state.history, n).parties].sort();
  const children: Array<{ hash: string; providers: string[] }> = [];
  for (let i = 0; i < providers.length; i += 2) children.push({ hash: sha256Hex(state.seed, 'reward-batch', n, i / 2), providers: providers.slice(i, i + 2) });
  return { root: sha256Hex(state.seed, 'reward-root', n), children };
};
/** Each provider's allowance in a round: 1.5 CC per tap or transfer it made. */
const allowance = (state: NetworkState, n: number, provider: string): bigint => {
  let count = 0n;
  let round = state.history.config.initialRound;
  for (const u of state.history.updates) {
    if (u.label === 'advance-rounds') round += 1;
    if (round > n) break;
    if (round === n && u.kind === 'transaction' && (u.label === 'transfer' || u.label === 'tap') && u.submitters.includes(provider)) count += 1n;
  }
  return count * 15_000_000_000n;
};

const activityTotals = (state: NetworkState) => (ctx: RequestContext): Reply => {
  const n = roundParam(ctx);
  if (n === undefined) return notFound();
  const status = accountingStatus(state, n);
  if (status !== 'Ok') return json(200, { status });
  const { transfers, parties } = roundActivity(state.history, n);
  const minted = [...parties].reduce((sum, p) => sum + allowance(state, n, p), 0n);
  return json(200, {
    status,
    round_number: n,
    total_app_activity_weight: transfers * 1000,
    active_parties_count: parties.size,
    activity_records_count: transfers,
    total_app_reward_minting_allowance: formatTenDigits(minted),
    total_app_reward_thresholded: formatTenDigits(0n),
    total_app_reward_unclaimed: formatTenDigits(0n),
    rewarded_app_provider_parties_count: parties.size,
  });
};

const accountingBatch = (state: NetworkState) => (ctx: RequestContext): Reply => {
  const n = roundParam(ctx);
  if (n === undefined) return notFound();
  const hash = ctx.params['batch_hash'] ?? '';
  if (accountingStatus(state, n) !== 'Ok') return spliceError(404, `No reward accounting batches for round ${n}`);
  const tree = batchTree(state, n);
  if (hash === tree.root) return json(200, { batch_type: 'BatchOfBatches', child_hashes: tree.children.map((c) => c.hash) });
  const child = tree.children.find((c) => c.hash === hash);
  if (child === undefined) return spliceError(404, `Batch ${hash} not found for round ${n}`);
  return json(200, { batch_type: 'BatchOfMintingAllowances', minting_allowances: child.providers.map((p) => ({ provider: p, amount: formatTenDigits(allowance(state, n, p)) })) });
};

/** Bulk storage: objects exist only when the network is configured with some (option `bulkStorage`). */
const bulkConfigured = (state: NetworkState): Reply | undefined =>
  state.options.bulkChecksums === undefined ? spliceError(state.options.bulkNotConfiguredStatus, 'Bulk storage is not configured') : undefined;

const timeQuery = (ctx: RequestContext, name: string): number | Reply => {
  const raw = ctx.query.get(name);
  if (raw === null) return missingQuery(name);
  const micros = parseMicros(raw);
  return micros === undefined ? malformedQuery(name, `Text '${raw}' could not be parsed at index 0`) : micros;
};

const bulkProgress = (state: NetworkState) => (ctx: RequestContext): Reply => {
  const t = timeQuery(ctx, 'record_time');
  if (isReply(t)) return t;
  const off = bulkConfigured(state);
  if (off !== undefined) return off;
  // The bulk objects are written up to the last snapshot.
  const last = state.history.snapshots[state.history.snapshots.length - 1];
  return json(200, { beyond_requested_record_time: last !== undefined && last.recordTime >= t });
};

const bulkAcs = (state: NetworkState) => (ctx: RequestContext): Reply => {
  const t = timeQuery(ctx, 'at_or_before_record_time');
  if (isReply(t)) return t;
  const off = bulkConfigured(state);
  if (off !== undefined) return off;
  const found = state.history.snapshots.filter((s) => s.recordTime <= t);
  const s = found[found.length - 1];
  if (s === undefined) return spliceError(404, `No snapshots found before ${ctx.query.get('at_or_before_record_time')}`);
  const key = `acs/${s.migrationId}/${formatDateTime(s.recordTime)}`;
  return json(200, { record_time: formatDateTime(s.recordTime), object_refs: [0, 1].map((i) => ({ url: `https://bulk.simulated.invalid/${key}/${i}.zst`, digest: sha256Hex(state.seed, 'bulk', key, i) })) });
};

/** The deprecated participant ACS export: a blob of the party's active contract ids at the latest snapshot at or before `record_time`. */
const acsExport = (state: NetworkState) => (ctx: RequestContext): Reply => {
  const p = ctx.params['party'] ?? '';
  const bad = invalidParty(p);
  if (bad !== undefined) return bad;
  const raw = ctx.query.get('record_time');
  const t = raw === null ? Number.MAX_SAFE_INTEGER : parseMicros(raw);
  if (t === undefined) return malformedQuery('record_time', `Text '${raw}' could not be parsed at index 0`);
  const found = state.history.snapshots.filter((s) => s.recordTime <= t);
  const lastIndex = found[found.length - 1]?.lastIndex ?? state.history.updates.length - 1;
  const cids = state.history
    .activeAt(lastIndex, Object.values(T))
    .filter((s) => s.data.signatories.includes(p) || s.data.observers.includes(p))
    .map((s) => s.data.contractId)
    .sort();
  return json(200, { acs_snapshot: Buffer.from(JSON.stringify({ party: p, contracts: cids }), 'utf8').toString('base64') });
};

const spliceInstanceNames = (state: NetworkState) => (): Reply => {
  const acronym = state.options.ansAcronym;
  return json(200, {
    network_name: 'Simulated Canton Network',
    network_favicon_url: 'https://simulated.invalid/favicon.ico',
    amulet_name: 'Canton Coin',
    amulet_name_acronym: 'CC',
    name_service_name: 'Canton Name Service',
    name_service_name_acronym: acronym.toUpperCase(),
  });
};

const healthStatus = (state: NetworkState) => (): Reply => {
  const h = state.history;
  const seconds = Math.floor((lastUpdate(state).recordTime - h.config.genesisMicros) / 1_000_000);
  return json(200, { success: { id: nodeId(state, 'PAR', svHints(state)[0]!), uptime: `${seconds}s`, ports: {}, active: state.live } });
};

const sequencers = (state: NetworkState) => (): Reply =>
  json(200, {
    domainSequencers: [
      {
        domainId: state.history.globalSynchronizer,
        sequencers: svHints(state).map((hint) => ({
          migrationId: lastUpdate(state).migrationId,
          id: nodeId(state, 'SEQ', hint),
          url: `https://sequencer.${hint}.simulated.invalid`,
          svName: hint,
          availableAfter: formatMicros6(state.history.config.genesisMicros),
        })),
      },
    ],
  });

const bftSequencers = (state: NetworkState) => (): Reply =>
  json(200, { bftSequencers: svHints(state).map((hint) => ({ serialId: 0, id: nodeId(state, 'SEQ', hint), p2pUrl: `https://sequencer-p2p.${hint}.simulated.invalid` })) });

/** The rounds open now, on the network's clock: also served by every Scan of `startSimulatedScans`. */
export const scanRoundRoutes = (state: NetworkState): Route[] => [
  { method: 'POST', template: `${BASE}/v0/open-and-issuing-mining-rounds`, group: 'scan', handler: openAndIssuingRounds(state) },
];

/**
 * Scan's read routes; `origin` gives the network's own address once it listens (for `/v0/scans`,
 * which lists this Scan as sv-1's).
 */
export const scanReadRoutes = (state: NetworkState, origin: () => string): Route[] => {
  const r = (method: 'GET' | 'POST', path: string, handler: Route['handler']): Route => ({ method, template: `${BASE}${path}`, group: 'scan', handler });
  const constant = (body: Json) => (): Reply => json(200, body);
  return [
    r('GET', '/status', healthStatus(state)),
    r('GET', '/version', constant({ version: '0.4.20', commit_ts: '2025-06-01T00:00:00Z' })),
    r('GET', '/v0/feature-support', constant({})),
    r('GET', '/v0/dso', dsoInfo(state)),
    r('POST', '/v0/amulet-rules', rulesLookup(state, T.AmuletRules, 'amulet_rules', 'amulet_rules_update')),
    r('POST', '/v0/ans-rules', rulesLookup(state, T.AnsRules, 'ans_rules', 'ans_rules_update')),
    r('POST', '/v0/external-party-amulet-rules', rulesLookup(state, T.ExternalPartyAmuletRules, 'external_party_amulet_rules', 'external_party_amulet_rules_update')),
    ...scanRoundRoutes(state),
    r('GET', '/v0/closed-rounds', constant({ rounds: [] })),
    r('GET', '/v0/amulet-price/votes', constant({ amulet_price_votes: [] })),
    r('GET', '/v0/unclaimed-development-fund-coupons', constant({ 'unclaimed-development-fund-coupons': [] })),
    // The deprecated v0 history: v1's items (nobody pages it with a stream; it is served for completeness).
    r('POST', '/v0/updates', scanHandlers.updates(state, 'v1')),
    r('GET', '/v0/updates/{update_id}', updateById(state, 'v0')),
    r('GET', '/v1/updates/{update_id}', updateById(state, 'v1')),
    r('GET', '/v2/updates/{update_id}', updateById(state, 'v2')),
    r('GET', '/v2/updates/hash/{hash}', updateByHash(state)),
    r('GET', '/v0/events/{update_id}', eventById(state)),
    r('GET', '/v0/events/latest-record-time', () => json(200, { record_time: formatMicros6(lastUpdate(state).recordTime) })),
    r('POST', '/v0/holdings/summary', holdingsSummary(state, 'v0')),
    r('POST', '/v1/holdings/summary', holdingsSummary(state, 'v1')),
    r('GET', '/v0/acs/{party}', acsExport(state)),
    r('GET', '/v0/ans-entries', listAnsEntries(state)),
    r('GET', '/v0/ans-entries/by-name/{name}', ansEntryByName(state)),
    r('GET', '/v0/ans-entries/by-party/{party}', ansEntryByParty(state)),
    r('GET', '/v0/featured-apps', featuredApps(state)),
    r('GET', '/v0/featured-apps/by-provider/{provider_party_id}', featuredAppsByProvider(state)),
    r('GET', '/v0/featured-apps/by-contract-id/{contract_id}', featuredAppByContractId(state)),
    r('GET', '/v0/voterequests/{vote_request_contract_id}', voteRequest(state)),
    r('GET', '/v0/transfer-command/status', transferCommandStatus(state)),
    r('GET', '/v0/transfer-preapprovals/by-party/{party}', transferPreapproval()),
    r('GET', '/v0/domains/{domain_id}/parties/{party_id}/participant-id', partyToParticipant(state, 'v0')),
    r('GET', '/v1/domains/{domain_id}/parties/{party_id}/participant-id', partyToParticipant(state, 'v1')),
    r('GET', '/v0/domains/{domain_id}/members/{member_id}/traffic-status', memberTraffic(state)),
    r('GET', '/v0/validators/validator-faucets', validatorFaucetsRoute(state)),
    r('POST', '/v0/admin/sv/previous-sv-reward-weight', previousSvRewardWeight(state)),
    r('GET', '/v0/internal/reward-accounting-process/rounds/earliest-available', () => json(200, { earliest_round: state.history.config.initialRound + 1 })),
    r('GET', '/v0/internal/reward-accounting-process/rounds/{round_number}/activity-totals', activityTotals(state)),
    r('GET', '/v0/internal/reward-accounting-process/rounds/{round_number}/batches/{batch_hash}', accountingBatch(state)),
    r('GET', '/v0/history/bulk/progress', bulkProgress(state)),
    r('GET', '/v0/history/bulk/acs', bulkAcs(state)),
    r('GET', '/v0/migrations/last', () => json(200, { migration_id: lastUpdate(state).migrationId })),
    // Nothing is scheduled: Scan's 404.
    // Splice answers "no migration scheduled" as the spec declares it: 404 without a body.
    r('GET', '/v0/migrations/schedule', () => empty(404)),
    r('GET', '/v0/backfilling/status', constant({ complete: true })),
    r('GET', '/v0/active-synchronizer-serial', constant({ serial: 0 })),
    r('GET', '/v0/lsu', constant({})),
    r('GET', '/v0/roll-forward-lsu', constant({})),
    r('GET', '/v0/splice-instance-names', spliceInstanceNames(state)),
    r('GET', '/v0/dso-sequencers', sequencers(state)),
    r('GET', '/v0/sv-bft-sequencers', bftSequencers(state)),
    listScansRoute(() => state.history.globalSynchronizer, () => [{ publicUrl: origin(), svName: svHints(state)[0]! }], []),
    migrationInfoRoute(() => state.history),
  ];
};

/** Shared with the validator's scan-proxy twins. */
export const scanReadHandlers = {
  rulesLookup,
  dsoInfo,
  holdingsSummary,
  listAnsEntries,
  ansEntryByName,
  ansEntryByParty,
  transferCommandStatus,
  transferPreapproval,
};
