import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { lastValueFrom, toArray } from 'rxjs';
import { runCli } from '../../src/cli/runCli';
import { createClient } from '../../src/clientFactory/createClient';
import { orThrow } from '../../src/operators/orThrow';
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

  it('prints one NDJSON line an element (scan.activity); stopped inside an update and rerun with --resume, each element once', async () => {
    const expected = (await lastValueFrom(createClient({ scan: { url: net.scanUrl } }).scan.activity({ page_size: 100 }).pipe(orThrow(), toArray()))).map((e) => JSON.stringify(e));
    assert.ok(expected.some((l) => l.includes('"kind":"transfer"')));
    // The first update has several elements: the first run stops inside it.
    const stopAt = 3;
    const third = JSON.parse(expected[stopAt - 1]!) as { index: number; count: number };
    assert.ok(third.index < third.count - 1, 'the stop is not inside an update');
    const argv = ['scan', 'activity', '--page-size', '7', '--resume', join(dir, 'cp.json'), '-q'];
    const first = fakeIo({ CANTON_RX_SCAN_URL: net.scanUrl });
    const write = first.stdout.write.bind(first.stdout);
    first.stdout.write = (c: string) => (first.stdout.lines().length === stopAt - 1 ? (first.stop(), write(c)) : write(c));
    assert.equal(await runCli(argv, first.io), 0);
    const second = fakeIo({ CANTON_RX_SCAN_URL: net.scanUrl });
    assert.equal(await runCli(argv, second.io), 0);
    assert.equal(first.stdout.lines().length, stopAt);
    assert.deepEqual([...first.stdout.lines(), ...second.stdout.lines()], expected);
    // --out resumes from its last line alone (index and count give the checkpoint): a file cut inside an update.
    const out = join(dir, 'activity.ndjson');
    writeFileSync(out, expected.slice(0, stopAt).join('\n') + '\n');
    assert.equal(await runCli(['scan', 'activity', '--page-size', '7', '--out', out, '-q'], fakeIo({ CANTON_RX_SCAN_URL: net.scanUrl }).io), 0);
    assert.deepEqual(readFileSync(out, 'utf8').trim().split('\n'), expected);
  });
});
