/**
 * The simulated network answers as the real servers do where official clients and validators of
 * the upstream specs found it differ (issue 20, section 5). Payload shapes are compared with
 * MainNet's (test/fixtures/scan: the bootstrap page of MainNet and a page of December 2025).
 */
import assert from 'node:assert/strict';
import { mintToken, startSimulatedNetwork, type SimulatedNetwork } from '../../src/testkit/index.js';
import { readFixture } from '../helpers/fixtures.js';
import { arr, formatFor, get, obj, post, scanHistory, type Obj } from './helpers.js';

const entity = (e: Obj): string => String(e['template_id']).split(':').slice(1).join(':');
const eventsOf = (items: readonly Obj[]): Obj[] => items.flatMap((i) => Object.values(obj(i['events_by_id'] ?? {})).map(obj));
const created = (items: readonly Obj[], name: string): Obj[] => eventsOf(items).filter((e) => e['event_type'] === 'created_event' && entity(e) === name).map((e) => obj(e['create_arguments']));
const exercised = (items: readonly Obj[], choice: string): Obj[] => eventsOf(items).filter((e) => e['event_type'] === 'exercised_event' && e['choice'] === choice);
const keys = (o: unknown): string[] => Object.keys(obj(o)).sort();

/** MainNet's transactions: its bootstrap (rules, first rounds) and a later page (transfers, round advances). */
const mainnet: Obj[] = ['v2-updates__syed-bcw-canton-scan-tool__1.json', 'v2-updates__JosefinHao-canton__1.json'].flatMap((f) => arr(obj(readFixture('scan', f))['transactions']).map(obj));

describe('testkit: fidelity to the real servers', function () {
  this.timeout(60_000);
  let net: SimulatedNetwork;
  let items: Obj[];
  before(async () => {
    net = await startSimulatedNetwork({ seed: 'fidelity', updates: 300 });
    items = (await scanHistory(net, 'v2')).items;
  });
  after(() => net?.close());

  it('ledger GET /readyz answers 200 text/plain, as the spec and a participant do; /livez stays empty', async () => {
    const ready = await fetch(`${net.ledgerUrl}/readyz`);
    assert.equal(ready.status, 200);
    assert.match(ready.headers.get('content-type') ?? '', /^text\/plain/);
    assert.notEqual(await ready.text(), '');
    const live = await fetch(`${net.ledgerUrl}/livez`);
    assert.equal(live.status, 200);
    assert.equal(await live.text(), '');
  });

  it('Scan GET /v0/migrations/schedule with none scheduled: 404 without a body, as Splice answers', async () => {
    const res = await fetch(`${net.scanUrl}/v0/migrations/schedule`);
    assert.equal(res.status, 404);
    assert.equal(res.headers.get('content-type'), null);
    assert.equal(await res.text(), '');
  });

  it('AmuletRules.configSchedule.initialValue is an AmuletConfig with the fields of MainNet, the global synchronizer in it', () => {
    const [rules] = created(items, 'Splice.AmuletRules:AmuletRules');
    const [real] = created(mainnet, 'Splice.AmuletRules:AmuletRules');
    const config = obj(obj(rules!['configSchedule'])['initialValue']);
    const realConfig = obj(obj(real!['configSchedule'])['initialValue']);
    assert.deepEqual(keys(config), keys(realConfig));
    for (const part of ['transferConfig', 'issuanceCurve', 'decentralizedSynchronizer', 'tickDuration', 'packageConfig']) assert.deepEqual(keys(config[part]), keys(realConfig[part]), part);
    const synchronizer = obj(config['decentralizedSynchronizer']);
    const global = items[0]!['synchronizer_id'];
    assert.equal(synchronizer['activeSynchronizer'], global);
    assert.deepEqual(obj(synchronizer['requiredSynchronizers'])['map'], [[global, {}]]);
  });

  it('DsoRules, OpenMiningRound and their parts carry the fields of MainNet', () => {
    const [dsoRules] = created(items, 'Splice.DsoRules:DsoRules');
    const [realDso] = created(mainnet, 'Splice.DsoRules:DsoRules');
    assert.deepEqual(keys(dsoRules), keys(realDso));
    assert.deepEqual(keys(dsoRules!['config']), keys(realDso!['config']));
    // Maps keyed by party are pairs in compact JSON, as MainNet prints them.
    const svs = arr(dsoRules!['svs']);
    assert.ok(svs.length > 0 && svs.every((pair) => Array.isArray(pair) && pair.length === 2));
    assert.deepEqual(keys(arr(svs[0])[1]), keys(arr(arr(realDso!['svs'])[0])[1]));
    const rounds = created(items, 'Splice.Round:OpenMiningRound');
    const [realRound] = created(mainnet, 'Splice.Round:OpenMiningRound');
    assert.ok(rounds.length > 3);
    for (const round of rounds) {
      assert.deepEqual(keys(round), keys(realRound));
      assert.deepEqual(keys(round['issuanceConfig']), keys(realRound!['issuanceConfig']));
    }
  });

  it('AmuletRules_Transfer answers the summary MainNet answers, and the rounds advance with openRoundCid', () => {
    const [realTransfer] = exercised(mainnet, 'AmuletRules_Transfer');
    const transfers = exercised(items, 'AmuletRules_Transfer');
    assert.ok(transfers.length > 10);
    for (const t of transfers) {
      assert.deepEqual(keys(t['exercise_result']), keys(realTransfer!['exercise_result']));
      assert.deepEqual(keys(obj(t['exercise_result'])['summary']), keys(obj(realTransfer!['exercise_result'])['summary']));
    }
    const [realAdvance] = exercised(mainnet, 'AmuletRules_AdvanceOpenMiningRounds');
    const advances = exercised(items, 'AmuletRules_AdvanceOpenMiningRounds');
    assert.ok(advances.length > 3);
    for (const a of advances) assert.deepEqual(keys(a['exercise_result']), keys(realAdvance!['exercise_result']));
  });

  it('two of the three open mining rounds are open at any time: after every update, and at the end of histories of any length', async () => {
    const micros = (iso: unknown): number => Date.parse(String(iso)) * 1000 + Number(/\.\d{3}(\d{3})Z$/.exec(String(iso))?.[1] ?? 0);
    // Replays the history: the open rounds after each update, each with when it opens.
    const open = new Map<string, number>();
    let migration: unknown;
    for (const item of items) {
      // A migration's first update comes minutes after the last of the one before: the rounds
      // could not advance while the synchronizer was down (on MainNet neither), they do next.
      const first = item['migration_id'] !== migration;
      migration = item['migration_id'];
      for (const e of eventsOf([item])) {
        if (e['event_type'] === 'created_event' && entity(e) === 'Splice.Round:OpenMiningRound') open.set(String(e['contract_id']), micros(obj(e['create_arguments'])['opensAt']));
        if (e['event_type'] === 'exercised_event' && e['consuming'] === true) open.delete(String(e['contract_id']));
      }
      const at = micros(item['record_time']);
      assert.equal(open.size, 3, String(item['record_time']));
      if (!first) assert.equal([...open.values()].filter((opensAt) => opensAt <= at).length, 2, `at ${String(item['record_time'])}: ${JSON.stringify([...open.values()])}`);
    }
    for (const updates of [17, 60, 143]) {
      // A clock that reads before the history's end: the rounds served are the history's own (test/testkit/miningRoundsClock.spec.ts: the rounds on the clock).
      const small = await startSimulatedNetwork({ seed: `rounds-${updates}`, updates, clock: { fixed: '2025-06-01T00:00:00Z' } });
      try {
        const last = (await scanHistory(small, 'v2')).items.at(-1)!;
        const res = await fetch(`${small.scanUrl}/v0/open-and-issuing-mining-rounds`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ cached_open_mining_round_contract_ids: [], cached_issuing_round_contract_ids: [] }) });
        const rounds = obj(await res.json());
        const opensAt = Object.values(obj(rounds['open_mining_rounds'])).map((c) => micros(obj(obj(obj(c)['contract'])['payload'])['opensAt']));
        assert.equal(opensAt.filter((t) => t <= micros(last['record_time'])).length, 2, `${updates} updates`);
      } finally {
        await small.close();
      }
    }
  });

  it('lookupTransferCommandCounterByParty with a malformed party answers 400, as docs/testkit.md says', async () => {
    const res = await get(`${net.scanUrl}/v0/transfer-command-counter/${encodeURIComponent('alice bob::1220 ab')}`);
    assert.equal(res.status, 400);
    assert.match(String(obj(res.json())['error']), /alice bob::1220 ab/);
    assert.equal((await get(`${net.scanUrl}/v0/transfer-command-counter/${encodeURIComponent('nobody::1220ab')}`)).status, 404);
  });
});

describe('testkit: rights from the participant user store', function () {
  this.timeout(60_000);
  let net: SimulatedNetwork;
  before(async () => (net = await startSimulatedNetwork({ seed: 'rights', updates: 40, requireAuth: true, users: [{ userId: 'ops', token: 'ops-token', admin: true }] })));
  after(() => net?.close());

  it('a user created and granted through the user management API gets its rights with a token carrying only its sub; revoked, it loses them', async () => {
    const alice = net.party('alice');
    const page = (token: string) => post(`${net.ledgerUrl}/v2/updates/get-updates-page`, { updateFormat: formatFor(alice), maxPageSize: 5 }, token);
    const app = mintToken({ userId: 'app' });
    assert.equal((await page(app)).status, 403);
    const admin = (method: string, path: string, body: unknown) =>
      fetch(`${net.ledgerUrl}${path}`, { method, headers: { 'content-type': 'application/json', authorization: 'Bearer ops-token' }, body: JSON.stringify(body) });
    const made = await admin('POST', '/v2/users', { user: { id: 'app', primaryParty: '', isDeactivated: false, identityProviderId: '' }, rights: [{ kind: { CanReadAs: { value: { party: alice } } } }] });
    assert.equal(made.status, 200, await made.text());
    assert.equal((await page(app)).status, 200);
    // ParticipantAdmin granted later: the idp route lets it in (404 for an unknown idp, not 403).
    const idp = () => get(`${net.ledgerUrl}/v2/idps/none`, app);
    assert.equal((await idp()).status, 403);
    const granted = await admin('POST', '/v2/users/app/rights', { userId: 'app', rights: [{ kind: { ParticipantAdmin: { value: {} } } }], identityProviderId: '' });
    assert.equal(granted.status, 200, await granted.text());
    assert.equal((await idp()).status, 404);
    const revoked = await admin('PATCH', '/v2/users/app/rights', { userId: 'app', rights: [{ kind: { CanReadAs: { value: { party: alice } } } }], identityProviderId: '' });
    assert.equal(revoked.status, 200, await revoked.text());
    assert.equal((await page(app)).status, 403);
  });
});
