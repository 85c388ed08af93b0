import assert from 'node:assert/strict';
import type { NatsConnection } from 'nats';
import * as E from 'fp-ts/lib/Either.js';
import { createClient } from '../../src/clientFactory/createClient';
import { publishBackfillSlices } from '../../src/nats/publishBackfillSlices';
import { runBackfillWorker } from '../../src/nats/runBackfillWorker';
import type { ScanCheckpoint } from '../../src/streams/checkpoints';
import { startSimulatedNetwork, type SimulatedNetwork } from '../../src/testkit/index';
import { collect } from '../helpers/collect';
import { rights } from '../helpers/results';
import { requireOrSkip } from '../helpers/localServers';
import { natsMissing, startNats, type NatsServer } from '../helpers/natsServer';
import { memorySink } from '../sinks/memorySink';

describe('runBackfillWorker (against nats-server)', function () {
  this.timeout(30_000);
  let net: SimulatedNetwork | undefined;
  let nats: NatsServer | undefined;
  let nc: NatsConnection | undefined;

  before(async function () {
    requireOrSkip(this, natsMissing());
    net = await startSimulatedNetwork({ seed: 'worker', updates: 60 });
    nats = await startNats();
    nc = await nats.connect();
  });
  after(async () => {
    await nc?.close();
    await nats?.stop();
    await net?.close();
  });

  it('drains every slice and completes once the queue is done, without waiting for a slice first', async () => {
    const scan = createClient({ scan: { url: net!.scanUrl } }).scan;
    const published = await publishBackfillSlices({ nc: nc!, queue: 'W1', ackWaitMs: 5000 }, scan.planBackfill({ page_size: 10 }, { slices: 3 }), 'w1');
    assert.ok(E.isRight(published));
    const sinks = new Map<number, ReturnType<typeof memorySink<ScanCheckpoint>>>();
    // A wait for a slice that may not come lasts idleMs: were the worker to wait once more after
    // its last slice, it would not complete within the test's time.
    const results = await collect(
      runBackfillWorker({
        nc: nc!,
        queue: 'W1',
        ackWaitMs: 5000,
        idleMs: 120_000,
        scan,
        request: { page_size: 10 },
        backfill: { workers: 0 },
        sinkOf: (s) => {
          const m = memorySink<ScanCheckpoint>();
          sinks.set(s.index, m);
          return m.sink;
        },
      }),
    );
    assert.ok(results.every(E.isRight));
    const history = rights(await collect(scan.updates({ page_size: 100 }))) as Array<{ update_id: string }>;
    const drained = [...sinks.entries()].sort((a, b) => a[0] - b[0]).flatMap(([, m]) => m.state.items as unknown as Array<{ update_id: string }>);
    assert.deepEqual(
      drained.map((i) => i.update_id),
      history.map((i) => i.update_id),
    );
  });

});
