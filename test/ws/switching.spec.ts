import assert from 'node:assert/strict';
import { firstValueFrom, take, toArray } from 'rxjs';
import { createClient, type CantonClient } from '../../src/clientFactory/createClient';
import type { Update } from '../../src/codecs/ledger/Update';
import { checkpointOf } from '../../src/streams/checkpointOf';
import type { LedgerCheckpoint } from '../../src/streams/checkpoints';
import { isHeartbeat } from '../../src/streams/isHeartbeat';
import { mintToken, startSimulatedNetwork, type SimulatedNetwork } from '../../src/testkit/index';
import { collect } from '../helpers/collect';
import { rights } from '../helpers/results';
import { formatOf } from './helpers';

/** One checkpoint, two readers: the paged `ledger.updates` and the WebSocket `ledger.ws.updates`. */
describe('switching between paged and WebSocket reading with one checkpoint', function () {
  this.timeout(30_000);
  let net: SimulatedNetwork;
  let client: CantonClient;
  let alice: string;
  let all: Update[];

  before(async () => {
    net = await startSimulatedNetwork({ seed: 8, updates: 200 });
    alice = net.party('alice');
    client = createClient({ ledger: { url: net.ledgerUrl, token: mintToken({ userId: 'alice', actAs: [alice] }) } });
    all = rights(await collect(client.ledger.updates({ updateFormat: formatOf(alice, 'TRANSACTION_SHAPE_LEDGER_EFFECTS') })));
    assert.ok(all.length > 10);
  });
  after(() => net.close());

  const paged = (from?: LedgerCheckpoint) => client.ledger.updates({ updateFormat: formatOf(alice, 'TRANSACTION_SHAPE_LEDGER_EFFECTS'), maxPageSize: 5 }, from === undefined ? {} : { from });
  const ws = (from?: LedgerCheckpoint) => client.ledger.ws.updates({ beginExclusive: 0, endInclusive: net.info().ledgerEnd, updateFormat: formatOf(alice, 'TRANSACTION_SHAPE_LEDGER_EFFECTS') }, from === undefined ? {} : { from });
  /** A checkpoint as a service persists it: plain JSON. */
  const stored = (u: Update): LedgerCheckpoint => JSON.parse(JSON.stringify(checkpointOf(u))) as LedgerCheckpoint;

  it('paged, then WebSocket from the paged checkpoint: every update once', async () => {
    for (const n of [1, 6, all.length - 1]) {
      const head = rights(await firstValueFrom(paged().pipe(take(n), toArray())));
      const tail = rights(await collect(ws(stored(head[n - 1]!))));
      assert.deepEqual([...head, ...tail], all, `switching after ${n}`);
    }
  });

  it('WebSocket, then paged from the WebSocket checkpoint: every update once', async () => {
    for (const n of [1, 7, all.length - 1]) {
      const head = rights(await firstValueFrom(ws().pipe(take(n), toArray())));
      const tail = rights(await collect(paged(stored(head[n - 1]!))));
      assert.deepEqual([...head, ...tail], all, `switching after ${n}`);
    }
  });

  it('a WebSocket heartbeat checkpoint resumes the paged stream after what the socket saw', async () => {
    const caughtUp = await firstValueFrom(
      client.ledger.ws.updates({ beginExclusive: 0, updateFormat: formatOf(alice, 'TRANSACTION_SHAPE_LEDGER_EFFECTS') }, { heartbeats: true }).pipe(
        take(all.length + 1),
        toArray(),
      ),
    );
    const beat = rights(caughtUp).at(-1)!;
    assert.ok(isHeartbeat(beat));
    assert.deepEqual(beat.checkpoint, { stream: 'ledger.updates', offset: net.info().ledgerEnd });
    net.append(40);
    const fresh = rights(await collect(paged(beat.checkpoint)));
    assert.ok(fresh.length > 0, 'the growth has updates of alice');
    const everything = rights(await collect(paged()));
    assert.deepEqual(fresh, everything.slice(all.length));
  });
});
