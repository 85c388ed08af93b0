import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import { lastValueFrom, toArray } from 'rxjs';
import { createClient, type CantonClient } from '../../src/clientFactory/createClient';
import { checkpointOf } from '../../src/streams/checkpointOf';
import type { ScanCheckpoint, LedgerCheckpoint } from '../../src/streams/checkpoints';
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
