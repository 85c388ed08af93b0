import assert from 'node:assert/strict';
import { lastValueFrom, toArray } from 'rxjs';
import { runCli } from '../../src/cli/runCli';
import { createClient } from '../../src/clientFactory/createClient';
import { orThrow } from '../../src/operators/orThrow';
import { startSimulatedNetwork, type SimulatedNetwork } from '../../src/testkit';
import { fakeIo } from './fakeIo';

describe('scan updates', function () {
  this.timeout(30_000);
  let net: SimulatedNetwork;
  before(async () => (net = await startSimulatedNetwork({ seed: 'cli-scan', updates: 80 })));
  after(() => net.close());

  it('--api-version v1 reads /v1/updates; --after-* starts strictly after that point', async () => {
    const client = createClient({ scan: { url: net.scanUrl } });
    const v1 = (await lastValueFrom(client.scan.updates({ page_size: 1000 }, { version: 'v1' }).pipe(orThrow(), toArray()))).map((i) => JSON.stringify(i));
    const a = fakeIo({ CANTON_RX_SCAN_URL: net.scanUrl });
    assert.equal(await runCli(['scan', 'updates', '--api-version', 'v1', '-q'], a.io), 0);
    assert.deepEqual(a.stdout.lines(), v1);
    // The old name still works for one minor release, and says so.
    const old = fakeIo({ CANTON_RX_SCAN_URL: net.scanUrl });
    assert.equal(await runCli(['scan', 'updates', '--version', 'v1', '-q'], old.io), 0);
    assert.deepEqual(old.stdout.lines(), v1);
    assert.match(old.stderr.text, /--version is deprecated: use --api-version/);
    assert.doesNotMatch(a.stderr.text, /deprecated/);

    const v2 = await lastValueFrom(client.scan.updates({ page_size: 1000 }).pipe(orThrow(), toArray()));
    const cut = v2[40]!;
    const migration = 'event' in cut ? cut.event.migration_id : cut.migration_id;
    const after = v2.filter((i) => ('event' in i ? i.event.migration_id : i.migration_id) > migration || (('event' in i ? i.event.migration_id : i.migration_id) === migration && i.record_time > cut.record_time));
    const b = fakeIo({ CANTON_RX_SCAN_URL: net.scanUrl });
    assert.equal(await runCli(['scan', 'updates', '--after-migration-id', String(migration), '--after-record-time', cut.record_time, '-q'], b.io), 0);
    assert.deepEqual(b.stdout.lines(), after.map((i) => JSON.stringify(i)));
  });

  it('--out with --sink, or --after-migration-id alone, is bad usage before anything is sent', async () => {
    net.resetStats();
    for (const argv of [
      ['scan', 'updates', '--out', 'x.ndjson', '--sink', 'pglite:./x'],
      ['scan', 'updates', '--after-record-time', '2025-06-01T00:00:00Z'],
    ]) {
      const { io } = fakeIo({ CANTON_RX_SCAN_URL: net.scanUrl });
      assert.equal(await runCli(argv, io), 2, argv.join(' '));
    }
    assert.equal(net.stats().totalRequests, 0);
  });
});
