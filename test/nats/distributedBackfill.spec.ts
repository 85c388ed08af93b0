import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type { NatsConnection } from 'nats';
import type pg from 'pg';
import * as E from 'fp-ts/lib/Either.js';
import { createClient } from '../../src/clientFactory/createClient';
import { postgresSink } from '../../src/postgres/postgresSink';
import { publishBackfillSlices } from '../../src/nats/publishBackfillSlices';
import { startSimulatedScans, type SimulatedScans } from '../../src/testkit/index';
import type { UpdateHistoryItemV2 } from '../../src/codecs/scan/UpdateHistoryItemV2';
import { collect } from '../helpers/collect';
import { rights } from '../helpers/results';
import { requireOrSkip } from '../helpers/localServers';
import { seeded } from '../helpers/crashRuns';
import { projectRoot } from '../helpers/paths';
import { natsMissing, startNats, type NatsServer } from '../helpers/natsServer';
import { postgresMissing, startPostgres, type PostgresServer } from '../helpers/postgresServer';
import { backfillSliceStream } from '../../src/nats/backfillSliceStream';

interface Worker {
  readonly child: ChildProcess;
  /** The slices it committed to, in order of its commits. */
  readonly slices: number[];
  readonly ended: Promise<'killed' | number>;
  stderr: string;
}

describe('distributed backfill: slices from a JetStream work queue, several worker processes killed with SIGKILL, into PostgreSQL', function () {
  this.timeout(180_000);
  let scans: SimulatedScans | undefined;
  let nats: NatsServer | undefined;
  let postgres: PostgresServer | undefined;
  let nc: NatsConnection | undefined;
  let db: pg.Client | undefined;
  const seed = Number(process.env.CRASH_SEED ?? Date.now() % 100_000);

  before(async function () {
    requireOrSkip(this, natsMissing() ?? postgresMissing());
    scans = await startSimulatedScans({ seed: 31, updates: 600, migrations: 3, shortPages: 0.2, tiedRecordTimes: 0.2, scans: [{}] });
    nats = await startNats();
    nc = await nats.connect();
    postgres = await startPostgres();
    db = await postgres.connect();
  });
  after(async () => {
    await db?.end();
    await nc?.close();
    await nats?.stop();
    await postgres?.stop();
    await scans?.close();
  });

  const start = (): Worker => {
    const script = join(projectRoot, '.build', 'test', 'nats', 'backfillWorker.js');
    const child = spawn(process.execPath, [script, nats!.url, postgres!.url, scans!.urls[0]!, '20'], { stdio: ['ignore', 'pipe', 'pipe'] });
    const w: Worker = {
      child,
      slices: [],
      stderr: '',
      ended: new Promise((resolve) => child.on('exit', (code, signal) => resolve(signal === 'SIGKILL' ? 'killed' : (code ?? -1)))),
    };
    let out = '';
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString('utf8');
      const lines = out.split('\n');
      out = lines.pop() ?? '';
      for (const line of lines) {
        if (!line.startsWith('commit ')) continue;
        w.slices.push(Number(line.split(' ')[1]));
      }
    });
    child.stderr!.on('data', (c: Buffer) => (w.stderr = (w.stderr + c.toString('utf8')).slice(-4000)));
    return w;
  };

  it('one ordered history comes out of the sink, each item once at its global position, after workers were killed mid-slice', async () => {
    const scan = createClient({ scan: { url: scans!.urls[0]! } }).scan;
    const history = rights(await collect(scan.updates({ page_size: 50 }))) as UpdateHistoryItemV2[];
    assert.equal(history.length, 600);
    const schema = await postgresSink({ db: db!, stream: 'bf/schema' }).createSchema();
    assert.ok(E.isRight(schema));
    const published = await publishBackfillSlices({ nc: nc!, queue: 'BF', ackWaitMs: 1000 }, scan.planBackfill({ page_size: 20 }, { slices: 4 }));
    assert.ok(E.isRight(published) && published.right >= 8, JSON.stringify(published));

    // Three workers; each kill replaces the killed one, so three keep working.
    const random = seeded(seed);
    const all: Worker[] = [start(), start(), start()];
    let kills = 0;
    const cuts: Array<{ slice: number; rows: number }> = [];
    const sliceRows = async (slice: number): Promise<number> =>
      ((await db!.query(`SELECT count(*)::int AS n FROM canton_rx_items WHERE stream = $1`, [backfillSliceStream('bf', slice)])).rows[0] as { n: number }).n;
    for (let round = 0; round < 40 && kills < 4; round++) {
      await new Promise((r) => setTimeout(r, 100 + Math.floor(random() * 300)));
      const running = all.filter((w) => w.child.exitCode === null && w.child.signalCode === null);
      if (running.length === 0) break;
      // A worker that has committed part of a slice: the kill lands inside it.
      const victim = running.find((w) => w.slices.length > 0);
      if (victim === undefined) continue;
      victim.child.kill('SIGKILL');
      kills++;
      all.push(start());
      // What the sink held of the victim's last slice once it was dead: its stdout may have lost
      // lines of commits that happened, so the sink, not stdout, says whether the kill cut it.
      await victim.ended;
      const slice = victim.slices.at(-1)!;
      cuts.push({ slice, rows: await sliceRows(slice) });
    }
    const ends = await Promise.all(all.map((w) => w.ended));
    const why = `seed ${seed} (CRASH_SEED=${seed} replays it); ends ${JSON.stringify(ends)}; slices ${JSON.stringify(all.map((w) => w.slices))}; stderr ${all.map((w) => w.stderr).join(' | ')}`;
    assert.ok(kills >= 2, why);
    assert.ok(ends.filter((e) => e === 'killed').length === kills && ends.every((e) => e === 'killed' || e === 0), why);
    // A kill that landed inside a slice left part of it in the sink once the worker was dead; the
    // rest was committed after the kill, so by another worker (which may have been killed later in
    // its turn). The exact rows below are the guarantee: a cut slice not taken over, or restarted
    // from its beginning, misses or repeats items there.
    const cutEnds = await Promise.all(cuts.map(async (c) => ({ ...c, end: await sliceRows(c.slice) })));
    const takenOver = cutEnds.filter((c) => c.end > c.rows).map((c) => `slice ${c.slice} at ${c.rows} of ${c.end}`);
    const { rows } = await db!.query(`SELECT item->>'update_id' AS id FROM canton_rx_items WHERE stream LIKE 'bf/0%' ORDER BY stream, seq`);
    assert.deepEqual(
      rows.map((r: { id: string }) => r.id),
      history.map((i) => i.update_id),
      `${why}; taken over after a kill: ${takenOver.join(', ') || 'none (every kill fell between slices)'}`,
    );
  });
});
