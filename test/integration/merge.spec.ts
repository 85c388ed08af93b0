import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import { delay, filter, firstValueFrom, from, map, mergeMap, of, scan, take, timer, type Observable, type Subscription } from 'rxjs';
import { createClient } from '../../src/clientFactory/createClient';
import { mergeFeeds, type FeedError, type MergedUpdate } from '../../src/operators/mergeFeeds';
import { compareTimestamps } from '../../src/time/compareTimestamps';
import { isHeartbeat } from '../../src/streams/isHeartbeat';
import { mintToken, startSimulatedNetwork, type SimulatedNetwork } from '../../src/testkit/index';
import { collect } from '../helpers/collect';

const updateFormat = (party: string) => ({
  includeTransactions: { transactionShape: 'TRANSACTION_SHAPE_ACS_DELTA' as const, eventFormat: { filtersByParty: { [party]: {} } } },
  includeReassignments: { filtersByParty: { [party]: {} } },
});

const clients = (net: SimulatedNetwork) => {
  const alice = net.party('alice');
  return { alice, ...createClient({ ledger: { url: net.ledgerUrl, token: mintToken({ userId: 'alice', actAs: [alice] }) }, scan: { url: net.scanUrl } }) };
};

/** Checks a merged output: Rights only, every update id once, non-late updates in record-time order. */
const checkMerged = (out: Array<E.Either<FeedError, MergedUpdate>>, byRecordTime = true): MergedUpdate[] => {
  const merged = out.map((r) => {
    assert.ok(E.isRight(r), JSON.stringify(r));
    return r.right;
  });
  assert.equal(new Set(merged.map((m) => m.updateId)).size, merged.length, 'every update id exactly once');
  const ordered = byRecordTime ? merged.filter((m) => !m.late) : [];
  for (let i = 1; i < ordered.length; i++) assert.ok(compareTimestamps(ordered[i - 1]!.recordTime, ordered[i]!.recordTime) <= 0, `order at ${i}`);
  return merged;
};

describe('mergeFeeds over the ledger and Scan views of one simulated network (integration)', function () {
  this.timeout(30_000);

  it('pairs every update the ledger shares with Scan exactly once, in record-time order', async () => {
    const net = await startSimulatedNetwork({ seed: 31, updates: 400 });
    try {
      const c = clients(net);
      const ledgerIds = (await collect(c.ledger.updates({ updateFormat: updateFormat(c.alice) }))).flatMap((r) =>
        E.isRight(r) && 'Transaction' in r.right ? [r.right.Transaction.value.updateId] : E.isRight(r) && 'Reassignment' in r.right ? [r.right.Reassignment.value.updateId] : [],
      );
      assert.ok(ledgerIds.length > 10);
      const merged = checkMerged(
        await collect(mergeFeeds(c.ledger.updates({ updateFormat: updateFormat(c.alice) }, { heartbeats: true }), c.scan.updates({ page_size: 50 }, { heartbeats: true }), { latenessMs: 60_000 })),
      );
      assert.equal(merged.length, net.info().updates);
      assert.deepEqual(merged.filter((m) => m.source === 'both').map((m) => m.updateId).sort(), [...ledgerIds].sort());
      assert.ok(merged.every((m) => m.source !== 'ledger' && !m.late));
      const both = merged.find((m) => m.source === 'both')!;
      assert.ok(both.ledger && both.scan);
    } finally {
      await net.close();
    }
  });

  it('tailing both feeds, updates appended later are paired too, and memory stays at the watermark gap', async () => {
    // Record times at the wall clock, as on a live network, where heartbeats (poll time less the
    // lateness bound) stay behind what is sequenced next: the history ends a minute from now.
    const probe = await startSimulatedNetwork({ seed: 32, updates: 200, genesisTime: '2025-06-01T00:00:00Z' });
    const span = Date.parse(probe.info().last.recordTime) - Date.parse('2025-06-01T00:00:00Z');
    await probe.close();
    const net = await startSimulatedNetwork({ seed: 32, updates: 200, genesisTime: new Date(Date.now() - span + 60_000).toISOString() });
    try {
      const c = clients(net);
      let maxBuffer = 0;
      const merge$ = mergeFeeds(
        c.ledger.updates({ updateFormat: updateFormat(c.alice) }, { tail: { intervalMs: 5 }, heartbeats: true }),
        c.scan.updates({ page_size: 100 }, { tail: { intervalMs: 5 }, heartbeats: true }),
        { latenessMs: 300, onBufferSize: (n) => (maxBuffer = Math.max(maxBuffer, n)) },
      );
      const total = net.info().updates + 60;
      let appended = false;
      const seen = await firstValueFrom(
        (merge$ as Observable<E.Either<FeedError, MergedUpdate>>).pipe(
          scan((acc: Array<E.Either<FeedError, MergedUpdate>>, r) => {
            acc.push(r);
            // Once the whole history is through, the network grows.
            if (!appended && acc.length === total - 60) {
              appended = true;
              net.append(60);
            }
            return acc;
          }, []),
          filter((acc) => acc.length === total),
          map((acc) => [...acc]),
        ),
      );
      const merged = checkMerged(seen);
      const late = merged.slice(-60);
      assert.ok(late.some((m) => m.source === 'both'), 'some appended updates are alice’s and seen by both feeds');
      assert.ok(late.every((m) => !m.late));
      assert.ok(maxBuffer < 200, `buffered at most ${maxBuffer}`);
    } finally {
      await net.close();
    }
  });

  it('tailing with a lagging participant (its heartbeats ahead of its updates): no id ever comes out twice unflagged', async () => {
    // Record times ten minutes ago: the participant's heartbeats (poll time less 20 ms) pass them
    // at once while its updates come 60 ms late, so Scan's views go alone first. Updates appended
    // one at a time are the last released when their ledger view comes: the case that repeated.
    const ledgerIdsOf = async (net: SimulatedNetwork) => {
      const c = clients(net);
      return new Set(
        (await collect(c.ledger.updates({ updateFormat: updateFormat(c.alice) }))).flatMap((r) =>
          E.isRight(r) && 'Transaction' in r.right ? [r.right.Transaction.value.updateId] : E.isRight(r) && 'Reassignment' in r.right ? [r.right.Reassignment.value.updateId] : [],
        ),
      );
    };
    const appends = 30;
    const probe = await startSimulatedNetwork({ seed: 37, updates: 150, genesisTime: '2025-06-01T00:00:00Z' });
    const span = Date.parse(probe.info().last.recordTime) - Date.parse('2025-06-01T00:00:00Z');
    const initialIds = await ledgerIdsOf(probe);
    probe.append(appends);
    // Update ids and who sees them do not depend on the clock: the same seed and appends give the same ids.
    const ledgerIds = await ledgerIdsOf(probe);
    assert.ok(ledgerIds.size >= initialIds.size + 3, 'alice sees some of the appended updates');
    await probe.close();
    const net = await startSimulatedNetwork({ seed: 37, updates: 150, genesisTime: new Date(Date.now() - span - 600_000).toISOString() });
    let appender: Subscription | undefined;
    try {
      const c = clients(net);
      const lagging$ = c.ledger.updates({ updateFormat: updateFormat(c.alice) }, { tail: { intervalMs: 5 }, heartbeats: true }).pipe(mergeMap((r) => (E.isRight(r) && !isHeartbeat(r.right) ? of(r).pipe(delay(60)) : of(r))));
      const merge$ = mergeFeeds(lagging$, c.scan.updates({ page_size: 40 }, { tail: { intervalMs: 5 }, heartbeats: true }), { latenessMs: 20 });
      const initial = net.info().updates;
      const total = initial + appends;
      // Until every update came out and every ledger view with it (joined, or as a late second view).
      const seen = await firstValueFrom(
        merge$.pipe(
          scan((acc: MergedUpdate[], r) => {
            assert.ok(E.isRight(r), JSON.stringify(r));
            acc.push(r.right);
            if (appender === undefined && new Set(acc.map((m) => m.updateId)).size === initial) appender = timer(0, 120).pipe(take(appends)).subscribe(() => net.append(1));
            return acc;
          }, []),
          filter((acc) => new Set(acc.map((m) => m.updateId)).size === total && acc.filter((m) => m.ledger !== undefined).length >= ledgerIds.size),
        ),
      );
      const byId = new Map<string, MergedUpdate[]>();
      for (const m of seen) byId.set(m.updateId, [...(byId.get(m.updateId) ?? []), m]);
      for (const [id, views] of byId) {
        assert.ok(views.length <= 2, `${id} came ${views.length} times`);
        // A view may come late for its lateness alone (20 ms is short); what must never happen is a second unflagged one.
        assert.ok(views.filter((m) => !m.late).length <= 1, `${id}: at most one view without late: ${JSON.stringify(views.map((m) => [m.source, m.late]))}`);
      }
      assert.ok([...byId.values()].some((views) => views.length === 2), 'the lag did make views go alone, with a second view later');
    } finally {
      appender?.unsubscribe();
      await net.close();
    }
  });

  describe('whole histories over overlapping migrations', () => {
    let net: SimulatedNetwork;
    before(async () => {
      // Three migrations, each restarting its record times two minutes before the previous one ended.
      net = await startSimulatedNetwork({ seed: 34, updates: 900, migrations: 3, migrationOverlapMs: 120_000 });
    });
    after(() => net.close());

    const migrationOf = (m: MergedUpdate): number => (m.scan === undefined ? NaN : 'event' in m.scan ? m.scan.event.migration_id : m.scan.migration_id);

    /** Every id once, every ledger id joined, none late, in Scan's (migration_id, record_time) order. */
    const checkWhole = async (ledgerIds: string[], out: Array<E.Either<FeedError, MergedUpdate>>) => {
      const merged = checkMerged(out, false);
      assert.equal(merged.length, net.info().updates);
      assert.deepEqual(merged.filter((m) => m.late).map((m) => m.updateId), [], 'no late update');
      assert.deepEqual(merged.filter((m) => m.source === 'both').map((m) => m.updateId).sort(), [...ledgerIds].sort(), 'every shared id joined');
      assert.ok(merged.every((m) => m.source === 'both' || m.source === 'scan'));
      for (let i = 1; i < merged.length; i++) {
        const [a, b] = [merged[i - 1]!, merged[i]!];
        assert.ok(migrationOf(a) < migrationOf(b) || (migrationOf(a) === migrationOf(b) && compareTimestamps(a.recordTime, b.recordTime) < 0), `Scan's order at ${i}`);
      }
    };

    it('the ranges do overlap, and the ledger’s record times go back at a migration change', async () => {
      const c = clients(net);
      const ledger = (await collect(c.ledger.updates({ updateFormat: updateFormat(c.alice) }))).flatMap((r) => (E.isRight(r) && 'Transaction' in r.right ? [r.right.Transaction.value.recordTime] : []));
      assert.ok(ledger.some((t, i) => i > 0 && compareTimestamps(t, ledger[i - 1]!) < 0));
    });

    for (const [name, order] of [
      ['both feeds live', 'live'],
      ['the ledger ahead (all of it first)', 'ledger-first'],
      ['Scan ahead (all of it first)', 'scan-first'],
    ] as const) {
      it(`${name}: every id once, every shared id joined, no late, in Scan's order`, async () => {
        const c = clients(net);
        const ledger$ = c.ledger.updates({ updateFormat: updateFormat(c.alice) }, { heartbeats: true });
        const scan$ = c.scan.updates({ page_size: 64 }, { heartbeats: true });
        const ledgerAll = await collect(ledger$);
        const ledgerIds = ledgerAll.flatMap((r) => (E.isRight(r) && 'Transaction' in r.right ? [r.right.Transaction.value.updateId] : E.isRight(r) && 'Reassignment' in r.right ? [r.right.Reassignment.value.updateId] : []));
        assert.ok(ledgerIds.length > 50);
        const out =
          order === 'live'
            ? await collect(mergeFeeds(ledger$, scan$, { latenessMs: 60_000 }))
            : order === 'ledger-first'
              ? await collect(mergeFeeds(from(ledgerAll), scan$, { latenessMs: 60_000 }))
              : await collect(mergeFeeds(ledger$, from(await collect(scan$)), { latenessMs: 60_000 }));
        await checkWhole(ledgerIds, out);
      });
    }
  });
});
