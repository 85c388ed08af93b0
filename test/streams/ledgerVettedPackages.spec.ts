import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import { lastValueFrom } from 'rxjs';
import { createClient, type CantonClient } from '../../src/index';
import type { VettedPackagesCheckpoint } from '../../src/streams/checkpoints';
import { mintToken, startSimulatedNetwork, type SimulatedNetwork } from '../../src/testkit/index';
import { startServer, type TestServer } from '../helpers/server';
import { collect } from '../helpers/collect';
import { rights } from '../helpers/results';

describe('ledger.vettedPackages (stream against the simulated participant)', function () {
  this.timeout(60_000);
  let net: SimulatedNetwork;
  let client: CantonClient;
  let whole: unknown[];
  before(async () => {
    net = await startSimulatedNetwork({ seed: 'ledger-vetting', updates: 20 });
    client = createClient({ ledger: { url: net.ledgerUrl, token: mintToken({ userId: 'admin', admin: true }) } });
    const one = await lastValueFrom(client.ledger.listVettedPackages({ pageSize: 100 }));
    assert.ok(E.isRight(one) && one.right.nextPageToken === undefined);
    whole = one.right.vettedPackages ?? [];
    assert.ok(whole.length >= 4, `${whole.length} entries`);
  });
  after(() => net.close());

  it('reads every entry exactly, as one big page has them, through nextPageToken', async () => {
    const got = rights(await collect(client.ledger.vettedPackages({ pageSize: 2 })));
    assert.deepEqual(got.map((r) => r.value), whole);
    assert.deepEqual(got[0]!.checkpoint, { stream: 'ledger.vettedPackages', index: 0 });
    assert.equal(typeof got[2]!.checkpoint.pageToken, 'string');
  });

  it('resuming from the checkpoint of every entry gives exactly the ones after it', async () => {
    const got = rights(await collect(client.ledger.vettedPackages({ pageSize: 2 })));
    for (let i = 0; i < got.length; i++) {
      const from = JSON.parse(JSON.stringify(got[i]!.checkpoint)) as VettedPackagesCheckpoint;
      assert.deepEqual(rights(await collect(client.ledger.vettedPackages({ pageSize: 2 }, { from }))).map((r) => r.value), whole.slice(i + 1), `after entry ${i}`);
    }
  });

  it('the filters reach the participant: one participant, one package', async () => {
    const first = whole[0] as { participantId: string; packages: Array<{ packageId: string }> };
    const pkg = first.packages[0]!.packageId;
    const got = rights(await collect(client.ledger.vettedPackages({ topologyStateFilter: { participantIds: [first.participantId] }, packageMetadataFilter: { packageIds: [pkg] } })));
    assert.deepEqual(got.map((r) => [r.value.participantId, r.value.packages.map((p) => p.packageId)]), [[first.participantId, [pkg]]]);
  });
});

describe('ledger.vettedPackages (invariants against a loopback participant)', () => {
  let server: TestServer;
  let pages: object[];
  let client: CantonClient;
  before(async () => {
    server = await startServer(() => ({ body: pages.shift() ?? {} }));
    client = createClient({ ledger: { url: server.url, token: 'jwt' } });
  });
  after(() => server.close());

  it('a page token that repeats is an invariant Left after the valid entries; the token goes back as pageToken', async () => {
    const entry = (p: string) => ({ packages: [{ packageId: 'pkg' }], participantId: p, synchronizerId: 'sync::1', topologySerial: 1 });
    pages = [
      { vettedPackages: [entry('p1')], nextPageToken: 'x' },
      { vettedPackages: [entry('p2')], nextPageToken: 'x' },
    ];
    const got = await collect(client.ledger.vettedPackages({ pageSize: 1 }));
    assert.deepEqual(
      got.map((r) => (E.isRight(r) ? r.right.value.participantId : `Left:${(r.left as { reason?: string }).reason}`)),
      ['p1', 'p2', 'Left:invariant'],
    );
    assert.deepEqual(JSON.parse(server.requests.at(-1)!.body), { pageSize: 1, pageToken: 'x' });
  });
});
