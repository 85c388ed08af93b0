import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import { lastValueFrom } from 'rxjs';
import { createClient, type CantonClient } from '../../src/index';
import { mintToken, startSimulatedNetwork, type SimulatedNetwork } from '../../src/testkit/index';
import { collect } from '../helpers/collect';
import { rights } from '../helpers/results';


describe('ledger.users (stream against the simulated participant)', function () {
  this.timeout(60_000);
  let net: SimulatedNetwork;
  let client: CantonClient;

  before(async () => {
    net = await startSimulatedNetwork({ seed: 32, updates: 50 });
    client = createClient({ ledger: { url: net.ledgerUrl, token: mintToken({ userId: 'admin', admin: true }) } });
    for (const id of ['u-a', 'u-b', 'u-c', 'u-d', 'u-e', 'u-f', 'u-g']) assert.ok(E.isRight(await lastValueFrom(client.ledger.createUser({ user: { id } }))));
  });
  after(() => net.close());

  it('ledger.users reads every user once and resumes from every item; a deleted user does not lose the place', async () => {
    const all = rights(await collect(client.ledger.users({ pageSize: 2 })));
    const ids = all.map((u) => u.value.id);
    assert.deepEqual(ids, [...ids].sort());
    assert.ok(ids.includes('u-a') && ids.includes('u-g') && ids.includes('participant_admin'));
    for (let i = 0; i < all.length; i++) {
      const rest = rights(await collect(client.ledger.users({ pageSize: 2 }, { from: all[i]!.checkpoint })));
      assert.deepEqual(rest.map((u) => u.value.id), ids.slice(i + 1), `after item ${i}`);
    }
    const at = ids.indexOf('u-c');
    assert.ok(E.isRight(await lastValueFrom(client.ledger.deleteUser('u-c'))));
    const rest = rights(await collect(client.ledger.users({ pageSize: 2 }, { from: all[at]!.checkpoint })));
    assert.deepEqual(rest.map((u) => u.value.id), ids.slice(at + 1));
  });

  it('checks the request and the checkpoint before any request', async () => {
    const r = await collect(client.ledger.users({ pageSize: 0 }, { from: { stream: 'ledger.parties', id: '' } }));
    assert.equal(r.length, 1);
    assert.ok(E.isLeft(r[0]!) && r[0]!.left._tag === 'InvalidRequest');
    assert.deepEqual(r[0]!.left.issues.map((i) => i.path).sort(), ['from.id', 'from.stream', 'pageSize']);
  });
});
