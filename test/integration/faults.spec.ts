import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import { firstValueFrom, filter, take, toArray } from 'rxjs';
import { createClient, type CantonClient } from '../../src/clientFactory/createClient';
import { checkpointOf } from '../../src/streams/checkpointOf';
import { isHeartbeat } from '../../src/streams/isHeartbeat';
import type { CantonError } from '../../src/errors/CantonError';
import type { RetryInfo } from '../../src/retry/retryBackoff';
import { mintToken, startSimulatedNetwork, type SimulatedNetwork, type FaultKind } from '../../src/testkit/index';
import { collect } from '../helpers/collect';
import { rights } from '../helpers/results';

const everyFault: FaultKind[] = [500, 503, 429, 'reset', 'truncate', 'invalid-json'];


describe('record streams under faults (integration with the simulated network)', function () {
  this.timeout(60_000);
  let net: SimulatedNetwork;
  let client: CantonClient;
  let alice: string;
  const retries: RetryInfo[] = [];
  // Short waits so that the test is fast; the 429s of the plan ask for 0 s.
  const retry = { initialDelayMs: 2, maxDelayMs: 10, maxRetries: 50, onRetry: (i: RetryInfo) => retries.push(i) };

  before(async () => {
    net = await startSimulatedNetwork({ seed: 21, updates: 600 });
    alice = net.party('alice');
    client = createClient({ ledger: { url: net.ledgerUrl, token: mintToken({ userId: 'alice', actAs: [alice] }) }, scan: { url: net.scanUrl } });
  });
  after(() => net.close());
  afterEach(() => net.setFaults(undefined));

  const updateFormat = () => ({
    includeTransactions: { transactionShape: 'TRANSACTION_SHAPE_LEDGER_EFFECTS' as const, eventFormat: { filtersByParty: { [alice]: {} } } },
    includeReassignments: { filtersByParty: { [alice]: {} } },
  });
  const faulty = (only: 'scan' | 'ledger') => {
    net.resetStats();
    retries.length = 0;
    net.setFaults({ rate: 0.35, kinds: everyFault, seed: 5, only, retryAfterSeconds: 0 });
  };
  const injected = () => net.stats().faults.map((f) => f.kind);

  it('scan.updates v2 and v1: the same items in the same order as without faults', async () => {
    for (const version of ['v2', 'v1'] as const) {
      const clean = rights(await collect(client.scan.updates({ page_size: 10 }, { version })));
      faulty('scan');
      const withFaults = rights(await collect(client.scan.updates({ page_size: 10 }, { version, retry })));
      assert.deepEqual(withFaults, clean, version);
      assert.deepEqual(new Set(injected()), new Set(everyFault), `${version}: every kind of fault was injected`);
      // A fault may also hit a request sent ahead on a guess that the decoded page did not ask for
      // (a cut-off body guesses from what it holds): that request is dropped, not retried.
      assert.ok(retries.length >= injected().length / 2, `${retries.length} retries for ${injected().length} faults`);
      net.setFaults(undefined);
    }
  });

  it('ledger.updates: the same updates in the same order as without faults', async () => {
    const clean = rights(await collect(client.ledger.updates({ updateFormat: updateFormat(), maxPageSize: 7 })));
    faulty('ledger');
    const withFaults = rights(await collect(client.ledger.updates({ updateFormat: updateFormat(), maxPageSize: 7 }, { retry })));
    assert.deepEqual(withFaults, clean);
    assert.ok(injected().length > 5, `${injected().length} faults injected`);
  });

  it('scan.holdings: the same contracts in the same order as without faults', async () => {
    const snapshot = net.info().snapshots[2]!;
    const owners = Object.values(net.parties).filter((p) => !p.startsWith('DSO'));
    const request = { migration_id: snapshot.migrationId, record_time: snapshot.recordTime, page_size: 2, owner_party_ids: owners };
    const clean = rights(await collect(client.scan.holdings(request)));
    assert.ok(clean.length > 4);
    faulty('scan');
    const withFaults = rights(await collect(client.scan.holdings(request, { retry })));
    assert.deepEqual(withFaults, clean);
  });

  it('without a retry policy, a fault is one Left and the end; resuming from the last checkpoint completes the history', async () => {
    const clean = rights(await collect(client.scan.updates({ page_size: 40 })));
    faulty('scan');
    const delivered: unknown[] = [];
    let from = undefined as ReturnType<typeof checkpointOf> | undefined;
    for (let run = 0; run < 200 && delivered.length < clean.length; run++) {
      const out = await collect(client.scan.updates({ page_size: 40 }, from ? { from: from as never } : {}));
      for (const r of out) {
        if (E.isRight(r)) {
          delivered.push(r.right);
          from = checkpointOf(r.right);
        }
      }
    }
    assert.deepEqual(delivered, clean);
  });

  it('tail: picks up appended updates on the ledger and on Scan, with heartbeats while idle', async () => {
    const ledgerTail = client.ledger.updates({ updateFormat: updateFormat() }, { tail: { intervalMs: 5 }, heartbeats: true });
    const scanTail = client.scan.updates({ page_size: 200 }, { tail: { intervalMs: 5 }, heartbeats: true });
    const before = { ledger: rights(await collect(client.ledger.updates({ updateFormat: updateFormat() }))).length, scan: net.info().updates };

    // Both tails first catch up (a heartbeat); only then does the network grow, and they must see it.
    const caughtUp = new Set<string>();
    const grow = (which: string) => () => {
      caughtUp.add(which);
      if (caughtUp.size === 2 && net.info().updates === before.scan) net.append(30);
    };
    const ledgerSeen = collectUntil(ledgerTail, (n) => n > before.ledger, grow('ledger'));
    const scanSeen = collectUntil(scanTail, (n) => n >= before.scan + 30, grow('scan'));
    const [ledgerItems, scanItems] = await Promise.all([ledgerSeen, scanSeen]);
    assert.ok(ledgerItems.heartbeats >= 1 && scanItems.heartbeats >= 1, JSON.stringify({ ledgerItems, scanItems }));
    assert.equal(scanItems.items, before.scan + 30);
    assert.ok(ledgerItems.items > before.ledger);
  });
});

/** Subscribes to a tailing stream until `done(itemCount)`, then unsubscribes. Bounded by the test timeout. */
const collectUntil = async (stream: import('rxjs').Observable<E.Either<CantonError, object>>, done: (items: number) => boolean, onHeartbeat: () => void) => {
  let items = 0;
  let heartbeats = 0;
  await firstValueFrom(
    stream.pipe(
      filter((r) => {
        assert.ok(E.isRight(r), JSON.stringify(r));
        if (isHeartbeat(r.right)) {
          heartbeats++;
          onHeartbeat();
        } else items++;
        return done(items);
      }),
      take(1),
      toArray(),
    ),
  );
  return { items, heartbeats };
};
