import assert from 'node:assert/strict';
import { connectionConfig } from '../../src/cli/connectionConfig';
import { runCli } from '../../src/cli/runCli';
import { UsageError } from '../../src/cli/UsageError';
import { startSimulatedNetwork, type SimulatedNetwork } from '../../src/testkit';
import { fakeIo } from './fakeIo';

describe('get: the registry group', function () {
  this.timeout(30_000);
  let net: SimulatedNetwork;
  before(async () => (net = await startSimulatedNetwork({ seed: 'cli-registry', updates: 60, registry: true })));
  after(() => net.close());

  it("reads Amulet's registry at the Scan host's root given only the Scan URL, or at --registry-url", async () => {
    const viaScan = fakeIo({ CANTON_RX_SCAN_URL: net.scanUrl });
    assert.equal(await runCli(['get', 'registry.getRegistryInfo'], viaScan.io), 0, viaScan.stderr.text);
    assert.equal(viaScan.stdout.json()[0]!['adminId'], net.dsoParty);
    const viaFlag = fakeIo();
    assert.equal(await runCli(['get', 'getInstrument', 'Amulet', '--registry-url', net.url], viaFlag.io), 0, viaFlag.stderr.text);
    assert.equal(viaFlag.stdout.json()[0]!['decimals'], 10);
    const factory = fakeIo({ CANTON_RX_REGISTRY_URL: net.url });
    assert.equal(await runCli(['get', 'getTransferFactory', '{"choiceArguments":{}}'], factory.io), 0, factory.stderr.text);
    assert.equal(typeof factory.stdout.json()[0]!['factoryId'], 'string');
  });

  it('lists the registry reads with their arguments', async () => {
    const list = fakeIo();
    assert.equal(await runCli(['get', '--list'], list.io), 0);
    assert.match(list.stdout.text, /registry:\n/);
    assert.match(list.stdout.text, /registry\.getTransferInstructionAcceptContext <transferInstructionId> <request>|getTransferInstructionAcceptContext <transferInstructionId> <request>/);
  });

  it('connectionConfig: --registry-url, else the Scan URL (the client derives the root), else a UsageError; no token to the registry', () => {
    assert.deepEqual(connectionConfig({ registryUrl: 'https://registry.example' }, { CANTON_RX_TOKEN: 'secret' }, ['registry']), { registry: { url: 'https://registry.example' } });
    assert.deepEqual(connectionConfig({}, { CANTON_RX_SCAN_URL: 'https://scan.example/api/scan' }, ['registry']), { scan: { url: 'https://scan.example/api/scan' } });
    assert.throws(() => connectionConfig({}, {}, ['registry']), (e: unknown) => e instanceof UsageError && /missing the registry URL/.test(e.message));
    assert.throws(() => connectionConfig({ registryUrl: 'not-a-url' }, {}, ['registry']), (e: unknown) => e instanceof UsageError && /--registry-url is not a valid absolute URL/.test(e.message));
  });
});
