import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as E from 'fp-ts/lib/Either.js';
import { lastValueFrom } from 'rxjs';
import { createClient } from '../../src/clientFactory/createClient';
import { formatError } from '../../src/errors/formatError';
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


  it('a URL the client would refuse is bad usage (exit 2) in one sentence, and the library says it once too', async () => {
    for (const [argv, env, first] of [
      [['scan', 'updates', '--scan-url', 'not-a-url'], {}, 'canton-rx: --scan-url is not a valid absolute URL'],
      [['scan', 'updates'], { CANTON_RX_SCAN_URL: 'scan.example.com' }, 'canton-rx: CANTON_RX_SCAN_URL is not a valid absolute URL'],
      [['scan', 'updates', '--scan-urls', `${net.scanUrl},ftp://b/api/scan`], {}, 'canton-rx: --scan-urls (URL 2 of 2) must use http: or https:'],
      [['get', 'getLedgerEnd', '--ledger-url', 'https://user:pw@participant.example.com'], { CANTON_RX_TOKEN: 't' }, 'canton-rx: --ledger-url must not carry user info (user:password@): pass credentials as the group token'],
    ] as const) {
      const { io, stderr } = fakeIo(env);
      assert.equal(await runCli(argv, io), 2, argv.join(' '));
      assert.equal(stderr.lines()[0], first);
      assert.ok(!stderr.text.includes('pw@'));
    }
    const r = await lastValueFrom(createClient({ scan: { url: 'not-a-url' } }).scan.getDsoPartyId());
    assert.ok(E.isLeft(r));
    assert.equal(formatError(r.left), 'invalid request: invalid client configuration: the scan base URL is not a valid absolute URL (scan.url)');
  });

  it('an unreachable Scan: the progress lines and the final error say why (ECONNREFUSED and the address)', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const { io, stderr } = fakeIo();
    assert.equal(await runCli(['scan', 'updates', '--scan-url', `http://127.0.0.1:${port}/api/scan`, '--retries', '2', '--retry-max-delay', '1'], io), 1);
    const lines = stderr.json();
    const why = new RegExp(`failed: ECONNREFUSED 127\\.0\\.0\\.1:${port}$`);
    const progress = lines.find((l) => l['progress'] !== undefined)?.['progress'] as { retries: number; lastRetry: string };
    assert.match(progress.lastRetry, why);
    assert.match((lines.find((l) => l['error'] !== undefined)!['error'] as { message: string }).message, why);
    const done = lines.at(-1)!['done'] as { retries: number; lastRetry: string };
    assert.equal(done.retries, 2);
    assert.match(done.lastRetry, why);
    // On a terminal the live line says it too.
    const tty = fakeIo({}, { tty: true });
    assert.equal(await runCli(['scan', 'updates', '--scan-url', `http://127.0.0.1:${port}/api/scan`, '--retries', '1', '--retry-max-delay', '1'], tty.io), 1);
    assert.match(tty.stderr.text, new RegExp(`1 retries \\(last: POST http://127\\.0\\.0\\.1:${port}/api/scan/v2/updates failed: ECONNREFUSED 127\\.0\\.0\\.1:${port}\\)`));
    assert.match(tty.stderr.text, new RegExp(`scan updates: error: .* failed: ECONNREFUSED 127\\.0\\.0\\.1:${port}\\n`));
  });
});
