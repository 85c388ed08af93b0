import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { lastValueFrom, toArray } from 'rxjs';
import { runCli } from '../../src/cli/runCli';
import { createClient } from '../../src/clientFactory/createClient';
import { orThrow } from '../../src/operators/orThrow';
import { startSimulatedNetwork, type SimulatedNetwork } from '../../src/testkit';
import { fakeIo } from './fakeIo';

describe('scan holdings', function () {
  this.timeout(30_000);
  let net: SimulatedNetwork;
  let dir: string;
  before(async () => (net = await startSimulatedNetwork({ seed: 'cli-holdings', updates: 300 })));
  after(() => net.close());
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'canton-rx-holdings-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("prints the owners' holdings at a snapshot; stopped and rerun with --resume, each contract once", async () => {
    const snapshot = net.info().snapshots.at(-1)!;
    const owners = [net.party('alice'), net.party('bob')];
    const expected = (
      await lastValueFrom(
        createClient({ scan: { url: net.scanUrl } })
          .scan.holdings({ migration_id: snapshot.migrationId, record_time: snapshot.recordTime, page_size: 100, owner_party_ids: [owners[0]!, owners[1]!] })
          .pipe(orThrow(), toArray()),
      )
    ).map((c) => JSON.stringify(c));
    assert.ok(expected.length > 6);
    const argv = ['scan', 'holdings', '--owner', owners.join(','), '--migration-id', String(snapshot.migrationId), '--record-time', snapshot.recordTime, '--page-size', '4', '--resume', join(dir, 'cp.json'), '-q'];
    const first = fakeIo({ CANTON_RX_SCAN_URL: net.scanUrl });
    const write = first.stdout.write.bind(first.stdout);
    first.stdout.write = (c: string) => (first.stdout.lines().length === 5 ? (first.stop(), write(c)) : write(c));
    assert.equal(await runCli(argv, first.io), 0);
    const second = fakeIo({ CANTON_RX_SCAN_URL: net.scanUrl });
    assert.equal(await runCli(argv, second.io), 0);
    assert.equal(first.stdout.lines().length, 6);
    assert.deepEqual([...first.stdout.lines(), ...second.stdout.lines()], expected);
  });

  it('needs owners and a snapshot, and does not take --out (its lines do not hold the page token)', async () => {
    for (const argv of [
      ['scan', 'holdings', '--migration-id', '0', '--record-time', '2025-06-01T00:00:00Z'],
      ['scan', 'holdings', '--owner', 'a::1'],
      ['scan', 'holdings', '--owner', 'a::1', '--migration-id', '0', '--record-time', '2025-06-01T00:00:00Z', '--out', join(dir, 'x')],
    ]) {
      const { io, stderr } = fakeIo({ CANTON_RX_SCAN_URL: net.scanUrl });
      assert.equal(await runCli(argv, io), 2, argv.join(' '));
      assert.ok(stderr.text.length > 0);
    }
  });
});
