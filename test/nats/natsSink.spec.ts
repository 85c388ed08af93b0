import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import { lastValueFrom, toArray } from 'rxjs';
import { headers, type NatsConnection } from 'nats';
import { createClient, type CantonClient } from '../../src/clientFactory/createClient';
import { checkpointOf } from '../../src/streams/checkpointOf';
import type { ScanCheckpoint } from '../../src/streams/checkpoints';
import type { UpdateHistoryItemV2 } from '../../src/codecs/scan/UpdateHistoryItemV2';
import { drainInto } from '../../src/sinks/drainInto';
import { natsSink } from '../../src/nats/natsSink';
import { startSimulatedNetwork, type SimulatedNetwork } from '../../src/testkit/index';
import { collect } from '../helpers/collect';
import { rights } from '../helpers/results';
import { allRight, right } from '../helpers/eithers';
import { requireOrSkip } from '../helpers/localServers';
import { natsMissing, startNats, type NatsServer } from '../helpers/natsServer';
import { subjectContents } from './subjectContents';

describe('natsSink on nats-server with JetStream', function () {
  this.timeout(60_000);
  let net: SimulatedNetwork;
  let client: CantonClient;
  let history: UpdateHistoryItemV2[];
  let server: NatsServer | undefined;
  let nc: NatsConnection;

  before(async function () {
    requireOrSkip(this, natsMissing());
    net = await startSimulatedNetwork({ seed: 13, updates: 120, tiedRecordTimes: 0.3, shortPages: 0.3 });
    client = createClient({ scan: { url: net.scanUrl } });
    history = rights(await collect(client.scan.updates({ page_size: 40 }))) as UpdateHistoryItemV2[];
    server = await startNats();
    nc = await server.connect();
  });
  after(async () => {
    await nc?.close();
    await server?.stop();
    await net?.close();
  });

  const sinkFor = (name: string, conn: NatsConnection = nc) => natsSink<ScanCheckpoint>({ nc: conn, subject: `feed.${name}`, stream: name.toUpperCase() });
  const drain = (sink: ReturnType<typeof sinkFor>) => lastValueFrom(drainInto(sink, (from, pull) => client.scan.updates({ page_size: 25 }, { from, pull })).pipe(toArray()));

  it('publishes a Scan history: each item once, in order, with its identity as Nats-Msg-Id; the checkpoint in the bucket', async () => {
    const sink = sinkFor('a');
    right(await sink.createSchema());
    right(await sink.createSchema());
    assert.deepEqual(right(await sink.load()), { checkpoint: undefined, revision: 0 });
    const commits = allRight(await drain(sink));
    assert.equal(commits.reduce((n, c) => n + c.items, 0), history.length);
    const stored = await subjectContents(nc, 'A');
    assert.deepEqual(stored.map((m) => m.item.update_id), history.map((i) => i.update_id));
    assert.deepEqual(stored[0]!.msgId, `${checkpointOf(history[0]!).migration_id}:${history[0]!.update_id}`);
    const loaded = right(await sinkFor('a').load());
    assert.deepEqual(loaded.checkpoint, checkpointOf(history[history.length - 1]!));
    assert.equal(loaded.revision, commits[commits.length - 1]!.revision);
    // A second run finds nothing new.
    assert.deepEqual(await drain(sinkFor('a')), []);
  });

  it('after a crash between the publishes and the checkpoint, the next run takes the published items as published, beyond the duplicate window', async () => {
    // A duplicate window of 100 ms (the least JetStream takes), waited out (the server forgets ids on a timer of that period): only the expected-sequence check and the identities guard the stream.
    const sink = natsSink<ScanCheckpoint>({ nc, subject: 'feed.b', stream: 'B', duplicateWindowMs: 100 });
    right(await sink.createSchema());
    right(await sink.commit(history.slice(0, 10), checkpointOf(history[9]!), 0));
    // A crashed run published 5 more items and died before storing its checkpoint.
    const js = nc.jetstream();
    for (let i = 10; i < 15; i++) {
      const h = headers();
      h.set('Nats-Msg-Id', `${checkpointOf(history[i]!).migration_id}:${history[i]!.update_id}`);
      await js.publish('feed.b', new TextEncoder().encode(JSON.stringify(history[i])), { headers: h });
    }
    await new Promise((r) => setTimeout(r, 300));
    allRight(await drain(sinkFor('b')));
    assert.deepEqual((await subjectContents(nc, 'B')).map((m) => m.item.update_id), history.map((i) => i.update_id));
  });

  it('a foreign message on the subject: the commit is a CheckpointConflict and publishes nothing after it', async () => {
    const sink = sinkFor('c');
    right(await sink.createSchema());
    const first = right(await sink.commit(history.slice(0, 3), checkpointOf(history[2]!), 0));
    await nc.jetstream().publish('feed.c', new TextEncoder().encode('{"update_id":"foreign"}'));
    const r = await sink.commit(history.slice(3, 6), checkpointOf(history[5]!), first);
    assert.ok(E.isLeft(r) && r.left._tag === 'CheckpointConflict', JSON.stringify(r));
    assert.equal(r.left._tag === 'CheckpointConflict' && r.left.expected, first);
    assert.deepEqual((await subjectContents(nc, 'C')).map((m) => m.item.update_id), [...history.slice(0, 3).map((i) => i.update_id), 'foreign']);
  });

  it('a stream shared with other subjects: items still land once, in order, on their subject', async () => {
    const jsm = await nc.jetstreamManager();
    await jsm.streams.add({ name: 'MIXED', subjects: ['mixed.*'] });
    const js = nc.jetstream();
    const sink = natsSink<ScanCheckpoint>({ nc, subject: 'mixed.a', stream: 'MIXED' });
    await js.publish('mixed.b', new TextEncoder().encode('{"update_id":"other"}'));
    const r1 = right(await sink.commit(history.slice(0, 4), checkpointOf(history[3]!), 0));
    await js.publish('mixed.b', new TextEncoder().encode('{"update_id":"other"}'));
    right(await sink.commit(history.slice(4, 8), checkpointOf(history[7]!), r1));
    const all = await subjectContents(nc, 'MIXED');
    assert.deepEqual(all.map((m) => m.item.update_id), ['other', ...history.slice(0, 4).map((i) => i.update_id), 'other', ...history.slice(4, 8).map((i) => i.update_id)]);
  });

  it('two writers of one subject: one fails with a CheckpointConflict, every item is there once, in order', async () => {
    const other = await server!.connect();
    try {
      right(await sinkFor('d').createSchema());
      const [ra, rb] = await Promise.all([drain(sinkFor('d')), drain(sinkFor('d', other))]);
      const ended = [ra, rb].map((r) => r[r.length - 1]!);
      assert.equal(ended.filter((r) => E.isLeft(r) && r.left._tag === 'CheckpointConflict').length, 1, JSON.stringify(ended));
      // The loser may have stopped short of the end: the winner's run, resumed, finishes the history.
      allRight(await drain(sinkFor('d')));
      assert.deepEqual((await subjectContents(nc, 'D')).map((m) => m.item.update_id), history.map((i) => i.update_id));
    } finally {
      await other.close();
    }
  });
});
