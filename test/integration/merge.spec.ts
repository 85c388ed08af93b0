import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import { filter, firstValueFrom, map, scan, type Observable } from 'rxjs';
import { createClient } from '../../src/client/createClient';
import { mergeFeeds, type FeedError, type MergedUpdate } from '../../src/operators/mergeFeeds';
import { compareTimestamps } from '../../src/time/compareTimestamps';
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
const checkMerged = (out: Array<E.Either<FeedError, MergedUpdate>>): MergedUpdate[] => {
  const merged = out.map((r) => {
    assert.ok(E.isRight(r), JSON.stringify(r));
    return r.right;
  });
  assert.equal(new Set(merged.map((m) => m.updateId)).size, merged.length, 'every update id exactly once');
  const ordered = merged.filter((m) => !m.late);
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
});
