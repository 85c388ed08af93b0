import assert from 'node:assert/strict';
import { lastValueFrom, type Observable } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import { createClient, operationIndex, type CantonError, type Fetch, type OperationIndexEntry } from '../../src/index';
import { mintToken, startSimulatedNetwork, type SimulatedNetwork } from '../../src/testkit/index.js';
import { upstreamFacts } from '../helpers/upstream.js';
import { collectKeys, obj, scanHistory, type Obj } from './helpers.js';

type Group = 'scan' | 'validator';
type Client = ReturnType<typeof createClient>;
type Call = (...args: unknown[]) => Observable<E.Either<CantonError, unknown>>;

/** Operations the simulated network does not answer as reads here, each with its reason. */
const NOT_READS: Readonly<Record<string, string>> = {
  'scan.forceAcsSnapshotNow': 'a write: it makes Scan take a snapshot (admin only)',
  'validator.createAnsEntry': 'a write: it creates an ANS entry request (used below to make the entry the lookups find)',
};

/** Reads whose sensible argument names something the history does not have: Scan's documented 404. */
const NOT_FOUND: Readonly<Record<string, string>> = {
  'scan.getMigrationSchedule': 'no migration is scheduled',
  'scan.lookupTransferPreapprovalByParty': 'the history has no transfer preapprovals',
  'validator.lookupTransferPreapprovalByParty': 'the history has no transfer preapprovals',
};

interface Facts {
  readonly net: SimulatedNetwork;
  readonly items: readonly Obj[];
  readonly alice: string;
  readonly ansName: string;
  readonly ansCid: string;
  readonly snapshot: { migrationId: number; recordTime: string };
  readonly updateId: string;
  readonly externalHash: string;
  readonly featured: { contractId: string; provider: string };
  readonly voteRequest: string;
  readonly transferCommand: { sender: string; nonce: number };
  readonly accountingRound: number;
  readonly globalSynchronizer: string;
  readonly scan: Client['scan'];
}

const createdEvents = (items: readonly Obj[]): Obj[] => items.flatMap((i) => Object.values(obj(i['events_by_id'] ?? {})).map(obj)).filter((e) => e['event_type'] === 'created_event');
const exercisedEvents = (items: readonly Obj[]): Obj[] => items.flatMap((i) => Object.values(obj(i['events_by_id'] ?? {})).map(obj)).filter((e) => e['event_type'] === 'exercised_event');
const entity = (e: Obj): string => String(e['template_id']).split(':').slice(1).join(':');

/** The argument list of each read, from the history; reads not listed take their `example`. */
const ARGS: Readonly<Record<string, (f: Facts) => unknown[] | Promise<unknown[]>>> = {
  'scan.getAcsSnapshot': (f) => [f.alice, {}],
  'scan.bulkStorageDownload': () => ['updates/0/0.zst'],
  // One page of each paged read (the streams' tests walk them whole).
  'scan.getAcsSnapshotAtV2': (f) => [{ migration_id: f.snapshot.migrationId, record_time: f.snapshot.recordTime, page_size: 10 }],
  'scan.getHoldingsStateAtV2': (f) => [{ migration_id: f.snapshot.migrationId, record_time: f.snapshot.recordTime, page_size: 10, owner_party_ids: [f.alice] }],
  'scan.getUpdatesBefore': (f) => [{ migration_id: f.snapshot.migrationId, synchronizer_id: f.globalSynchronizer, before: f.snapshot.recordTime, count: 10 }],
  'scan.getImportUpdates': (f) => [{ migration_id: f.snapshot.migrationId, after_update_id: '', limit: 10 }],
  'scan.listVoteRequestResults': () => [{ limit: 5 }],
  'scan.listBulkUpdateHistoryObjects': () => [{ start_record_time: '2000-01-01T00:00:00Z', end_record_time: '2999-01-01T00:00:00Z', page_size: 5 }],
  'scan.getDateOfMostRecentSnapshotBefore': (f) => [{ before: '2999-01-01T00:00:00Z', migration_id: f.snapshot.migrationId }],
  'scan.getDateOfFirstSnapshotAfter': (f) => [{ after: '2000-01-01T00:00:00Z', migration_id: f.snapshot.migrationId }],
  'scan.getEventById': (f) => [f.updateId, {}],
  'scan.getUpdateById': (f) => [f.updateId, {}],
  'scan.getUpdateByIdV1': (f) => [f.updateId, {}],
  'scan.getUpdateByIdV2': (f) => [f.updateId, {}],
  'scan.getUpdateByHash': (f) => [f.externalHash, {}],
  'scan.getHoldingsSummaryAt': (f) => [{ migration_id: f.snapshot.migrationId, record_time: f.snapshot.recordTime, owner_party_ids: [f.alice] }],
  'scan.getHoldingsSummaryAtV1': (f) => [{ migration_id: f.snapshot.migrationId, record_time: f.snapshot.recordTime, owner_party_ids: [f.alice] }],
  'scan.getMemberTrafficStatus': (f) => [f.globalSynchronizer, 'PAR::participant-1::1220aa'],
  'scan.getMigrationInfo': (f) => [{ migration_id: f.snapshot.migrationId }],
  'scan.getPartyToParticipant': (f) => [f.globalSynchronizer, f.alice],
  'scan.getPartyToParticipantV1': (f) => [f.globalSynchronizer, f.net.dsoParty],
  'scan.getPreviousSvRewardWeight': (f) => [{ svParty: f.net.party('sv-1') }],
  'scan.getRewardAccountingActivityTotals': (f) => [f.accountingRound],
  'scan.getRewardAccountingRootHash': (f) => [f.accountingRound],
  'scan.getRewardAccountingBatch': async (f) => {
    const root = await lastValueFrom(f.scan.getRewardAccountingRootHash(f.accountingRound));
    assert.ok(E.isRight(root) && 'root_hash' in root.right, JSON.stringify(root));
    return [f.accountingRound, (root.right as { root_hash: string }).root_hash];
  },
  'scan.getValidatorFaucetsByValidator': (f) => [{ validator_ids: [f.net.party('validator-1')] }],
  'scan.listAnsEntries': () => [{ page_size: 10 }],
  'scan.listBulkAcsSnapshotObjects': (f) => [{ at_or_before_record_time: f.snapshot.recordTime }],
  'scan.getBulkObjectsProgress': (f) => [{ record_time: f.snapshot.recordTime }],
  'scan.listFeaturedAppRightsByProvider': (f) => [f.featured.provider],
  'scan.lookupAnsEntryByName': (f) => [f.ansName],
  'scan.lookupAnsEntryByParty': (f) => [f.alice],
  'scan.lookupDsoRulesVoteRequest': (f) => [f.voteRequest],
  'scan.lookupFeaturedAppRight': (f) => [f.featured.provider],
  'scan.lookupFeaturedAppRightByContractId': (f) => [f.featured.contractId],
  'scan.lookupTransferCommandCounterByParty': (f) => [f.transferCommand.sender],
  'scan.lookupTransferCommandStatus': (f) => [f.transferCommand],
  'scan.lookupTransferPreapprovalByParty': (f) => [f.alice],
  'validator.getHoldingsSummaryAt': (f) => [{ migration_id: f.snapshot.migrationId, record_time: f.snapshot.recordTime, owner_party_ids: [f.alice] }],
  'validator.getHoldingsSummaryAtV1': (f) => [{ migration_id: f.snapshot.migrationId, record_time: f.snapshot.recordTime, owner_party_ids: [f.alice] }],
  'validator.listScanProxyAnsEntries': () => [{ page_size: 10 }],
  'validator.lookupAnsEntryByName': (f) => [f.ansName],
  'validator.lookupAnsEntryByParty': (f) => [f.alice],
  'validator.lookupFeaturedAppRight': (f) => [f.featured.provider],
  'validator.lookupTransferCommandCounterByParty': (f) => [f.transferCommand.sender],
  'validator.lookupTransferCommandStatus': (f) => [f.transferCommand],
  'validator.lookupTransferPreapprovalByParty': (f) => [f.alice],
};

/**
 * Every read of the Scan and validator groups of `operationIndex`, called through the client
 * against the simulated network: a Right decoded by the group's codec, or the documented 404.
 * Paged operations have their own streams and tests (and another route file); the writes are listed.
 */
describe('testkit: the simulated network serves every Scan and validator read', function () {
  this.timeout(60_000);
  let facts: Facts;
  let client: Client;
  /** Every JSON body the reads got, for the field-name check at the end. */
  const bodies: unknown[] = [];
  const recording: Fetch = async (input, init) => {
    const res = await globalThis.fetch(input, init);
    if ((res.headers.get('content-type') ?? '').includes('json')) bodies.push(await res.clone().json());
    return res;
  };

  before(async () => {
    const net = await startSimulatedNetwork({ seed: 17, updates: 400, snapshotEvery: 50, bulkStorage: { checksums: { 'updates/0/0.zst': 'abc' }, objects: { 'updates/0/0.zst': Uint8Array.of(0x28, 0xb5, 0x2f, 0xfd) } } });
    const alice = net.party('alice');
    client = createClient({ scan: { url: net.scanUrl }, validator: { url: net.validatorUrl, token: mintToken({ userId: 'alice', actAs: [alice] }) }, fetch: recording });
    const ansName = 'reads.unverified.cns';
    const created = await lastValueFrom(client.validator.createAnsEntry({ name: ansName, url: 'https://reads.example.com', description: 'every read' }));
    assert.ok(E.isRight(created), JSON.stringify(created));
    const entry = net.acceptSubscription(created.right.subscriptionRequestCid);
    const { items } = await scanHistory(net, 'v2', 1000);
    const info = net.info();
    const snap = info.snapshots[1]!;
    const featuredCreate = createdEvents(items).find((e) => entity(e) === 'Splice.Amulet:FeaturedAppRight');
    const transferCommand = exercisedEvents(items).find((e) => e['choice'] === 'ExternalPartyAmuletRules_CreateTransferCommand');
    const votes = await lastValueFrom(client.scan.listDsoRulesVoteRequests());
    assert.ok(featuredCreate !== undefined && transferCommand !== undefined && E.isRight(votes) && votes.right.dso_rules_vote_requests.length > 0, 'the history has a featured app, a transfer command and an open vote');
    const hashed = items.find((i) => typeof i['external_transaction_hash'] === 'string');
    assert.ok(hashed !== undefined);
    const arg = obj(transferCommand['choice_argument']);
    assert.ok(info.rounds.closedThrough > info.rounds.initial, JSON.stringify(info.rounds));
    facts = {
      net,
      items,
      alice,
      ansName,
      ansCid: entry.entryCid,
      snapshot: { migrationId: snap.migrationId, recordTime: snap.recordTime },
      updateId: String(items[7]!['update_id']),
      externalHash: String(hashed['external_transaction_hash']),
      featured: { contractId: String(featuredCreate['contract_id']), provider: String(obj(obj(featuredCreate['create_arguments']))['provider']) },
      voteRequest: votes.right.dso_rules_vote_requests[0]!.contract_id,
      transferCommand: { sender: String(arg['sender']), nonce: Number(arg['nonce']) },
      accountingRound: info.rounds.closedThrough,
      globalSynchronizer: String(items.find((i) => typeof i['synchronizer_id'] === 'string')!['synchronizer_id']),
      scan: client.scan,
    };
  });
  after(() => facts?.net.close());

  const reads = operationIndex.filter((e): e is OperationIndexEntry & { group: Group } => e.group === 'scan' || e.group === 'validator');

  it('the index has the 76 Scan and 17 validator operations this test walks', () => {
    assert.equal(reads.filter((e) => e.group === 'scan').length, 76);
    assert.equal(reads.filter((e) => e.group === 'validator').length, 17);
    for (const key of [...Object.keys(ARGS), ...Object.keys(NOT_READS), ...Object.keys(NOT_FOUND)])
      assert.ok(
        reads.some((e) => `${e.group}.${e.method}` === key),
        `${key} is not an operation`,
      );
  });

  for (const entry of reads) {
    const key = `${entry.group}.${entry.method}`;
    if (NOT_READS[key] !== undefined) {
      it.skip(`${key}: ${NOT_READS[key]}`);
      continue;
    }
    const missing = NOT_FOUND[key];
    it(`${key} (${entry.httpMethod} ${entry.path})${missing === undefined ? '' : `: 404, ${missing}`}`, async () => {
      const args = ARGS[key] === undefined ? [...entry.example] : await ARGS[key]!(facts);
      const method = (client[entry.group] as unknown as Record<string, Call>)[entry.method];
      assert.equal(typeof method, 'function');
      const result = await lastValueFrom(method!(...args));
      if (missing !== undefined) {
        // Scan's 404 body (`{"error"}`), or none where the spec declares none (the migration schedule).
        const body = key === 'scan.getMigrationSchedule' ? 'Empty' : 'SimpleError';
        assert.ok(E.isLeft(result) && result.left._tag === 'HttpError' && result.left.status === 404 && result.left.body._tag === body, JSON.stringify(result));
        return;
      }
      assert.ok(E.isRight(result), JSON.stringify(result).slice(0, 1500));
    });
    if (ARGS[key] !== undefined)
      it(`${key} with the index's example: a Right or Scan's 400/404 body`, async () => {
        const method = (client[entry.group] as unknown as Record<string, Call>)[entry.method]!;
        const result = await lastValueFrom(method(...entry.example));
        if (E.isRight(result)) return;
        // 404 for something unknown, 400 for an argument Scan cannot parse (pekko's text for a
        // malformed parameter); never an unknown route, a 5xx or a body that does not decode.
        const e = result.left;
        assert.ok(
          e._tag === 'HttpError' && ((e.status === 404 && e.body._tag === 'SimpleError') || (e.status === 400 && (e.body._tag === 'SimpleError' || e.body._tag === 'Text'))),
          JSON.stringify(e),
        );
      });
  }

  describe('the answers agree with the history', () => {
    const call = async <A>(o: Observable<E.Either<CantonError, A>>): Promise<A> => {
      const r = await lastValueFrom(o);
      if (E.isLeft(r)) assert.fail(JSON.stringify(r.left));
      return r.right;
    };

    it('the ANS entry created through the validator is in Scan\'s lookups and list, and in the scan-proxy\'s', async () => {
      const { alice, ansName, ansCid } = facts;
      const byName = await call(client.scan.lookupAnsEntryByName(ansName));
      assert.deepEqual({ ...byName.entry, expires_at: undefined }, { contract_id: ansCid, user: alice, name: ansName, url: 'https://reads.example.com', description: 'every read', expires_at: undefined });
      assert.equal((await call(client.scan.lookupAnsEntryByParty(alice))).entry.contract_id, ansCid);
      assert.deepEqual((await call(client.scan.listAnsEntries({ page_size: 10, name_prefix: 'reads' }))).entries.map((e) => e.contract_id), [ansCid]);
      assert.deepEqual((await call(client.scan.listAnsEntries({ page_size: 10, name_prefix: 'nobody' }))).entries, []);
      assert.deepEqual(await call(client.validator.lookupAnsEntryByName(ansName)), byName);
      const gone = await lastValueFrom(client.scan.lookupAnsEntryByName('nobody.unverified.cns'));
      assert.ok(E.isLeft(gone) && gone.left._tag === 'HttpError' && gone.left.status === 404);
      // The entry's create is in the update history Scan serves.
      assert.ok(createdEvents(facts.items).some((e) => e['contract_id'] === ansCid));
    });

    it('featured app rights are the FeaturedAppRight creates of the update history', async () => {
      const fromHistory = createdEvents(facts.items).filter((e) => entity(e) === 'Splice.Amulet:FeaturedAppRight').map((e) => String(e['contract_id']));
      const listed = (await call(client.scan.listFeaturedAppRights())).featured_apps.map((c) => c.contract_id);
      assert.ok(listed.length > 0);
      assert.deepEqual(listed, fromHistory);
      const byCid = await call(client.scan.lookupFeaturedAppRightByContractId(facts.featured.contractId));
      assert.equal(byCid.featured_app_right?.contract_id, facts.featured.contractId);
      assert.deepEqual((await call(client.scan.listFeaturedAppRightsByProvider(facts.featured.provider))).featured_apps.map((c) => c.contract_id), [facts.featured.contractId]);
      assert.equal((await call(client.scan.lookupFeaturedAppRightByContractId('00ff'))).featured_app_right ?? null, null);
    });

    it('rounds: Scan, the scan-proxy and the DSO info name the same open rounds, the latest last', async () => {
      const scanRounds = await call(client.scan.getOpenAndIssuingMiningRounds({ cached_open_mining_round_contract_ids: [], cached_issuing_round_contract_ids: [] }));
      const proxy = await call(client.validator.getOpenAndIssuingMiningRounds());
      const open = proxy.open_mining_rounds.map((r) => r.contract.contract_id);
      assert.deepEqual(Object.keys(scanRounds.open_mining_rounds), open);
      const dso = await call(client.scan.getDsoInfo());
      assert.equal(dso.latest_mining_round.contract.contract_id, open[open.length - 1]);
      assert.equal(dso.dso_party_id, facts.net.dsoParty);
      // A round the caller has cached comes back without its contract.
      const cached = await call(client.scan.getOpenAndIssuingMiningRounds({ cached_open_mining_round_contract_ids: [open[0]!], cached_issuing_round_contract_ids: [] }));
      assert.equal(cached.open_mining_rounds[open[0]!]!.contract, undefined);
      assert.ok(cached.open_mining_rounds[open[1]!]!.contract !== undefined);
    });

    it('an update by id is the item of the update history; by hash, the external-party transfer', async () => {
      const item = facts.items.find((i) => i['update_id'] === facts.updateId)!;
      const byId = await lastValueFrom(client.scan.getUpdateByIdV2(facts.updateId, {}));
      assert.ok(E.isRight(byId));
      const raw = await fetch(`${facts.net.scanUrl}/v2/updates/${facts.updateId}`).then((r) => r.json());
      assert.deepEqual(raw, item);
      const byHash = await fetch(`${facts.net.scanUrl}/v2/updates/hash/${facts.externalHash}`).then((r) => r.json() as Promise<Obj>);
      assert.equal(byHash['external_transaction_hash'], facts.externalHash);
      const missing = await lastValueFrom(client.scan.getUpdateByIdV2('1220ff', {}));
      assert.ok(E.isLeft(missing) && missing.left._tag === 'HttpError' && missing.left.status === 404);
    });

    it('the deprecated v0 update history pages like v1', async () => {
      const v0 = await call(client.scan.getUpdateHistory({ page_size: 20 }));
      const v1 = await call(client.scan.getUpdateHistoryV1({ page_size: 20 }));
      assert.equal(v0.transactions.length, 20);
      assert.deepEqual(v0, v1);
    });

    it('holdings summaries add up the amulets of the holdings state at the same snapshot', async () => {
      const { snapshot, alice } = facts;
      const state = await fetch(`${facts.net.scanUrl}/v2/holdings/state`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ migration_id: snapshot.migrationId, record_time: snapshot.recordTime, page_size: 1000, owner_party_ids: [alice] }),
      }).then((r) => r.json() as Promise<{ created_events: Array<{ create_arguments: { amount: { initialAmount: string } } }> }>);
      const micro = state.created_events.reduce((sum, e) => sum + Math.round(Number(e.create_arguments.amount.initialAmount) * 1e6), 0);
      assert.ok(micro > 0);
      const v1 = await call(client.scan.getHoldingsSummaryAtV1({ migration_id: snapshot.migrationId, record_time: snapshot.recordTime, owner_party_ids: [alice] }));
      assert.equal(Math.round(Number(v1.summaries[0]!.total_unlocked_coin) * 1e6), micro);
      const v0 = await call(client.validator.getHoldingsSummaryAt({ migration_id: snapshot.migrationId, record_time: snapshot.recordTime, owner_party_ids: [alice] }));
      assert.equal(v0.summaries[0]!.total_unlocked_coin, v1.summaries[0]!.total_unlocked_coin);
    });

    it('a v0 holdings summary is computed as of the round open at the snapshot, and fees grow by the rate per round', async () => {
      const { snapshot, alice, items } = facts;
      const at = Date.parse(snapshot.recordTime);
      const advances = exercisedEvents(items.filter((i) => Date.parse(String(i['record_time'])) <= at && i['migration_id'] !== undefined && Number(i['migration_id']) <= snapshot.migrationId)).filter(
        (e) => e['choice'] === 'AmuletRules_AdvanceOpenMiningRounds',
      ).length;
      const request = { migration_id: snapshot.migrationId, record_time: snapshot.recordTime, owner_party_ids: [alice] };
      const now = await call(client.scan.getHoldingsSummaryAt(request));
      assert.equal(now.computed_as_of_round, facts.net.info().rounds.initial + advances);
      const later = await call(client.scan.getHoldingsSummaryAt({ ...request, as_of_round: now.computed_as_of_round + 10 }));
      const amulets = await fetch(`${facts.net.scanUrl}/v2/holdings/state`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...request, page_size: 1000 }),
      }).then((r) => r.json() as Promise<{ created_events: unknown[] }>);
      const tenths = (x: string): bigint => BigInt(x.replace('.', ''));
      const grown = tenths(later.summaries[0]!.accumulated_holding_fees_total) - tenths(now.summaries[0]!.accumulated_holding_fees_total);
      assert.equal(grown, 10n * 190_259n * BigInt(amulets.created_events.length));
      assert.equal(tenths(later.summaries[0]!.total_available_coin), tenths(later.summaries[0]!.total_unlocked_coin) - tenths(later.summaries[0]!.accumulated_holding_fees_total));
    });

    it('reward accounting: the minting allowances of the batches add up to the round\'s activity totals', async () => {
      const n = facts.accountingRound;
      const totals = await call(client.scan.getRewardAccountingActivityTotals(n));
      assert.equal(totals.status, 'Ok');
      const root = (await call(client.scan.getRewardAccountingRootHash(n))) as { root_hash: string };
      const top = await call(client.scan.getRewardAccountingBatch(n, root.root_hash));
      assert.ok('child_hashes' in top && top.child_hashes.length > 0, JSON.stringify(top));
      let sum = 0n;
      for (const child of top.child_hashes) {
        const batch = await call(client.scan.getRewardAccountingBatch(n, child));
        assert.ok('minting_allowances' in batch);
        for (const a of batch.minting_allowances) sum += BigInt(a.amount.replace('.', ''));
      }
      assert.equal(sum, BigInt((totals as { total_app_reward_minting_allowance: string }).total_app_reward_minting_allowance.replace('.', '')));
      const unknown = await lastValueFrom(client.scan.getRewardAccountingBatch(n, 'ff'));
      assert.ok(E.isLeft(unknown) && unknown.left._tag === 'HttpError' && unknown.left.status === 404);
    });

    it('the scan-proxy reads want a token, like the other validator routes', async () => {
      const anonymous = createClient({ validator: { url: facts.net.validatorUrl } });
      for (const o of [anonymous.validator.getDsoInfo(), anonymous.validator.lookupAnsEntryByName(facts.ansName), anonymous.validator.getAnsRules({})]) {
        const r = await lastValueFrom(o as Observable<E.Either<CantonError, unknown>>);
        assert.ok(E.isLeft(r) && r.left._tag === 'HttpError' && r.left.status === 401, JSON.stringify(r));
      }
    });

    it('the transfer command status names the command of the history', async () => {
      const status = await call(client.scan.lookupTransferCommandStatus(facts.transferCommand));
      const commands = Object.values(status.transfer_commands_by_contract_id);
      assert.equal(commands.length, 1);
      assert.equal(commands[0]!.status.status, 'sent');
      assert.equal((commands[0]!.contract.payload as Obj)['sender'], facts.transferCommand.sender);
      const none = await lastValueFrom(client.scan.lookupTransferCommandStatus({ sender: facts.transferCommand.sender, nonce: 10_000 }));
      assert.ok(E.isLeft(none) && none.left._tag === 'HttpError' && none.left.status === 404);
    });
  });

  it('every field name of the answers is a property name of the specs', () => {
    const keys = new Set<string>();
    bodies.forEach((b) => collectKeys(b, keys));
    assert.ok(bodies.length > 60 && keys.size > 100, `${bodies.length} bodies, ${keys.size} keys`);
    const names = new Set(upstreamFacts.fieldNames);
    assert.deepEqual([...keys].filter((k) => !names.has(k)).sort(), []);
  });
});
