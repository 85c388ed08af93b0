import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import { lastValueFrom } from 'rxjs';
import { createClient, type CantonClient } from '../../src/index';
import { mintToken, startSimulatedNetwork, type SimulatedNetwork } from '../../src/testkit/index';
import { collect } from '../helpers/collect';
import { rights } from '../helpers/results';


describe('ledger.parties (stream against the simulated participant)', function () {
  this.timeout(60_000);
  let net: SimulatedNetwork;
  let client: CantonClient;

  before(async () => {
    net = await startSimulatedNetwork({ seed: 32, updates: 50 });
    client = createClient({ ledger: { url: net.ledgerUrl, token: mintToken({ userId: 'admin', admin: true }) } });
  });
  after(() => net.close());

  it('ledger.parties reads every party once, in id order, and resumes from every item; a party allocated after the checkpoint shows up', async () => {
    const whole = await lastValueFrom(client.ledger.listKnownParties({}));
    assert.ok(E.isRight(whole));
    const expected = whole.right.partyDetails.map((p) => p.party);
    assert.ok(expected.length >= 10);
    const all = rights(await collect(client.ledger.parties({ pageSize: 3 })));
    assert.deepEqual(all.map((p) => p.value.party), expected);
    for (let i = 0; i < all.length; i++) {
      const rest = rights(await collect(client.ledger.parties({ pageSize: 3 }, { from: all[i]!.checkpoint })));
      assert.deepEqual(rest.map((p) => p.value.party), expected.slice(i + 1), `after item ${i}`);
    }
    const added = await lastValueFrom(client.ledger.allocateParty({ partyIdHint: 'zz-late' }));
    assert.ok(E.isRight(added));
    const rest = rights(await collect(client.ledger.parties({ pageSize: 3 }, { from: all[1]!.checkpoint })));
    assert.deepEqual(rest.map((p) => p.value.party), [...expected.slice(2), added.right.partyDetails.party].sort());
  });

});
