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

describe('ledger token-history and ledger balances', function () {
  this.timeout(30_000);
  let net: SimulatedNetwork;
  let dir: string;
  before(async () => {
    net = await startSimulatedNetwork({ seed: 'cli-tokens', updates: 120, migrations: 1, tokenFlows: 1, hostedParties: ['validator-1', 'alice', 'bob', 'charlie'] });
    dir = mkdtempSync(join(tmpdir(), 'canton-rx-tokens-'));
  });
  after(async () => {
    await net.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const env = () => ({ CANTON_RX_LEDGER_URL: net.ledgerUrl, CANTON_RX_TOKEN: mintToken({ userId: 'alice', readAs: [net.party('alice')] }) });
  const ledger = () => createClient({ ledger: { url: net.ledgerUrl, token: env().CANTON_RX_TOKEN } }).ledger;

  it('token-history prints what ledger.tokenStandardHistory gives, one transaction a line (V1 and V2)', async () => {
    const party = net.party('alice');
    for (const version of ['V1', 'V2'] as const) {
      const expected = await lastValueFrom(ledger().tokenStandardHistory({ party, standardVersion: version }).pipe(orThrow(), toArray()));
      assert.ok(expected.length > 3, `${expected.length} ${version} transactions`);
      const { io, stdout } = fakeIo(env());
      assert.equal(await runCli(['ledger', 'token-history', '--party', party, '--standard-version', version, '--page-size', '9', '-q'], io), 0);
      assert.deepEqual(stdout.lines(), expected.map((t) => JSON.stringify(t)));
    }
  });

  it('--out, cut at an offset and rerun, writes each transaction once (token-history and balances)', async () => {
    const party = net.party('alice');
    const half = Math.floor(net.info().ledgerEnd / 2);
    const reads: Array<[string, () => Promise<unknown[]>]> = [
      ['token-history', () => lastValueFrom(ledger().tokenStandardHistory({ party }).pipe(orThrow(), toArray()))],
      ['balances', () => lastValueFrom(ledger().tokenBalances({ party }).pipe(orThrow(), toArray()))],
    ];
    for (const [command, read] of reads) {
      const out = join(dir, `${command}.ndjson`);
      const first = fakeIo(env());
      assert.equal(await runCli(['ledger', command, '--party', party, '--page-size', '5', '--end-inclusive', String(half), '--out', out, '-q'], first.io), 0);
      const cut = readFileSync(out, 'utf8').trim().split('\n').length;
      const second = fakeIo(env());
      assert.equal(await runCli(['ledger', command, '--party', party, '--page-size', '5', '--out', out, '-q'], second.io), 0);
      const lines = readFileSync(out, 'utf8').trim().split('\n');
      const expected = await read();
      assert.ok(cut > 0 && cut < lines.length, `${command}: ${cut} lines, then ${lines.length}`);
      assert.deepEqual(lines, expected.map((x) => JSON.stringify(x)), `${command}: each line once`);
    }
  });

  it('without --party, with an unknown --standard-version, or --follow with --end-inclusive: bad usage', async () => {
    for (const argv of [
      ['ledger', 'token-history'],
      ['ledger', 'balances'],
      ['ledger', 'token-history', '--party', 'a::1', '--standard-version', 'V3'],
      ['ledger', 'balances', '--party', 'a::1', '--follow', '--end-inclusive', '5'],
    ]) {
      const { io } = fakeIo(env());
      assert.equal(await runCli(argv, io), 2, argv.join(' '));
    }
  });
});
