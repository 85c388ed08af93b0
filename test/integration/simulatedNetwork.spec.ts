import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import { createClient, type CantonClient } from '../../src/clientFactory/createClient';
import { checkpointOf } from '../../src/streams/checkpointOf';
import { mintToken, startSimulatedNetwork, type SimulatedNetwork } from '../../src/testkit/index';
import { collect } from '../helpers/collect';
import { httpLeft, one, right, rights } from '../helpers/results';


describe('canton-rx against the simulated network (integration)', function () {
  this.timeout(30_000);
  let net: SimulatedNetwork;
  let client: CantonClient;
  let alice: string;

  before(async () => {
    net = await startSimulatedNetwork({ seed: 11, updates: 450, trafficEnforcement: true, bulkStorage: { checksums: { 'a/1': 'c1', 'b/2': 'c2' } } });
    alice = net.party('alice');
    client = createClient({
      ledger: { url: net.ledgerUrl, token: mintToken({ userId: 'alice', actAs: [alice], admin: true }) },
      validator: { url: net.validatorUrl, token: mintToken({ userId: 'alice', actAs: [alice] }) },
      scan: { url: net.scanUrl },
    });
  });
  after(() => net.close());

  const updateFormat = (party: string, shape: 'TRANSACTION_SHAPE_ACS_DELTA' | 'TRANSACTION_SHAPE_LEDGER_EFFECTS') => ({
    includeTransactions: { transactionShape: shape, eventFormat: { filtersByParty: { [party]: {} } } },
    includeReassignments: { filtersByParty: { [party]: {} } },
  });

  describe('record streams', () => {
    it('scan.updates (v2 and v1) streams the whole history in order, across migration ids', async () => {
      for (const version of ['v2', 'v1'] as const) {
        const items = rights(await collect(client.scan.updates({ page_size: 37 }, { version })));
        assert.equal(items.length, net.info().updates, version);
        assert.deepEqual(checkpointOf(items.at(-1)!), { stream: 'scan.updates', migration_id: net.info().last.migrationId, record_time: net.info().last.recordTime, update_id: net.info().last.updateId });
        assert.deepEqual(new Set(items.map((i) => checkpointOf(i)?.migration_id)), new Set(net.info().migrationIds));
      }
    });

    it('scan.updates resumes from a checkpoint in the middle with exactly the rest', async () => {
      const all = rights(await collect(client.scan.updates({ page_size: 100 })));
      for (const i of [0, 99, 100, 271, all.length - 2]) {
        const rest = rights(await collect(client.scan.updates({ page_size: 100 }, { from: checkpointOf(all[i]!) })));
        assert.deepEqual(rest.map((x) => x.update_id), all.slice(i + 1).map((x) => x.update_id), `after item ${i}`);
      }
    });

    it('ledger.updates for one party, both shapes, ascending and descending, with exact resume', async () => {
      const end = net.info().ledgerEnd;
      for (const shape of ['TRANSACTION_SHAPE_ACS_DELTA', 'TRANSACTION_SHAPE_LEDGER_EFFECTS'] as const) {
        const up = rights(await collect(client.ledger.updates({ updateFormat: updateFormat(alice, shape), maxPageSize: 13 })));
        assert.ok(up.length > 20, `${shape}: ${up.length} updates`);
        const down = rights(await collect(client.ledger.updates({ updateFormat: updateFormat(alice, shape), maxPageSize: 13, endOffsetInclusive: end, descendingOrder: true })));
        assert.deepEqual(down.map((u) => checkpointOf(u).offset), up.map((u) => checkpointOf(u).offset).reverse());
        const mid = Math.floor(up.length / 2);
        const rest = rights(await collect(client.ledger.updates({ updateFormat: updateFormat(alice, shape), maxPageSize: 13 }, { from: checkpointOf(up[mid]!) })));
        assert.deepEqual(rest.map((u) => checkpointOf(u).offset), up.slice(mid + 1).map((u) => checkpointOf(u).offset));
      }
    });

    it('the ledger and Scan views share update ids', async () => {
      const scanIds = new Set(rights(await collect(client.scan.updates({ page_size: 500 }))).map((i) => i.update_id));
      const ledger = rights(await collect(client.ledger.updates({ updateFormat: updateFormat(alice, 'TRANSACTION_SHAPE_ACS_DELTA') })));
      const ids = ledger.flatMap((u) => ('Transaction' in u ? [u.Transaction.value.updateId] : 'Reassignment' in u ? [u.Reassignment.value.updateId] : []));
      assert.ok(ids.length > 0);
      assert.ok(ids.every((id) => scanIds.has(id)));
    });

    it('scan.holdings at a snapshot, with exact resume from any contract', async () => {
      const snapshot = net.info().snapshots[1]!;
      const at = await right(client.scan.getDateOfFirstSnapshotAfter({ after: '2000-01-01T00:00:00Z', migration_id: snapshot.migrationId }));
      const owners = Object.values(net.parties).filter((p) => !p.startsWith('DSO'));
      const request = { migration_id: snapshot.migrationId, record_time: at.record_time, page_size: 3, owner_party_ids: owners };
      const all = rights(await collect(client.scan.holdings(request)));
      assert.ok(all.length > 3, `${all.length} holdings`);
      for (const i of [0, 2, 3, all.length - 1]) {
        const rest = rights(await collect(client.scan.holdings(request, { from: checkpointOf(all[i]!) })));
        assert.deepEqual(rest.map((c) => c.contract_id), all.slice(i + 1).map((c) => c.contract_id), `after contract ${i}`);
      }
    });

    it('a pruned ledger gives a ParticipantPruned Left', async () => {
      const pruned = await startSimulatedNetwork({ seed: 11, updates: 100, pruningOffset: 40 });
      try {
        const party = pruned.party('alice');
        const ledger = createClient({ ledger: { url: pruned.ledgerUrl, token: mintToken({ userId: 'alice', actAs: [party] }) } }).ledger;
        const out = await collect(ledger.updates({ updateFormat: updateFormat(party, 'TRANSACTION_SHAPE_ACS_DELTA'), beginOffsetExclusive: 10 }));
        assert.equal(out.length, 1);
        const [r] = out;
        assert.ok(r && E.isLeft(r) && r.left._tag === 'HttpError' && r.left.condition === 'ParticipantPruned');
      } finally {
        await pruned.close();
      }
    });
  });

  describe('single-shot operations', () => {
    it('ledger: identity provider and traffic account', async () => {
      const idp = await right(client.ledger.getIdentityProviderConfig('idp-simulated'));
      assert.equal(idp.identityProviderConfig.identityProviderId, 'idp-simulated');
      const account = await right(client.ledger.getTrafficAccount(alice));
      assert.equal(account.accountId, alice);
      assert.equal(typeof account.balance, 'number');
      const noTraffic = await startSimulatedNetwork({ seed: 11, updates: 10 });
      try {
        const ledger = createClient({ ledger: { url: noTraffic.ledgerUrl, token: mintToken({ userId: 'alice', actAs: [noTraffic.party('alice')] }) } }).ledger;
        assert.equal((await httpLeft(ledger.getTrafficAccount(noTraffic.party('alice')))).condition, 'TrafficEnforcementDisabled');
      } finally {
        await noTraffic.close();
      }
    });

    it('validator: the ANS lifecycle, mining rounds, featured app rights', async () => {
      const created = await right(client.validator.createAnsEntry({ name: 'rx-demo.unverified.cns', url: 'https://rx.example.com', description: 'canton-rx' }));
      assert.equal(created.name, 'rx-demo.unverified.cns');
      assert.deepEqual((await right(client.validator.listAnsEntries())).entries.filter((e) => e.name === 'rx-demo.unverified.cns'), []);
      net.acceptSubscription(created.subscriptionRequestCid);
      assert.equal((await right(client.validator.listAnsEntries())).entries.filter((e) => e.name === 'rx-demo.unverified.cns').length, 1);
      const rounds = await right(client.validator.getOpenAndIssuingMiningRounds());
      assert.equal(rounds.open_mining_rounds.length, 3);
      const featured = await right(client.validator.lookupFeaturedAppRight(alice));
      assert.ok(featured.featured_app_right === null || featured.featured_app_right === undefined || typeof featured.featured_app_right.contract_id === 'string');
    });

    it('scan: reference data, votes, counters, root hashes, config, checksums, liveness', async () => {
      assert.equal((await right(client.scan.getDsoPartyId())).dso_party_id, net.dsoParty);
      const votes = await right(client.scan.listDsoRulesVoteRequests());
      const ids = votes.dso_rules_vote_requests.map((c) => c.contract_id);
      assert.deepEqual((await right(client.scan.listVoteRequestsByTrackingCid({ vote_request_contract_ids: ids }))).vote_requests.map((c) => c.contract_id).sort(), [...ids].sort());
      assert.equal(typeof (await right(client.scan.countVoteRequestResults({}))).count, 'number');
      assert.equal((await httpLeft(client.scan.lookupTransferCommandCounterByParty(alice))).condition, 'NoTransferCommandCounter');
      const counter = await one(client.scan.lookupTransferCommandCounterByParty(net.party('external-1')));
      assert.ok(E.isRight(counter) || (counter.left._tag === 'HttpError' && counter.left.condition === 'NoTransferCommandCounter'));
      const { rounds } = net.info();
      assert.equal((await right(client.scan.getRewardAccountingRootHash(rounds.closedThrough))).status, 'Ok');
      assert.equal((await right(client.scan.getRewardAccountingRootHash(rounds.closedThrough + 50))).status, 'Undetermined');
      assert.equal((await right(client.scan.getRewardAccountingRootHash(rounds.initial))).status, 'CannotProvide');
      assert.equal(typeof (await right(client.scan.getAmuletConfigForRound(rounds.latestOpen))).holding_fee, 'string');
      assert.equal((await httpLeft(client.scan.getAmuletConfigForRound(rounds.latestOpen + 1000))).status, 404);
      assert.deepEqual((await right(client.scan.getBulkObjectChecksums({ object_keys: ['b/2', 'nope', 'a/1'] }))).checksums.map((c) => c.value ?? null), ['c2', null, 'c1']);
      assert.equal(await right(client.scan.isLive()), true);
      net.setLive(false);
      assert.equal(await right(client.scan.isLive()), false);
      net.setLive(true);
    });

    it('scan: bulk storage not configured reads the same whether 400 or 501', async () => {
      for (const status of [400, 501] as const) {
        const bare = await startSimulatedNetwork({ seed: 1, updates: 5, bulkNotConfiguredStatus: status });
        try {
          const e = await httpLeft(createClient({ scan: { url: bare.scanUrl } }).scan.getBulkObjectChecksums({ object_keys: ['x'] }));
          assert.equal(e.status, status);
          assert.equal(e.condition, 'BulkStorageNotConfigured');
        } finally {
          await bare.close();
        }
      }
    });
  });
});
