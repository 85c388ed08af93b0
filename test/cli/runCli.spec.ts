import assert from 'node:assert/strict';
import { runCli } from '../../src/cli/runCli';
import { startSimulatedNetwork, mintToken, type SimulatedNetwork } from '../../src/testkit';
import { fakeIo } from './fakeIo';

describe('runCli', function () {
  this.timeout(30_000);
  let net: SimulatedNetwork;
  before(async () => (net = await startSimulatedNetwork({ seed: 'cli-run', updates: 60 })));
  after(() => net.close());

  it('bad flags exit 2 with the message and a hint to --help, before anything is sent', async () => {
    net.resetStats();
    for (const argv of [
      ['scan', 'updates', '--scan-url', net.scanUrl, '--page-size', 'x'],
      ['scan', 'updates', '--scan-url', net.scanUrl, '--api-version', 'v3'],
      ['scan', 'updates', '--scan-url', 'not-a-url'],
      ['scan', 'updates', '--scan-url', net.scanUrl, '--no-such-flag'],
      ['scan', 'updates', '--scan-url', net.scanUrl, '--after-migration-id', '1'],
      ['scan', 'updatez'],
      ['ledger', 'updates', '--ledger-url', net.ledgerUrl],
      ['get', 'noSuchOperation', '--scan-url', net.scanUrl],
      ['get', 'scan.lookupTransferCommandCounterByParty', '--scan-url', net.scanUrl],
    ]) {
      const { io, stderr } = fakeIo();
      assert.equal(await runCli(argv, io), 2, argv.join(' '));
      assert.match(stderr.text, /--help/, argv.join(' '));
      assert.ok(stderr.text.length > 30, argv.join(' '));
    }
    assert.equal(net.stats().totalRequests, 0);
  });

  it('a missing URL names the flag and the environment variable (exit 2)', async () => {
    for (const [argv, flag, env] of [
      [['scan', 'updates'], '--scan-url', 'CANTON_RX_SCAN_URL'],
      [['ledger', 'updates', '--party', 'a::1'], '--ledger-url', 'CANTON_RX_LEDGER_URL'],
      [['get', 'validator.listAnsEntries'], '--validator-url', 'CANTON_RX_VALIDATOR_URL'],
    ] as const) {
      const { io, stderr } = fakeIo();
      assert.equal(await runCli(argv, io), 2);
      assert.ok(stderr.text.includes(flag) && stderr.text.includes(env), stderr.text);
    }
  });

  it('the URL and the token come from the environment; a Left exits 1 with a JSON error line that never holds the token', async () => {
    const party = net.party('alice');
    const token = mintToken({ userId: 'alice', actAs: [party] });
    const ok = fakeIo({ CANTON_RX_LEDGER_URL: net.ledgerUrl, CANTON_RX_TOKEN: token });
    assert.equal(await runCli(['ledger', 'updates', '--party', party, '-q'], ok.io), 0);
    assert.ok(ok.stdout.lines().length > 0);
    assert.equal(ok.stderr.text, '');

    const secret = 'secret-token-never-printed';
    const denied = fakeIo({ CANTON_RX_LEDGER_URL: net.ledgerUrl, CANTON_RX_TOKEN: secret });
    assert.equal(await runCli(['get', 'getIdentityProviderConfig', 'idp-simulated'], denied.io), 1);
    const [line] = denied.stderr.json();
    assert.equal((line!['error'] as Record<string, unknown>)['status'], 401);
    assert.ok(!denied.stderr.text.includes(secret) && !denied.stdout.text.includes(secret));
  });

});
