import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { lastValueFrom, toArray } from 'rxjs';
import { runCli } from '../../src/cli/runCli';
import { createClient } from '../../src/clientFactory/createClient';
import { orThrow } from '../../src/operators/orThrow';
import { activityOf } from '../../src/operators/activityOf';
import { checkpointOf } from '../../src/streams/checkpointOf';
import { startSimulatedNetwork, type SimulatedNetwork } from '../../src/testkit';
import { fakeIo } from './fakeIo';

describe('scan activity', function () {
  this.timeout(30_000);
  let net: SimulatedNetwork;
  let dir: string;
  before(async () => (net = await startSimulatedNetwork({ seed: 'cli-activity', updates: 200 })));
  after(() => net.close());
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'canton-rx-activity-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('prints one NDJSON line an update with its activity; stopped and rerun with --resume, each update once', async () => {
    const items = await lastValueFrom(createClient({ scan: { url: net.scanUrl } }).scan.updates({ page_size: 100 }).pipe(orThrow(), toArray()));
    const expected = items.map((i) => {
      const cp = checkpointOf(i);
      return JSON.stringify({ update_id: i.update_id, migration_id: cp.migration_id, record_time: cp.record_time, elements: activityOf(i) });
    });
    assert.ok(expected.some((l) => l.includes('"kind":"transfer"')));
    const argv = ['scan', 'activity', '--page-size', '7', '--resume', join(dir, 'cp.json'), '-q'];
    const first = fakeIo({ CANTON_RX_SCAN_URL: net.scanUrl });
    const write = first.stdout.write.bind(first.stdout);
    first.stdout.write = (c: string) => (first.stdout.lines().length === 20 ? (first.stop(), write(c)) : write(c));
    assert.equal(await runCli(argv, first.io), 0);
    const second = fakeIo({ CANTON_RX_SCAN_URL: net.scanUrl });
    assert.equal(await runCli(argv, second.io), 0);
    assert.ok(first.stdout.lines().length < expected.length);
    assert.deepEqual([...first.stdout.lines(), ...second.stdout.lines()], expected);
  });
});
