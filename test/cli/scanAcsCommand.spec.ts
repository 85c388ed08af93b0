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

describe('scan acs', function () {
  this.timeout(30_000);
  let net: SimulatedNetwork;
  let dir: string;
  before(async () => (net = await startSimulatedNetwork({ seed: 'cli-acs', updates: 200 })));
  after(() => net.close());
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'canton-rx-acs-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("prints Scan's active contracts at a snapshot; stopped and rerun with --resume, each contract once", async () => {
    const snapshot = net.info().snapshots.at(-1)!;
    const expected = (
      await lastValueFrom(
        createClient({ scan: { url: net.scanUrl } })
          .scan.acsSnapshot({ migration_id: snapshot.migrationId, record_time: snapshot.recordTime, page_size: 100 })
          .pipe(orThrow(), toArray()),
      )
    ).map((c) => JSON.stringify(c));
    assert.ok(expected.length > 8, `${expected.length} contracts`);
    const argv = ['scan', 'acs', '--migration-id', String(snapshot.migrationId), '--record-time', snapshot.recordTime, '--page-size', '3', '--resume', join(dir, 'cp.json'), '-q'];
    const first = fakeIo({ CANTON_RX_SCAN_URL: net.scanUrl });
    const write = first.stdout.write.bind(first.stdout);
    first.stdout.write = (c: string) => (first.stdout.lines().length === 4 ? (first.stop(), write(c)) : write(c));
    assert.equal(await runCli(argv, first.io), 0);
    const second = fakeIo({ CANTON_RX_SCAN_URL: net.scanUrl });
    assert.equal(await runCli(argv, second.io), 0);
    assert.equal(first.stdout.lines().length, 5);
    assert.deepEqual([...first.stdout.lines(), ...second.stdout.lines()], expected);
  });

  it('filters by template, needs a snapshot, and does not take --out', async () => {
    const snapshot = net.info().snapshots.at(-1)!;
    const amulets = fakeIo({ CANTON_RX_SCAN_URL: net.scanUrl });
    assert.equal(await runCli(['scan', 'acs', '--migration-id', String(snapshot.migrationId), '--record-time', snapshot.recordTime, '--template', 'splice-amulet:Splice.Amulet:Amulet', '-q'], amulets.io), 0);
    const lines = amulets.stdout.json();
    assert.ok(lines.length > 0 && lines.every((c) => String(c['template_id']).endsWith(':Splice.Amulet:Amulet')), JSON.stringify(lines.slice(0, 2)));
    // MODULE:ENTITY, as the --help example prints it, matches that template of any package: the same contracts.
    const anyPackage = fakeIo({ CANTON_RX_SCAN_URL: net.scanUrl });
    assert.equal(await runCli(['scan', 'acs', '--migration-id', String(snapshot.migrationId), '--record-time', snapshot.recordTime, '--template', 'Splice.Amulet:Amulet', '--page-size', '7', '-q'], anyPackage.io), 0);
    assert.deepEqual(anyPackage.stdout.json(), lines);
    for (const argv of [
      ['scan', 'acs', '--migration-id', '0'],
      ['scan', 'acs', '--migration-id', '0', '--record-time', '2025-06-01T00:00:00Z', '--out', join(dir, 'x')],
    ]) {
      const { io, stderr } = fakeIo({ CANTON_RX_SCAN_URL: net.scanUrl });
      assert.equal(await runCli(argv, io), 2, argv.join(' '));
      assert.ok(stderr.text.length > 0);
    }
  });
});
