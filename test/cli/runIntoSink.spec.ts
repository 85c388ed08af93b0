import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { lastValueFrom, toArray } from 'rxjs';
import { runIntoSink } from '../../src/cli/runIntoSink';
import { scanUpdatesPlan } from '../../src/cli/scanUpdatesCommand';
import { createClient } from '../../src/clientFactory/createClient';
import { orThrow } from '../../src/operators/orThrow';
import { startSimulatedNetwork, type SimulatedNetwork } from '../../src/testkit';
import { fakeIo } from './fakeIo';

describe('runIntoSink', function () {
  this.timeout(60_000);
  let net: SimulatedNetwork;
  let dir: string;
  before(async () => (net = await startSimulatedNetwork({ seed: 'cli-sink', updates: 90 })));
  after(() => net.close());
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'canton-rx-sink-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('pglite:DIR: the history stored exactly once; a rerun after growth stores only what is new', async () => {
    const plan = () => scanUpdatesPlan(createClient({ scan: { url: net.scanUrl } }), { version: 'v2', pollInterval: 10, pageSize: 25 });
    const first = fakeIo();
    assert.equal(await runIntoSink(first.io, plan(), `pglite:${dir}`, 'scan.updates', false), 0);
    assert.equal((first.stderr.json().at(-1)!['done'] as { items: number }).items, 90);
    net.append(10);
    const second = fakeIo();
    assert.equal(await runIntoSink(second.io, plan(), `pglite:${dir}`, 'scan.updates', false), 0);
    assert.equal((second.stderr.json().at(-1)!['done'] as { items: number }).items, 10);
    // The rerun says where it goes on from (the sink's checkpoint), as a --resume rerun does; the first run had none.
    assert.equal(first.stderr.json().filter((l) => l['event'] === 'resumed').length, 0);
    const resumed = second.stderr.json().find((l) => l['event'] === 'resumed');
    assert.ok(resumed !== undefined, JSON.stringify(second.stderr.json()));
    const db = new PGlite(dir);
    try {
      const { rows } = await db.query<{ update_id: string }>("SELECT update_id FROM canton_rx_items WHERE stream = 'scan.updates' ORDER BY seq");
      const history = await lastValueFrom(createClient({ scan: { url: net.scanUrl } }).scan.updates({ page_size: 1000 }).pipe(orThrow(), toArray()));
      assert.deepEqual(
        rows.map((r) => r.update_id),
        history.map((i) => i.update_id),
      );
    } finally {
      await db.close();
    }
  });

  it('a Left of the stream ends it with exit 1 and an error line', async () => {
    const { io, stderr } = fakeIo();
    const plan = scanUpdatesPlan(createClient({ scan: { url: 'http://127.0.0.1:9/api/scan' } }), { version: 'v2', pollInterval: 10, pageSize: 25, retries: 0 });
    assert.equal(await runIntoSink(io, plan, `pglite:${dir}`, 'scan.updates', true), 1);
    assert.equal((stderr.json()[0]!['error'] as { tag: string }).tag, 'NetworkError');
  });
});
