import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import { lastValueFrom, toArray } from 'rxjs';
import { createClient, type CantonClient } from '../../src/clientFactory/createClient';
import { checkpointOf } from '../../src/streams/checkpointOf';
import type { ScanCheckpoint, LedgerCheckpoint, UpdatesBeforeCheckpoint, ImportUpdatesCheckpoint } from '../../src/streams/checkpoints';
import type { UpdateHistoryItemV2 } from '../../src/codecs/scan/UpdateHistoryItemV2';
import type { Update } from '../../src/codecs/ledger/Update';
import { drainInto } from '../../src/sinks/drainInto';
import { startSimulatedNetwork, type SimulatedNetwork } from '../../src/testkit/index';
import { collect } from '../helpers/collect';
import { rights } from '../helpers/results';
import { allRight } from '../helpers/eithers';
import { memorySink } from './memorySink';
import { Observable, of, tap } from 'rxjs';

describe('drainInto', function () {
  this.timeout(30_000);
  let net: SimulatedNetwork;
  let client: CantonClient;
  let history: UpdateHistoryItemV2[];

  before(async () => {
    net = await startSimulatedNetwork({ seed: 3, updates: 90, shortPages: 0.3 });
    client = createClient({ scan: { url: net.scanUrl } });
    history = rights(await collect(client.scan.updates({ page_size: 20 }))) as UpdateHistoryItemV2[];
  });
  after(() => net.close());

  const pagesRequested = () => net.stats().routes.find((r) => r.route === 'POST /api/scan/v2/updates')?.requests ?? 0;

  it('commits page by page with the checkpoint of each page’s last item, and resumes from the stored one', async () => {
    const { sink, state } = memorySink<ScanCheckpoint>();
    const first = allRight(await lastValueFrom(drainInto(sink, (from, pull) => client.scan.updates({ page_size: 20 }, { from, pull })).pipe(toArray())));
    assert.deepEqual(state.items, history);
    assert.deepEqual(first.map((c) => c.revision), first.map((_, i) => i + 1));
    let seen = 0;
    for (const c of first) {
      seen += c.items;
      assert.deepEqual(c.checkpoint, checkpointOf(history[seen - 1]!));
    }
    // Resuming from the stored checkpoint: nothing left, nothing stored again.
    net.append(7);
    const next = allRight(await lastValueFrom(drainInto(sink, (from, pull) => client.scan.updates({ page_size: 20 }, { from, pull })).pipe(toArray())));
    assert.equal(next.reduce((n, c) => n + c.items, 0), 7);
    assert.equal(new Set(state.items.map((i) => (i as UpdateHistoryItemV2).update_id)).size, history.length + 7);
  });

  it('reads ahead while a commit runs, at most readAhead items, and commits the pages waiting together (up to batchSize)', async () => {
    const { sink, state, hold } = memorySink<ScanCheckpoint>();
    let release!: () => void;
    hold(new Promise<void>((r) => (release = r)));
    let read = 0;
    const run = lastValueFrom(
      drainInto(sink, (from, pull) => client.scan.updates({ page_size: 10 }, { from, pull }).pipe(tap(() => read++)), { batchSize: 25, readAhead: 25 }).pipe(toArray()),
    );
    // Let the reading run until it stops on its own (bounded: it must stop well before this).
    for (let i = 0, last = -1, still = 0; i < 200 && still < 10; i++) {
      await new Promise((r) => setTimeout(r, 2));
      still = read === last ? still + 1 : 0;
      last = read;
    }
    assert.equal(state.commits.length, 0);
    assert.ok(read > 10, `${read} items read while the first commit waits: no read-ahead`);
    // The page being committed (at most 10), fewer than readAhead (25) waiting when the last page
    // was asked for, and that page (at most 10).
    assert.ok(read <= 10 + 24 + 10, `${read} items read while the first commit waits`);
    release();
    hold(Promise.resolve());
    const commits = allRight(await run);
    assert.deepEqual(state.items, rights(await collect(client.scan.updates({ page_size: 20 }))));
    assert.ok(commits.every((c) => c.items <= 25));
    assert.ok(commits[1]!.items > 10, `the second commit holds ${commits[1]!.items} items: the pages waiting were not committed together`);
  });

  it('readAhead 0: asks for the next page only after the commit, at most one page fetched ahead of the sink', async () => {
    const { sink, state, hold } = memorySink<ScanCheckpoint>();
    let release!: () => void;
    hold(new Promise<void>((r) => (release = r)));
    net.resetStats();
    const run = lastValueFrom(drainInto(sink, (from, pull) => client.scan.updates({ page_size: 10 }, { from, pull }), { readAhead: 0 }).pipe(toArray()));
    // While the first commit waits, the stream may prefetch one page, not more.
    for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r));
    assert.ok(pagesRequested() <= 2, `${pagesRequested()} pages requested while the first commit waits`);
    assert.equal(state.commits.length, 0);
    release();
    hold(Promise.resolve());
    const commits = allRight(await run);
    assert.deepEqual(state.items, rights(await collect(client.scan.updates({ page_size: 20 }))));
    assert.ok(commits.every((c) => c.items <= 10));
  });

  it('a conflict ends the run with its Left; nothing more is committed or asked for', async () => {
    const { sink, state } = memorySink<ScanCheckpoint>();
    const loaded = sink.load;
    sink.load = async () => E.right({ ...((await loaded()) as E.Right<{ checkpoint: ScanCheckpoint | undefined; revision: number }>).right, revision: 5 });
    const out = await lastValueFrom(drainInto(sink, (from, pull) => client.scan.updates({ page_size: 10 }, { from, pull })).pipe(toArray()));
    assert.equal(out.length, 1);
    assert.ok(E.isLeft(out[0]!) && out[0].left._tag === 'CheckpointConflict');
    assert.equal(state.items.length, 0);
  });

  it('a heartbeat past the last item commits its checkpoint alone; an OffsetCheckpoint only moves the checkpoint', async () => {
    const { sink, state } = memorySink<LedgerCheckpoint>();
    const tx = (offset: number) => ({ Transaction: { value: { updateId: `u${offset}`, offset, recordTime: '2025-01-01T00:00:00Z' } } }) as unknown as Update;
    const source = (from: LedgerCheckpoint | undefined) =>
      new Observable<E.Either<never, Update | { _tag: 'Heartbeat'; checkpoint: LedgerCheckpoint; polledAt: number }>>((s) => {
        assert.equal(from, undefined);
        s.next(E.right(tx(1)));
        s.next(E.right(tx(2)));
        s.next(E.right({ OffsetCheckpoint: { value: { offset: 3, synchronizerTimes: [] } } } as Update));
        s.next(E.right({ _tag: 'Heartbeat', checkpoint: { stream: 'ledger.updates', offset: 9 }, polledAt: 0 }));
        s.complete();
      });
    const out = allRight(await lastValueFrom(drainInto(sink, source).pipe(toArray())));
    assert.deepEqual(out, [{ checkpoint: { stream: 'ledger.updates', offset: 9 }, revision: 1, items: 3 }]);
    assert.equal(state.items.length, 3);
    // A heartbeat at the stored checkpoint commits nothing.
    const idle = await lastValueFrom(drainInto(sink, () => of(E.right({ _tag: 'Heartbeat' as const, checkpoint: { stream: 'ledger.updates' as const, offset: 9 }, polledAt: 1 }))).pipe(toArray()));
    assert.deepEqual(idle, []);
  });

  // Defect A: the items of scan.updatesBefore and scan.importUpdates are Scan history items, whose
  // checkpoint drainInto must take from the stream that emitted them, not from their shape.
  describe('stores the checkpoint of the stream it drains, for streams whose items look alike', () => {
    const synchronizerOf = (i: UpdateHistoryItemV2): string | undefined => ('synchronizer_id' in i ? (i.synchronizer_id as string) : undefined);

    it('scan.updatesBefore: the stored checkpoint is a scan.updatesBefore one, and the next run resumes from it', async () => {
      const item = history.find((i) => synchronizerOf(i) !== undefined)!;
      const request = { migration_id: (item as { migration_id: number }).migration_id, synchronizer_id: synchronizerOf(item)!, before: '2999-01-01T00:00:00Z', count: 7 };
      const expected = rights(await collect(client.scan.updatesBefore(request)));
      const { sink, state } = memorySink<UpdatesBeforeCheckpoint>();
      const run = () => lastValueFrom(drainInto(sink, (from, pull) => client.scan.updatesBefore(request, { from, pull })).pipe(toArray()));
      allRight(await run());
      assert.equal(state.checkpoint?.stream, 'scan.updatesBefore');
      assert.deepEqual(state.items, expected);
      // A second run resumes after the oldest stored update: nothing is left, and nothing fails.
      const again = await run();
      assert.deepEqual(again.filter(E.isLeft), []);
      assert.equal(state.items.length, expected.length);
    });

    it('scan.importUpdates: the stored checkpoint is a scan.importUpdates one, and the next run resumes from it', async () => {
      const migrated = await startSimulatedNetwork({ seed: 'drain-import', updates: 60, migrations: 2 });
      try {
        const scan = createClient({ scan: { url: migrated.scanUrl } }).scan;
        const request = { migration_id: migrated.info().migrationIds[1]!, after_update_id: '', limit: 5 };
        const expected = rights(await collect(scan.importUpdates(request)));
        assert.ok(expected.length > 5);
        const { sink, state } = memorySink<ImportUpdatesCheckpoint>();
        const run = () => lastValueFrom(drainInto(sink, (from, pull) => scan.importUpdates(request, { from, pull })).pipe(toArray()));
        allRight(await run());
        assert.deepEqual(state.items, expected);
        assert.equal(state.checkpoint?.stream, 'scan.importUpdates');
        const again = await run();
        assert.deepEqual(again.filter(E.isLeft), []);
        assert.equal(state.items.length, expected.length);
      } finally {
        await migrated.close();
      }
    });
  });

  it('over a page stream (scan.pages.updatesBefore) it commits each page with the page\'s checkpoint, no guessing', async () => {
    const item = history.find((i) => 'synchronizer_id' in i)!;
    const request = { migration_id: (item as { migration_id: number }).migration_id, synchronizer_id: (item as { synchronizer_id: string }).synchronizer_id, before: '2999-01-01T00:00:00Z', count: 4 };
    const pages = rights(await collect(client.scan.pages.updatesBefore(request)));
    const { sink, state } = memorySink<UpdatesBeforeCheckpoint>();
    // readAhead 0: one page at a time, so each commit is one page.
    const run = () => lastValueFrom(drainInto(sink, (from, pull) => client.scan.pages.updatesBefore(request, { from, pull }), { readAhead: 0 }).pipe(toArray()));
    const commits = allRight(await run());
    // The network's pages vary in length from read to read: each commit ends on a record whose
    // checkpoint it stores, and the records are all stored once, in order.
    const records = pages.flatMap((p) => p.records);
    let stored = 0;
    for (const c of commits) {
      stored += c.items;
      assert.deepEqual(c.checkpoint, records[stored - 1]!.checkpoint);
    }
    assert.equal(stored, records.length);
    assert.deepEqual(state.items, records.map((r) => r.value));
    assert.deepEqual(allRight(await run()).filter((c) => c.items > 0), []);
  });

  it("a user's own stream of { value, checkpoint } records or of pages: each stored with its checkpoint", async () => {
    const cp = (offset: number): LedgerCheckpoint => ({ stream: 'ledger.updates', offset });
    const records = memorySink<LedgerCheckpoint, string>();
    allRight(await lastValueFrom(drainInto(records.sink, () => of(E.right({ value: 'a', checkpoint: cp(1) }), E.right({ value: 'b', checkpoint: cp(2) }))).pipe(toArray())));
    assert.deepEqual(records.state.items, ['a', 'b']);
    assert.deepEqual(records.state.checkpoint, cp(2));
    const pages = memorySink<LedgerCheckpoint, string>();
    const page = (values: string[], at: number) => E.right({ records: values.map((value, i) => ({ value, checkpoint: cp(at + i) })), checkpoint: cp(at + values.length), caughtUp: false });
    const commits = allRight(await lastValueFrom(drainInto(pages.sink, () => of(page(['a', 'b'], 1), page([], 9), page(['c'], 10))).pipe(toArray())));
    assert.deepEqual(pages.state.items, ['a', 'b', 'c']);
    // The pages that waited while the first commit ran are committed together, with the last checkpoint.
    assert.deepEqual(commits.map((c) => [c.items, c.checkpoint.offset]), [[2, 3], [1, 11]]);
    const empty = memorySink<LedgerCheckpoint, string>();
    const moved = allRight(await lastValueFrom(drainInto(empty.sink, () => of(page([], 9))).pipe(toArray())));
    // A page without records that moves the checkpoint commits it alone.
    assert.deepEqual(moved.map((c) => [c.items, c.checkpoint.offset]), [[0, 9]]);
  });

  it('a sink with flush (one that gathers commits) is flushed once, after the last commit, before the end; a failed flush ends it with its Left', async () => {
    const cp = (offset: number): LedgerCheckpoint => ({ stream: 'ledger.updates', offset });
    const records = () => of(E.right({ value: 'a', checkpoint: cp(1) }), E.right({ value: 'b', checkpoint: cp(2) }));
    const gathering = memorySink<LedgerCheckpoint, string>();
    const seen: string[] = [];
    const flushed = { ...gathering.sink, flush: async () => (seen.push(`flush after ${gathering.state.commits.length} commits`), E.right(undefined)) };
    const out = await lastValueFrom(drainInto(flushed, records).pipe(tap(() => seen.push('committed')), toArray()));
    assert.ok(out.every(E.isRight));
    assert.deepEqual(seen, [...out.map(() => 'committed'), `flush after ${out.length} commits`]);
    const failing = memorySink<LedgerCheckpoint, string>();
    const failure = { _tag: 'StoreFailure' as const, store: 'memory', message: 'disk full' };
    const ended = await lastValueFrom(drainInto({ ...failing.sink, flush: async () => E.left(failure) }, records).pipe(toArray()));
    assert.deepEqual(ended.at(-1), E.left(failure));
  });

  it('cold: nothing is loaded before subscribe', async () => {
    const { sink } = memorySink<ScanCheckpoint>();
    let loads = 0;
    const load = sink.load;
    sink.load = () => (loads++, load());
    const run = drainInto(sink, () => of());
    assert.equal(loads, 0);
    await lastValueFrom(run.pipe(toArray()));
    assert.equal(loads, 1);
  });
});
