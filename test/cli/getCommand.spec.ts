import assert from 'node:assert/strict';
import { runCli } from '../../src/cli/runCli';
import { startSimulatedNetwork, type SimulatedNetwork } from '../../src/testkit';
import { fakeIo } from './fakeIo';

describe('get', function () {
  this.timeout(30_000);
  let net: SimulatedNetwork;
  before(async () => (net = await startSimulatedNetwork({ seed: 'cli-get', updates: 60 })));
  after(() => net.close());

  it('get: one single-shot read printed as one JSON line; --list lists the operations', async () => {
    const { io, stdout } = fakeIo({ CANTON_RX_SCAN_URL: net.scanUrl });
    assert.equal(await runCli(['get', 'scan.getDsoPartyId'], io), 0);
    assert.deepEqual(stdout.json(), [{ dso_party_id: net.dsoParty }]);
    const pretty = fakeIo({ CANTON_RX_SCAN_URL: net.scanUrl });
    assert.equal(await runCli(['get', 'getUpdateHistoryV2', '{"page_size":2}', '--format', 'json'], pretty.io), 0);
    assert.equal((JSON.parse(pretty.stdout.text) as { transactions: unknown[] }).transactions.length, 2);
    const list = fakeIo();
    assert.equal(await runCli(['get', '--list'], list.io), 0);
    assert.match(list.stdout.text, /scan\.lookupTransferCommandCounterByParty <party>/);
  });
  it('a condition is a Left like any other: exit 1, and the condition in the error line', async () => {
    const { io, stderr } = fakeIo({ CANTON_RX_SCAN_URL: net.scanUrl });
    assert.equal(await runCli(['get', 'scan.lookupTransferCommandCounterByParty', 'nobody::1220', '--retries', '0'], io), 1);
    assert.equal((stderr.json()[0]!['error'] as Record<string, unknown>)['condition'], 'NoTransferCommandCounter');
  });
});
