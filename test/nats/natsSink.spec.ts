import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import { lastValueFrom, toArray } from 'rxjs';
import { headers, type NatsConnection } from 'nats';
import { take } from 'rxjs';
import { createClient, type CantonClient } from '../../src/clientFactory/createClient';
import { checkpointOf } from '../../src/streams/checkpointOf';
import type { ScanCheckpoint } from '../../src/streams/checkpoints';
import type { UpdateHistoryItemV2 } from '../../src/codecs/scan/UpdateHistoryItemV2';
import { drainInto } from '../../src/sinks/drainInto';
import { natsSink } from '../../src/nats/natsSink';
import { readToCheckpoint } from '../../src/nats/readToCheckpoint';
import type { NatsConnectionLike } from '../../src/nats/jetStreamOf';
import { startSimulatedNetwork, type SimulatedNetwork } from '../../src/testkit/index';
import { collect } from '../helpers/collect';
import { rights } from '../helpers/results';
import { allRight, right } from '../helpers/eithers';
import { requireOrSkip } from '../helpers/localServers';
import { natsMissing, startNats, type NatsServer } from '../helpers/natsServer';
import { subjectContents } from './subjectContents';
import { drivers } from './drivers';

for (const driver of drivers)
describe(`natsSink with ${driver.name} on nats-server with JetStream`, function () {
  this.timeout(60_000);
  let net: SimulatedNetwork;
  let client: CantonClient;
  let history: UpdateHistoryItemV2[];
  let server: NatsServer | undefined;
  /** The sinks' connection, of the driver under test. */
  let conn: NatsConnectionLike & { close(): Promise<void> };
  /** The test's own view of the server (nats 2.x), to publish around the sinks and read what they stored. */
  let nc: NatsConnection;

  before(async function () {
    requireOrSkip(this, natsMissing());
    net = await startSimulatedNetwork({ seed: 13, updates: 120, tiedRecordTimes: 0.3, shortPages: 0.3 });
    client = createClient({ scan: { url: net.scanUrl } });
    history = rights(await collect(client.scan.updates({ page_size: 40 }))) as UpdateHistoryItemV2[];
    server = await startNats();
    nc = await server.connect();
    conn = await driver.connect(server);
  });
  after(async () => {
    await conn?.close();
    await nc?.close();
    await server?.stop();
    await net?.close();
  });

  const sinkFor = (name: string, c: NatsConnectionLike = conn) => natsSink<ScanCheckpoint>({ nc: c, subject: `feed.${name}`, stream: name.toUpperCase() });
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
    const sink = natsSink<ScanCheckpoint>({ nc: conn, subject: 'feed.b', stream: 'B', duplicateWindowMs: 100 });
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
    const sink = natsSink<ScanCheckpoint>({ nc: conn, subject: 'mixed.a', stream: 'MIXED' });
    await js.publish('mixed.b', new TextEncoder().encode('{"update_id":"other"}'));
    const r1 = right(await sink.commit(history.slice(0, 4), checkpointOf(history[3]!), 0));
    await js.publish('mixed.b', new TextEncoder().encode('{"update_id":"other"}'));
    right(await sink.commit(history.slice(4, 8), checkpointOf(history[7]!), r1));
    const all = await subjectContents(nc, 'MIXED');
    assert.deepEqual(all.map((m) => m.item.update_id), ['other', ...history.slice(0, 4).map((i) => i.update_id), 'other', ...history.slice(4, 8).map((i) => i.update_id)]);
  });

  it('two writers of one subject: one fails with a CheckpointConflict, every item is there once, in order', async () => {
    const other = await driver.connect(server!);
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

  /** Publishes what a crashed run of `subject`'s writer left: items with their identities, no checkpoint. */
  const leaveBehind = async (subject: string, items: ReadonlyArray<UpdateHistoryItemV2>) => {
    for (const item of items) {
      const h = headers();
      h.set('Nats-Msg-Id', `${checkpointOf(item).migration_id}:${item.update_id}`);
      await nc.jetstream().publish(subject, new TextEncoder().encode(JSON.stringify(item)), { headers: h });
    }
  };

  it('after a crash in a stream shared with another feed, the leftovers interleaved with that feed are found by subject', async () => {
    const a = natsSink<ScanCheckpoint>({ nc: conn, subject: 'shared.a', stream: 'SHARED_CRASH' });
    const b = natsSink<ScanCheckpoint>({ nc: conn, subject: 'shared.b', stream: 'SHARED_CRASH' });
    right(await a.createSchema());
    right(await b.createSchema());
    const ra = right(await a.commit(history.slice(0, 5), checkpointOf(history[4]!), 0));
    await leaveBehind('shared.a', history.slice(5, 7));
    right(await b.commit(history.slice(50, 53), checkpointOf(history[52]!), 0));
    await leaveBehind('shared.a', history.slice(7, 8));
    right(await natsSink<ScanCheckpoint>({ nc: conn, subject: 'shared.a', stream: 'SHARED_CRASH' }).commit(history.slice(5, 12), checkpointOf(history[11]!), ra));
    const stored = (await subjectContents(nc, 'SHARED_CRASH')).filter((m) => m.subject === 'shared.a');
    assert.deepEqual(stored.map((m) => m.item.update_id), history.slice(0, 12).map((i) => i.update_id));
  });

  it("feeds side by side on one stream: createSchema adds each feed's subject (writers of one subject at once too), and every feed is stored whole", async () => {
    // What the CLI met: a stream created with the first feed's subject refused the second's (503).
    const subjects = ['side.scan', 'side.ledger', 'side.other'];
    const feeds = subjects.map((subject) => natsSink<ScanCheckpoint>({ nc: conn, subject, stream: 'SIDE' }));
    right(await feeds[0]!.createSchema());
    for (const f of feeds.slice(1)) allRight(await Promise.all([f.createSchema(), f.createSchema()]));
    const info = await (await nc.jetstreamManager()).streams.info('SIDE');
    assert.deepEqual([...info.config.subjects].sort(), ['side.ledger', 'side.other', 'side.scan']);
    // Distinct items per feed (the duplicate window is the stream's), committed interleaved.
    const part = (f: number) => history.slice(f * 30, f * 30 + 30);
    const revisions = [0, 0, 0];
    for (let page = 0; page < 3; page++)
      await Promise.all(feeds.map(async (feed, f) => {
        const items = part(f).slice(page * 10, page * 10 + 10);
        revisions[f] = right(await feed.commit(items, checkpointOf(items[items.length - 1]!), revisions[f]!));
      }));
    const stored = await subjectContents(nc, 'SIDE');
    subjects.forEach((subject, f) => assert.deepEqual(stored.filter((m) => m.subject === subject).map((m) => m.item.update_id), part(f).map((i) => i.update_id), subject));
    // A stream whose wildcard already takes the subject is left as it is.
    await (await nc.jetstreamManager()).streams.add({ name: 'WILD', subjects: ['wild.>'] });
    right(await natsSink<ScanCheckpoint>({ nc: conn, subject: 'wild.x.y', stream: 'WILD' }).createSchema());
    assert.deepEqual((await (await nc.jetstreamManager()).streams.info('WILD')).config.subjects, ['wild.>']);
  });

  it('a copy of a feed on another subject of the same stream: a CheckpointConflict that says so, never an item swallowed as a duplicate', async () => {
    const original = natsSink<ScanCheckpoint>({ nc: conn, subject: 'copy.a', stream: 'COPY' });
    const copy = natsSink<ScanCheckpoint>({ nc: conn, subject: 'copy.b', stream: 'COPY' });
    right(await original.createSchema());
    right(await copy.createSchema());
    right(await original.commit(history.slice(0, 5), checkpointOf(history[4]!), 0));
    const r = await copy.commit(history.slice(0, 5), checkpointOf(history[4]!), 0);
    assert.ok(E.isLeft(r) && r.left._tag === 'CheckpointConflict' && /another subject/.test(r.left.message), JSON.stringify(r));
    assert.deepEqual(right(await copy.load()), { checkpoint: undefined, revision: 0 });
  });

  describe('readToCheckpoint', () => {
    const read = (subject: string, stream: string, fromSeq?: number, batch?: number) =>
      lastValueFrom(readToCheckpoint({ nc: conn, subject, stream, ...(fromSeq === undefined ? {} : { fromSeq }), ...(batch === undefined ? {} : { batch }) }).pipe(toArray()));

    it('ends at the stored checkpoint: the messages a crashed commit left past it are not delivered until a checkpoint covers them', async () => {
      const sink = natsSink<ScanCheckpoint>({ nc: conn, subject: 'read.a', stream: 'READ_A' });
      right(await sink.createSchema());
      assert.deepEqual(await read('read.a', 'READ_A'), []);
      const r1 = right(await sink.commit(history.slice(0, 10), checkpointOf(history[9]!), 0));
      await leaveBehind('read.a', history.slice(10, 14));
      const committed = allRight(await read('read.a', 'READ_A', 1, 3));
      assert.deepEqual(committed.map((m) => (m.item as UpdateHistoryItemV2).update_id), history.slice(0, 10).map((i) => (i as UpdateHistoryItemV2).update_id));
      assert.deepEqual(committed.map((m) => m.seq), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      assert.equal(committed[0]!.identity, `${checkpointOf(history[0]!).migration_id}:${history[0]!.update_id}`);
      // Any other consumer sees the leftovers already.
      assert.equal((await subjectContents(nc, 'READ_A')).length, 14);
      // The writer's next run takes them as its own and commits: now they are read, from where the reader stopped.
      right(await natsSink<ScanCheckpoint>({ nc: conn, subject: 'read.a', stream: 'READ_A' }).commit(history.slice(10, 16), checkpointOf(history[15]!), r1));
      const next = allRight(await read('read.a', 'READ_A', committed[committed.length - 1]!.seq + 1));
      assert.deepEqual(next.map((m) => (m.item as UpdateHistoryItemV2).update_id), history.slice(10, 16).map((i) => (i as UpdateHistoryItemV2).update_id));
    });

    it('in a shared stream, reads its subject only; unsubscribing stops it; bad arguments and a missing stream are Lefts', async () => {
      const a = natsSink<ScanCheckpoint>({ nc: conn, subject: 'readmix.a', stream: 'READ_MIX' });
      const b = natsSink<ScanCheckpoint>({ nc: conn, subject: 'readmix.b', stream: 'READ_MIX' });
      right(await a.createSchema());
      right(await b.createSchema());
      let ra = 0;
      let rb = 0;
      for (let i = 0; i < 12; i += 3) {
        ra = right(await a.commit(history.slice(i, i + 3), checkpointOf(history[i + 2]!), ra));
        rb = right(await b.commit(history.slice(20 + i, 23 + i), checkpointOf(history[22 + i]!), rb));
      }
      const onlyA = allRight(await read('readmix.a', 'READ_MIX', 1, 5));
      assert.deepEqual(onlyA.map((m) => (m.item as UpdateHistoryItemV2).update_id), history.slice(0, 12).map((i) => (i as UpdateHistoryItemV2).update_id));
      const firstTwo = allRight(await lastValueFrom(readToCheckpoint({ nc: conn, subject: 'readmix.a', stream: 'READ_MIX', batch: 2 }).pipe(take(2), toArray())));
      assert.deepEqual(firstTwo.map((m) => m.seq), onlyA.slice(0, 2).map((m) => m.seq));
      const bad = await read('readmix.a', 'READ_MIX', 0);
      assert.equal(bad.length, 1);
      assert.ok(E.isLeft(bad[0]!) && bad[0].left._tag === 'StoreFailure' && /fromSeq 0/.test(bad[0].left.message));
      // A checkpoint stored for a stream that is gone: the fetch fails, a Left.
      const orphan = natsSink<ScanCheckpoint>({ nc: conn, subject: 'gone.a', stream: 'GONE' });
      right(await orphan.createSchema());
      right(await orphan.commit(history.slice(0, 2), checkpointOf(history[1]!), 0));
      await (await nc.jetstreamManager()).streams.delete('GONE');
      const gone = await read('gone.a', 'GONE');
      assert.equal(gone.length, 1);
      assert.ok(E.isLeft(gone[0]!) && gone[0].left._tag === 'StoreFailure', JSON.stringify(gone));
    });
  });
});
