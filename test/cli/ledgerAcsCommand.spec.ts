import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { lastValueFrom, toArray } from 'rxjs';
import { runCli } from '../../src/cli/runCli';
import { createClient } from '../../src/clientFactory/createClient';
import { orThrow } from '../../src/operators/orThrow';
import { mintToken, startSimulatedNetwork, type SimulatedNetwork } from '../../src/testkit';
import { fakeIo } from './fakeIo';

describe('ledger acs', function () {
  this.timeout(30_000);
  let net: SimulatedNetwork;
  let dir: string;
  before(async () => (net = await startSimulatedNetwork({ seed: 'cli-ledger-acs', updates: 150 })));
  after(() => net.close());
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'canton-rx-ledger-acs-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const expected = async (party: string, token: string, at: number): Promise<string[]> =>
    (
      await lastValueFrom(
        createClient({ ledger: { url: net.ledgerUrl, token } })
          .ledger.activeContracts({ eventFormat: { filtersByParty: { [party]: {} } }, maxPageSize: 3, activeAtOffset: at })
          .pipe(orThrow(), toArray()),
      )
    ).map((c) => JSON.stringify(c));

  it('prints the active contracts at an offset; stopped and rerun with --resume, and with --out, each contract once', async () => {
    const party = net.party('alice');
    const token = mintToken({ userId: 'alice', actAs: [party] });
    const at = net.info().ledgerEnd;
    const all = await expected(party, token, at);
    assert.ok(all.length > 6, `${all.length} contracts`);
    for (const output of [['--resume', join(dir, 'cp.json')], ['--out', join(dir, 'acs.ndjson')]]) {
      const argv = ['ledger', 'acs', '--party', party, '--at', String(at), '--page-size', '3', ...output, '-q'];
      const first = fakeIo({ CANTON_RX_LEDGER_URL: net.ledgerUrl, CANTON_RX_TOKEN: token });
      const write = first.stdout.write.bind(first.stdout);
      first.stdout.write = (c: string) => (first.stdout.lines().length === 4 ? (first.stop(), write(c)) : write(c));
      if (output[0] === '--out') {
        // --out writes to the file: stop once four lines are there.
        const timer = setInterval(() => {
          try {
            if (readFileSync(output[1]!, 'utf8').split('\n').length > 4) first.stop();
          } catch {
            /* not created yet */
          }
        }, 1);
        assert.equal(await runCli(argv, first.io), 0);
        clearInterval(timer);
      } else assert.equal(await runCli(argv, first.io), 0);
      const cut = output[0] === '--out' ? readFileSync(output[1]!, 'utf8').trimEnd().split('\n').length : first.stdout.lines().length;
      assert.ok(cut >= 4 && cut < all.length, `the first run stopped after ${cut} of ${all.length}`);
      const second = fakeIo({ CANTON_RX_LEDGER_URL: net.ledgerUrl, CANTON_RX_TOKEN: token });
      assert.equal(await runCli(argv, second.io), 0);
      const lines = output[0] === '--out' ? readFileSync(output[1]!, 'utf8').trimEnd().split('\n') : [...first.stdout.lines(), ...second.stdout.lines()];
      assert.deepEqual(lines, all, output[0]);
      // A third run continues from the last checkpoint (after the last contract): nothing more.
      const third = fakeIo({ CANTON_RX_LEDGER_URL: net.ledgerUrl, CANTON_RX_TOKEN: token });
      assert.equal(await runCli(argv, third.io), 0);
      assert.equal(third.stdout.lines().length, 0);
    }
  });

  it('needs a party or --any-party', async () => {
    const { io } = fakeIo({ CANTON_RX_LEDGER_URL: net.ledgerUrl });
    assert.equal(await runCli(['ledger', 'acs'], io), 2);
  });
});
