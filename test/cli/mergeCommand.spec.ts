import assert from 'node:assert/strict';
import { runCli } from '../../src/cli/runCli';
import { startSimulatedNetwork, mintToken, type SimulatedNetwork } from '../../src/testkit';
import { fakeIo } from './fakeIo';

describe('merge', function () {
  this.timeout(30_000);
  let net: SimulatedNetwork;
  before(async () => (net = await startSimulatedNetwork({ seed: 'cli-merge', updates: 60 })));
  after(() => net.close());

  it('merge: both feeds merged, each update once', async () => {
    const party = net.party('alice');
    const { io, stdout } = fakeIo({ CANTON_RX_SCAN_URL: net.scanUrl, CANTON_RX_LEDGER_URL: net.ledgerUrl, CANTON_RX_TOKEN: mintToken({ userId: 'alice', actAs: [party] }) });
    assert.equal(await runCli(['merge', '--party', party, '-q'], io), 0);
    const merged = stdout.json();
    assert.equal(merged.length, net.info().updates);
    assert.equal(new Set(merged.map((m) => m['updateId'])).size, merged.length);
    assert.ok(merged.some((m) => m['source'] === 'both'));
  });

  it('--follow keeps tailing both feeds until a stop request, and takes no --resume', async () => {
    const party = net.party('alice');
    const env = { CANTON_RX_SCAN_URL: net.scanUrl, CANTON_RX_LEDGER_URL: net.ledgerUrl, CANTON_RX_TOKEN: mintToken({ userId: 'alice', actAs: [party] }) };
    const refused = fakeIo(env);
    assert.equal(await runCli(['merge', '--party', party, '--resume', 'x.json'], refused.io), 2);
    const total = net.info().updates;
    const { io, stdout, stop } = fakeIo(env);
    const write = stdout.write.bind(stdout);
    stdout.write = (c: string) => {
      const r = write(c);
      if (stdout.lines().length === total) net.append(5);
      if (stdout.lines().length === total + 5) stop();
      return r;
    };
    assert.equal(await runCli(['merge', '--party', party, '--follow', '--poll-interval', '10', '-q'], io), 0);
    assert.equal(stdout.lines().length, total + 5);
    assert.equal(new Set(stdout.json().map((m) => m['updateId'])).size, total + 5);
  });
});
