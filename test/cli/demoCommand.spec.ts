import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { runCli } from '../../src/cli/runCli';
import { fakeIo } from './fakeIo';

describe('demo', function () {
  this.timeout(30_000);

  it('starts a simulated network, prints commands that work against it, and closes it on Ctrl-C', async () => {
    const demo = fakeIo();
    const running = runCli(['demo', '--updates', '40'], demo.io);
    for (let i = 0; i < 500 && !demo.stdout.text.includes('Stop with Ctrl-C'); i++) await new Promise((r) => setTimeout(r, 10));
    const scanUrl = /CANTON_RX_SCAN_URL=(\S+)/.exec(demo.stdout.text)![1]!;
    const tokenFile = /--token-file (\S+)/.exec(demo.stdout.text)![1]!;
    assert.ok(existsSync(tokenFile));

    const get = fakeIo({ CANTON_RX_SCAN_URL: scanUrl });
    assert.equal(await runCli(['get', 'scan.getDsoPartyId'], get.io), 0);
    assert.match(get.stdout.text, /dso_party_id/);
    const scan = fakeIo({ CANTON_RX_SCAN_URL: scanUrl });
    assert.equal(await runCli(['scan', 'updates', '-q'], scan.io), 0);
    assert.equal(scan.stdout.lines().length, 40);

    demo.stop();
    assert.equal(await running, 0);
    assert.ok(!existsSync(tokenFile), 'the token file is removed');
    const after = fakeIo({ CANTON_RX_SCAN_URL: scanUrl });
    assert.equal(await runCli(['get', 'scan.getDsoPartyId', '--retries', '0'], after.io), 1, 'the network is closed');
  });
});
