import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NatsConnection } from 'nats';
import * as E from 'fp-ts/lib/Either.js';
import { DuckDBInstance } from '@duckdb/node-api';
import { createClient } from '../../src/clientFactory/createClient';
import { publishBackfillSlices } from '../../src/nats/publishBackfillSlices';
import { startSimulatedScans, type SimulatedScans } from '../../src/testkit/index';
import type { UpdateHistoryItemV2 } from '../../src/codecs/scan/UpdateHistoryItemV2';
import { collect } from '../helpers/collect';
import { rights } from '../helpers/results';
import { requireOrSkip } from '../helpers/localServers';
import { seeded } from '../helpers/crashRuns';
import { projectRoot } from '../helpers/paths';
import { historyFacts } from '../helpers/historyFacts';
import { natsMissing, startNats, type NatsServer } from '../helpers/natsServer';
import { assertHoldsHistory } from '../duckdb/readBack';

describe('distributed backfill into Parquet: slices from a JetStream work queue, worker processes killed with SIGKILL, one writer per slice into a shared folder', function () {
  this.timeout(180_000);
  let scans: SimulatedScans | undefined;
  let nats: NatsServer | undefined;
  let nc: NatsConnection | undefined;
  let dir: string;
  const seed = Number(process.env.CRASH_SEED ?? Date.now() % 100_000);

  before(async function () {
    requireOrSkip(this, natsMissing());
    scans = await startSimulatedScans({ seed: 37, updates: 300, migrations: 2, shortPages: 0.2, tiedRecordTimes: 0.2, scans: [{}] });
    nats = await startNats();
    nc = await nats.connect();
    dir = mkdtempSync(join(tmpdir(), 'canton-rx-parquet-backfill-'));
  });
  after(async () => {
    await nc?.close();
    await nats?.stop();
    await scans?.close();
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  });

  const start = (): { child: ChildProcess; commits: () => number; ended: Promise<'killed' | number>; stderr: () => string } => {
    const child = spawn(process.execPath, [join(projectRoot, '.build', 'test', 'nats', 'backfillWorker.js'), nats!.url, `parquet:${dir}`, scans!.urls[0]!, '20'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let commits = 0;
    let stderr = '';
    child.stdout!.on('data', (c: Buffer) => (commits += c.toString('utf8').split('\n').filter((l) => l.startsWith('commit ')).length));
    child.stderr!.on('data', (c: Buffer) => (stderr = (stderr + c.toString('utf8')).slice(-4000)));
    return { child, commits: () => commits, stderr: () => stderr, ended: new Promise((resolve) => child.on('exit', (code, signal) => resolve(signal === 'SIGKILL' ? 'killed' : (code ?? -1)))) };
  };

  it('the folder holds the history once: every slice whole, no row twice, no half or orphan file; DuckDB reads it by glob', async () => {
    const scan = createClient({ scan: { url: scans!.urls[0]! } }).scan;
    const history = rights(await collect(scan.updates({ page_size: 100 }))) as UpdateHistoryItemV2[];
    const published = await publishBackfillSlices({ nc: nc!, queue: 'BF', ackWaitMs: 1000 }, scan.planBackfill({ page_size: 20 }, { slices: 4 }));
    assert.ok(E.isRight(published) && published.right >= 4, JSON.stringify(published));
    const random = seeded(seed);
    const all = [start(), start(), start()];
    let kills = 0;
    for (let round = 0; round < 40 && kills < 3; round++) {
      await new Promise((r) => setTimeout(r, 100 + Math.floor(random() * 300)));
      const running = all.filter((w) => w.child.exitCode === null && w.child.signalCode === null);
      if (running.length === 0) break;
      const victim = running.find((w) => w.commits() > 0);
      if (victim === undefined) continue;
      victim.child.kill('SIGKILL');
      kills++;
      all.push(start());
      await victim.ended;
    }
    const ends = await Promise.all(all.map((w) => w.ended));
    const why = `seed ${seed} (CRASH_SEED=${seed} replays it); ends ${JSON.stringify(ends)}; stderr ${all.map((w) => w.stderr()).join(' | ')}`;
    assert.ok(kills >= 1, why);
    assert.ok(ends.every((e) => e === 'killed' || e === 0), why);
    // Every Parquet file is one a slice's manifest names. (A hidden `.part-….tmp` may remain from a
    // worker killed while another had already taken its slice over: no reader takes it for Parquet.)
    const manifests = readdirSync(join(dir, '_canton_rx')).filter((f) => f.endsWith('.json'));
    const named = manifests.flatMap((m) => (JSON.parse(readFileSync(join(dir, '_canton_rx', m), 'utf8')) as { manifest: { files: string[] } }).manifest.files).sort();
    const onDisk = readdirSync(dir, { recursive: true }).map(String).filter((f) => f.endsWith('.parquet')).sort();
    assert.deepEqual(onDisk, named, why);
    assert.ok(manifests.length > 0 && manifests.length <= published.right, why);
    const db = await (await DuckDBInstance.create(':memory:')).connect();
    await assertHoldsHistory(db, `read_parquet('${dir}/updates/*/*/*.parquet')`, `read_parquet('${dir}/events/*/*/*.parquet')`, historyFacts(history), why);
  });
});
