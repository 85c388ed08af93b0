import assert from 'node:assert/strict';
import { lastValueFrom, map, type Observable } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import { createClient } from '../../src/clientFactory/createClient';
import type { CantonError } from '../../src/errors/CantonError';
import type { Page } from '../../src/paging/Page';
import { mintToken, startSimulatedNetwork, type SimulatedNetwork } from '../../src/testkit/index';
import { checkpointOf } from '../../src/streams/checkpointOf';
import type { ValidatorLicensesCheckpoint } from '../../src/streams/checkpoints';
import { collect } from '../helpers/collect';
import { rights } from '../helpers/results';
import { startServer, type TestServer } from '../helpers/server';

/**
 * A page form and its item form are one stream: the page form's records, page after page, are
 * the item form's items, and every page's checkpoint resumes the page form exactly after that page.
 */
const samePagesAsItems = async <A, C>(
  name: string,
  pages: (from?: C) => Observable<E.Either<CantonError, Page<A, C>>>,
  items: () => Observable<E.Either<CantonError, { readonly value: A; readonly checkpoint: C }>>,
): Promise<void> => {
  const got = rights(await collect(pages()));
  const records = got.flatMap((p) => p.records);
  const listed = rights(await collect(items()));
  assert.ok(got.length >= 2, `${name}: ${got.length} pages (the test needs more than one)`);
  assert.deepEqual(records, listed, `${name}: the records are the items, with their checkpoints`);
  assert.equal(got[got.length - 1]!.caughtUp, true, `${name}: the last page is caught up`);
  let seen = 0;
  for (const page of got) {
    seen += page.records.length;
    if (page.records.length > 0) assert.deepEqual(page.checkpoint, page.records[page.records.length - 1]!.checkpoint, `${name}: a page's checkpoint is its last record's`);
    const from = page.checkpoint === undefined ? undefined : (JSON.parse(JSON.stringify(page.checkpoint)) as C);
    const rest = rights(await collect(pages(from))).flatMap((p) => p.records);
    assert.deepEqual(rest, records.slice(seen), `${name}: resuming after page ending at record ${seen}`);
  }
};

describe('page forms of the page token streams (records = items; page checkpoints resume exactly)', function () {
  this.timeout(60_000);
  let net: SimulatedNetwork;
  before(async () => {
    net = await startSimulatedNetwork({ seed: 'page-forms', updates: 400, snapshotEvery: 40, bulkStorage: { checksums: {} } });
  });
  after(() => net.close());

  it('scan.pages.voteResults, bulkUpdateHistoryObjects and validatorLicenses', async () => {
    const scan = createClient({ scan: { url: net.scanUrl } }).scan;
    await samePagesAsItems('voteResults', (from) => scan.pages.voteResults({ limit: 3 }, { from }), () => scan.voteResults({ limit: 3 }));
    const range = { start_record_time: '2000-01-01T00:00:00Z', end_record_time: '2100-01-01T00:00:00Z', page_size: 3 };
    await samePagesAsItems('bulkUpdateHistoryObjects', (from) => scan.pages.bulkUpdateHistoryObjects(range, { from }), () => scan.bulkUpdateHistoryObjects(range));
    await samePagesAsItems(
      'validatorLicenses',
      (from) => scan.pages.validatorLicenses({ limit: 1 }, { from }),
      () => scan.validatorLicenses({ limit: 1 }).pipe(map(E.map((c) => ({ value: c, checkpoint: checkpointOf(c) as ValidatorLicensesCheckpoint })))),
    );
  });

  it('ledger.pages.parties, users, vettedPackages and activeContracts', async () => {
    const ledger = createClient({ ledger: { url: net.ledgerUrl, token: mintToken({ userId: 'admin', admin: true }) } }).ledger;
    for (const id of ['u-a', 'u-b', 'u-c', 'u-d', 'u-e']) assert.ok(E.isRight(await lastValueFrom(ledger.createUser({ user: { id } }))));
    await samePagesAsItems('parties', (from) => ledger.pages.parties({ pageSize: 3 }, { from }), () => ledger.parties({ pageSize: 3 }));
    await samePagesAsItems('users', (from) => ledger.pages.users({ pageSize: 2 }, { from }), () => ledger.users({ pageSize: 2 }));
    await samePagesAsItems('vettedPackages', (from) => ledger.pages.vettedPackages({ pageSize: 1 }, { from }), () => ledger.vettedPackages({ pageSize: 1 }));
    const hosted = net.hostedParties;
    const reader = createClient({ ledger: { url: net.ledgerUrl, token: mintToken({ userId: 'reader', readAs: [...hosted] }) } }).ledger;
    const request = { eventFormat: { filtersByParty: Object.fromEntries(hosted.map((p) => [p, {}])) }, activeAtOffset: net.info().ledgerEnd, maxPageSize: 7 };
    await samePagesAsItems(
      'activeContracts',
      (from) => reader.pages.activeContracts(request, { from }),
      () => reader.activeContracts(request).pipe(map(E.map((c) => ({ value: c, checkpoint: c.checkpoint })))),
    );
  });
});

describe('page forms: an empty last page keeps the checkpoint where the read stands', () => {
  let server: TestServer;
  let answers: object[];
  before(async () => {
    server = await startServer(() => ({ body: answers.shift() ?? { dso_rules_vote_results: [] } }));
  });
  after(() => server.close());

  it('scan.pages.voteResults: the caught-up empty page carries the last record\'s checkpoint, not the start', async () => {
    answers = [{ dso_rules_vote_results: [{ n: 1 }, { n: 2 }], next_page_token: 2 }, { dso_rules_vote_results: [] }];
    const scan = createClient({ scan: { url: `${server.url}/api/scan` } }).scan;
    const got = rights(await collect(scan.pages.voteResults({ limit: 2 })));
    assert.equal(got.length, 2);
    assert.deepEqual(got[1]!.records, []);
    assert.equal(got[1]!.caughtUp, true);
    assert.deepEqual(got[1]!.checkpoint, { stream: 'scan.voteResults', index: 1 });
  });
});

describe('ledger.pages.activeContracts: the end of the snapshot', () => {
  let server: TestServer;
  let answers: object[];
  before(async () => {
    server = await startServer(() => ({ body: answers.shift() ?? { activeAtOffset: 5, activeContracts: [] } }));
  });
  after(() => server.close());

  it('an empty last page carries the LedgerCheckpoint at the snapshot offset, where ledger.updates goes on', async () => {
    answers = [{ activeAtOffset: 5, activeContracts: [], nextPageToken: 't1' }, { activeAtOffset: 5, activeContracts: [] }];
    const ledger = createClient({ ledger: { url: server.url } }).ledger;
    const got = await collect(ledger.pages.activeContracts({ eventFormat: { filtersByParty: { alice: {} } }, maxPageSize: 2 }));
    assert.equal(got.length, 1, JSON.stringify(got));
    assert.ok(E.isRight(got[0]!));
    assert.deepEqual(got[0].right.records, []);
    assert.equal(got[0].right.caughtUp, true);
    assert.deepEqual(got[0].right.checkpoint, { stream: 'ledger.updates', offset: 5 });
  });
});
