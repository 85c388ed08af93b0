import assert from 'node:assert/strict';
import type { NatsConnection } from 'nats';
import { createClient } from '../../src/clientFactory/createClient';
import { checkpointOf } from '../../src/streams/checkpointOf';
import type { ScanCheckpoint } from '../../src/streams/checkpoints';
import type { UpdateHistoryItemV2 } from '../../src/codecs/scan/UpdateHistoryItemV2';
import { natsSink } from '../../src/nats/natsSink';
import { startSimulatedNetwork, type SimulatedNetwork } from '../../src/testkit/index';
import { collect } from '../helpers/collect';
import { rights } from '../helpers/results';
import { right } from '../helpers/eithers';
import { requireOrSkip } from '../helpers/localServers';
import { crashAndResume } from '../helpers/crashRuns';
import { natsMissing, startNats, type NatsServer } from '../helpers/natsServer';
import { subjectContents } from './subjectContents';

for (const client of [{ name: 'nats 2.x', engine: 'nats' }, { name: '@nats-io/transport-node 3.x', engine: 'nats3' }])
describe(`exactly once through crashes into JetStream with ${client.name}: a writer killed with SIGKILL at random moments, resumed until done`, function () {
  this.timeout(120_000);
  let net: SimulatedNetwork;
  let history: UpdateHistoryItemV2[];
  let server: NatsServer | undefined;
  let nc: NatsConnection | undefined;
  const seed = Number(process.env.CRASH_SEED ?? Date.now() % 100_000);

  before(async function () {
    requireOrSkip(this, natsMissing());
    net = await startSimulatedNetwork({ seed: 17, updates: 300, tiedRecordTimes: 0.2, shortPages: 0.2 });
    history = rights(await collect(createClient({ scan: { url: net.scanUrl } }).scan.updates({ page_size: 100 }))) as UpdateHistoryItemV2[];
    net.setFaults({ rate: 0.2, kinds: [500, 503, 'reset', 'truncate', 'invalid-json'], seed: 4, only: { routes: ['POST /api/scan/v2/updates'] }, retryAfterSeconds: 0 });
    server = await startNats();
    nc = await server.connect();
  });
  after(async () => {
    await nc?.close();
    await server?.stop();
    await net?.close();
  });

  it('the subject holds exactly the history, each item once, in order; the bucket its last checkpoint', async () => {
    // Kills land between publishes too: a page is published item by item before its checkpoint.
    const runs = await crashAndResume([`${client.engine}:${server!.url}`, net.scanUrl, 'crash', '20'], { seed, kills: 5, maxCommits: 2, maxDelayMs: 15 });
    const why = `seed ${seed} (CRASH_SEED=${seed} replays it); runs: ${JSON.stringify(runs.map((r) => [r.end, r.commits]))}; last stderr: ${runs[runs.length - 1]?.stderr}`;
    assert.equal(runs[runs.length - 1]!.end, 0, why);
    assert.ok(runs.filter((r) => r.end === 'killed').length >= 3, why);
    const stored = await subjectContents(nc!, 'CRASH');
    assert.deepEqual(stored.map((m) => m.item.update_id), history.map((i) => i.update_id), why);
    const loaded = right(await natsSink<ScanCheckpoint>({ nc: nc!, subject: 'feed.crash', stream: 'CRASH' }).load());
    assert.deepEqual(loaded.checkpoint, checkpointOf(history[history.length - 1]!), why);
  });
});
