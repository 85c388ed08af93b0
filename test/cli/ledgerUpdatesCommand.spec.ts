import assert from 'node:assert/strict';
import { lastValueFrom, toArray } from 'rxjs';
import { runCli } from '../../src/cli/runCli';
import { ledgerUpdatesRequest } from '../../src/cli/ledgerUpdatesRequest';
import { createClient } from '../../src/clientFactory/createClient';
import { orThrow } from '../../src/operators/orThrow';
import { mintToken, startSimulatedNetwork, type SimulatedNetwork } from '../../src/testkit';
import { fakeIo } from './fakeIo';

describe('ledger updates', function () {
  this.timeout(30_000);
  let net: SimulatedNetwork;
  before(async () => (net = await startSimulatedNetwork({ seed: 'cli-ledger', updates: 120 })));
  after(() => net.close());

  it('prints what ledger.updates decodes for the filters, up to --end-inclusive', async () => {
    const party = net.party('alice');
    const token = mintToken({ userId: 'alice', actAs: [party] });
    const end = Math.floor(net.info().ledgerEnd / 2);
    const flags = { party: [party], templateId: [], shape: 'ledger-effects' as const, pageSize: 7, endInclusive: end };
    const expected = await lastValueFrom(createClient({ ledger: { url: net.ledgerUrl, token } }).ledger.updates(ledgerUpdatesRequest(flags)).pipe(orThrow(), toArray()));
    assert.ok(expected.length > 0);
    const { io, stdout } = fakeIo({ CANTON_RX_LEDGER_URL: net.ledgerUrl, CANTON_RX_TOKEN: token });
    assert.equal(await runCli(['ledger', 'updates', '--party', party, '--shape', 'ledger-effects', '--page-size', '7', '--end-inclusive', String(end), '-q'], io), 0);
    assert.deepEqual(stdout.lines(), expected.map((u) => JSON.stringify(u)));
  });

  it('--follow with --end-inclusive, or no party, is bad usage', async () => {
    for (const argv of [
      ['ledger', 'updates', '--party', 'a::1', '--follow', '--end-inclusive', '5'],
      ['ledger', 'updates'],
      ['ledger', 'updates', '--party', 'a::1', '--shape', 'flat'],
    ]) {
      const { io } = fakeIo({ CANTON_RX_LEDGER_URL: net.ledgerUrl });
      assert.equal(await runCli(argv, io), 2, argv.join(' '));
    }
  });
});
