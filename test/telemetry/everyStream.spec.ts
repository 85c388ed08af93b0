import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import { filter, firstValueFrom, type Observable } from 'rxjs';
import { createClient, type CantonClient } from '../../src/clientFactory/createClient';
import type { CantonError } from '../../src/errors/CantonError';
import type { Page } from '../../src/paging/Page';
import { recordStreams } from '../../src/streams/recordStreams';
import { mintToken, startSimulatedNetwork, type SimulatedNetwork } from '../../src/testkit/index';
import { collect } from '../helpers/collect';
import { otelHarness, type OtelHarness } from './otel';

type Name = keyof typeof recordStreams;
const FAR = '2100-01-01T00:00:00Z';

/**
 * Every record stream of `recordStreams` reports its pages and items under its own name, the same
 * metrics as the feeds (the small lists too); a composite stream reports under the streams it
 * reads one after the other.
 */
describe('telemetry: every record stream is metered (the real SDK, against the simulated network)', function () {
  this.timeout(60_000);
  // A seed whose history holds closed votes; two migrations make import updates.
  const options = { seed: 'resume-every-item', updates: 60, migrations: 2, snapshotEvery: 12, bulkStorage: { checksums: {} }, users: ['u-a', 'u-b', 'u-c'].map((userId) => ({ userId })) };
  let net: SimulatedNetwork;
  // The token standard's streams read a network with transfer offers (the history above stays as it is).
  let offers: SimulatedNetwork;
  let wallet: CantonClient;
  let otel: OtelHarness;
  let client: CantonClient;
  let lastMigration: number;
  let snapshot: { migration_id: number; record_time: string };
  let synchronizerId: string;

  before(async () => {
    net = await startSimulatedNetwork(options);
    offers = await startSimulatedNetwork({ seed: 'resume-every-item', updates: 150, transferOffers: 0.3 });
    const { last, snapshots } = net.info();
    lastMigration = last.migrationId;
    const s = snapshots.find((x) => x.migrationId === lastMigration)!;
    snapshot = { migration_id: s.migrationId, record_time: s.recordTime };
    const first = await firstValueFrom(createClient({ scan: { url: net.scanUrl } }).scan.updates({ page_size: 20 }, { version: 'v1' }).pipe(filter((r) => E.isRight(r) && 'synchronizer_id' in r.right)));
    synchronizerId = (first as E.Right<{ synchronizer_id: string }>).right.synchronizer_id;
  });
  after(async () => {
    await net.close();
    await offers.close();
  });
  beforeEach(() => {
    otel = otelHarness();
    client = createClient({
      scan: { url: net.scanUrl },
      ledger: { url: net.ledgerUrl, token: mintToken({ userId: 'admin', admin: true, readAs: [...net.hostedParties] }) },
      telemetry: otel.telemetry,
    });
    wallet = createClient({ ledger: { url: offers.ledgerUrl, token: mintToken({ userId: 'wallet', readAs: [...offers.hostedParties] }) }, telemetry: otel.telemetry });
  });
  afterEach(() => otel.shutdown());

  const eventFormat = () => ({ filtersByParty: Object.fromEntries(net.hostedParties.map((p) => [p, {}])) });
  const updateFormat = () => ({ includeTransactions: { transactionShape: 'TRANSACTION_SHAPE_ACS_DELTA' as const, eventFormat: eventFormat() }, includeReassignments: eventFormat() });

  /** Each paged stream's page form, with small pages. */
  const paged: Partial<Record<Name, () => Observable<E.Either<CantonError, Page<unknown, unknown>>>>> = {
    'scan.updates': () => client.scan.pages.updates({ page_size: 7 }),
    'scan.events': () => client.scan.pages.events({ page_size: 7 }),
    'scan.activity': () => client.scan.pages.activity({ page_size: 7 }),
    'scan.updatesBefore': () => client.scan.pages.updatesBefore({ migration_id: lastMigration, synchronizer_id: synchronizerId, before: FAR, count: 5 }),
    'scan.importUpdates': () => client.scan.pages.importUpdates({ migration_id: lastMigration, after_update_id: '', limit: 5 }),
    'scan.holdings': () => client.scan.pages.holdings({ ...snapshot, page_size: 3, owner_party_ids: Object.values(net.parties) as [string, ...string[]] }),
    'scan.acsSnapshot': () => client.scan.pages.acsSnapshot({ ...snapshot, page_size: 4 }),
    'scan.voteResults': () => client.scan.pages.voteResults({ limit: 1 }),
    'scan.bulkUpdateHistoryObjects': () => client.scan.pages.bulkUpdateHistoryObjects({ start_record_time: '2000-01-01T00:00:00Z', end_record_time: FAR, page_size: 2 }),
    'scan.validatorLicenses': () => client.scan.pages.validatorLicenses({ limit: 1 }),
    'ledger.updates': () => client.ledger.pages.updates({ updateFormat: updateFormat(), maxPageSize: 5 }),
    'ledger.parties': () => client.ledger.pages.parties({ pageSize: 3 }),
    'ledger.users': () => client.ledger.pages.users({ pageSize: 2 }),
    'ledger.vettedPackages': () => client.ledger.pages.vettedPackages({ pageSize: 2 }),
    'ledger.activeContracts': () => client.ledger.pages.activeContracts({ eventFormat: eventFormat(), maxPageSize: 4 }),
    'ledger.holdings': () => wallet.ledger.pages.holdings({ party: offers.party('alice'), maxPageSize: 2 }),
    'ledger.transferInstructions': () => wallet.ledger.pages.transferInstructions({ party: offers.party('bob'), maxPageSize: 1 }),
    'ledger.tokenStandardHistory': () => wallet.ledger.pages.tokenStandardHistory({ party: offers.party('alice'), maxPageSize: 20 }),
  } as never;

  it('has a case for every paged entry of recordStreams', () => {
    assert.deepEqual(Object.keys(paged).sort(), Object.entries(recordStreams).filter(([, e]) => 'pages' in e).map(([n]) => n).sort());
  });

  for (const name of Object.keys(paged) as Name[]) {
    it(`${name}: its pages and items, under canton_rx.stream="${name}"`, async () => {
      const pages = (await collect(paged[name]!())).map((r, i) => {
        if (E.isLeft(r)) assert.fail(`page ${i} is a Left: ${JSON.stringify(r.left)}`);
        return r.right;
      });
      const items = pages.reduce((n, p) => n + p.records.length, 0);
      assert.ok(items > 0, 'the stream read something');
      assert.equal(await otel.sum('canton_rx.stream.items', { 'canton_rx.stream': name }), items);
      assert.equal(await otel.sum('canton_rx.stream.pages', { 'canton_rx.stream': name }), pages.length);
      assert.equal(await otel.sum('canton_rx.stream.items'), items, 'under no other name');
    });
  }

  it('a composite stream is metered as the streams it reads: scan.updatesFromSnapshot as scan.acsSnapshot (its marker and contracts), then scan.updates', async () => {
    const tags = (await collect(client.scan.updatesFromSnapshot({ page_size: 5 }, { migration_id: lastMigration, before: FAR, snapshotPageSize: 4 }))).map((r) => {
      if (E.isLeft(r)) assert.fail(JSON.stringify(r.left));
      return (r.right as { _tag?: string })._tag;
    });
    const snapshotPart = tags.filter((t) => t === 'ScanSnapshot' || t === 'ScanSnapshotContract').length;
    const updates = tags.filter((t) => t === undefined).length;
    assert.ok(snapshotPart > 4 && updates > 0, 'a snapshot over pages, then updates');
    assert.equal(await otel.sum('canton_rx.stream.items', { 'canton_rx.stream': 'scan.acsSnapshot' }), snapshotPart);
    assert.equal(await otel.sum('canton_rx.stream.items', { 'canton_rx.stream': 'scan.updates' }), updates);
  });

  it('ledger.updatesWithSnapshot: as ledger.activeContracts (when the snapshot is read), then ledger.updates', async () => {
    const tags = (await collect(client.ledger.updatesWithSnapshot({ updateFormat: updateFormat(), maxPageSize: 4 }, { snapshotPageSize: 4 }))).map((r) => {
      if (E.isLeft(r)) assert.fail(JSON.stringify(r.left));
      return (r.right as { _tag?: string })._tag;
    });
    const updates = tags.filter((t) => t === undefined).length;
    assert.ok(updates > 0);
    assert.equal(await otel.sum('canton_rx.stream.items', { 'canton_rx.stream': 'ledger.activeContracts' }), tags.length - updates);
    assert.equal(await otel.sum('canton_rx.stream.items', { 'canton_rx.stream': 'ledger.updates' }), updates);
  });
});
