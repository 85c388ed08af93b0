import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import { firstValueFrom, take, toArray } from 'rxjs';
import { createClient, type CantonClient } from '../../src/clientFactory/createClient';
import type { Update } from '../../src/codecs/ledger/Update';
import { checkpointOf } from '../../src/streams/checkpointOf';
import type { LedgerCheckpoint } from '../../src/streams/checkpoints';
import { isHeartbeat } from '../../src/streams/isHeartbeat';
import type { Heartbeat } from '../../src/streams/heartbeat';
import { mintToken, startSimulatedNetwork, type SimulatedNetwork } from '../../src/testkit/index';
import { collect } from '../helpers/collect';
import { rights } from '../helpers/results';
import { eventually, formatOf, recordingWebSocket } from './helpers';

const offsets = (us: readonly Update[]) => us.map((u) => checkpointOf(u).offset);

describe('ledger.ws.updates against the simulated network', function () {
  this.timeout(30_000);
  let net: SimulatedNetwork;
  let client: CantonClient;
  let alice: string;
  let end: number;
  let paged: Update[];

  before(async () => {
    net = await startSimulatedNetwork({ seed: 21, updates: 260 });
    alice = net.party('alice');
    client = createClient({ ledger: { url: net.ledgerUrl, token: mintToken({ userId: 'alice', actAs: [alice] }) } });
    end = net.info().ledgerEnd;
    paged = rights(await collect(client.ledger.updates({ updateFormat: formatOf(alice), maxPageSize: 7, endOffsetInclusive: end })));
    assert.ok(paged.length > 20, `${paged.length} updates`);
  });
  after(() => net.close());
  afterEach(() => net.setWebSocketFaults(undefined));

  it('hands on every update of the range, decoded, exactly as the paged stream does, then completes and the socket is closed', async () => {
    const before = net.webSocketStats();
    const ws = rights(await collect(client.ledger.ws.updates({ beginExclusive: 0, endInclusive: end, updateFormat: formatOf(alice) })));
    assert.deepEqual(ws, paged);
    const after = net.webSocketStats();
    assert.equal(after.opened, before.opened + 1);
    await eventually(() => net.webSocketStats().open === 0, 'the socket closed');
  });

  it('takes a format declared without as const (its shape a string), and refuses an unknown shape before a socket opens', async () => {
    const declared = { includeTransactions: { transactionShape: 'TRANSACTION_SHAPE_ACS_DELTA', eventFormat: { filtersByParty: { [alice]: {} } } }, includeReassignments: { filtersByParty: { [alice]: {} } } };
    assert.deepEqual(rights(await collect(client.ledger.ws.updates({ beginExclusive: 0, endInclusive: end, updateFormat: declared }))), paged);
    const { ctor, opened } = recordingWebSocket();
    const recorded = createClient({ ledger: { url: net.ledgerUrl, token: mintToken({ userId: 'alice', actAs: [alice] }) }, webSocket: ctor });
    const wrong = { ...declared, includeTransactions: { ...declared.includeTransactions, transactionShape: 'TRANSACTION_SHAPE_ALL' } };
    const [refused, ...rest] = await collect(recorded.ledger.ws.updates({ beginExclusive: 0, updateFormat: wrong }));
    assert.ok(rest.length === 0 && refused !== undefined && E.isLeft(refused) && refused.left._tag === 'InvalidRequest', JSON.stringify(refused));
    assert.match(JSON.stringify(refused.left), /updateFormat\.includeTransactions\.transactionShape/);
    assert.equal(opened.length, 0, 'no socket opened');
  });

  it('descending, with the same offsets reversed', async () => {
    const ws = rights(await collect(client.ledger.ws.updates({ beginExclusive: 0, endInclusive: end, descendingOrder: true, updateFormat: formatOf(alice) })));
    assert.deepEqual(offsets(ws), offsets(paged).reverse());
  });

  it('is cold: nothing is opened before subscribe, and each subscription opens its own socket', async () => {
    const opened = net.webSocketStats().opened;
    const stream = client.ledger.ws.updates({ beginExclusive: 0, endInclusive: end, updateFormat: formatOf(alice) });
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(net.webSocketStats().opened, opened);
    await collect(stream);
    await collect(stream);
    assert.equal(net.webSocketStats().opened, opened + 2);
  });

  it('unsubscribing closes the socket: the server sees the client close it', async () => {
    const closed = net.webSocketStats().closedByClient;
    // Open-ended: the server would keep this socket open for ever.
    const three = await firstValueFrom(client.ledger.ws.updates({ beginExclusive: 0, updateFormat: formatOf(alice) }).pipe(take(3), toArray()));
    assert.deepEqual(rights(three), paged.slice(0, 3));
    await eventually(() => net.webSocketStats().closedByClient === closed + 1, 'the server saw the close');
    await eventually(() => net.webSocketStats().open === 0, 'no socket left open');
  });

  it('resumes from the checkpoint of every item with exactly the rest, ascending and descending', async () => {
    for (let i = 0; i < paged.length; i++) {
      const from = JSON.parse(JSON.stringify(checkpointOf(paged[i]!))) as LedgerCheckpoint;
      const rest = rights(await collect(client.ledger.ws.updates({ beginExclusive: 0, endInclusive: end, updateFormat: formatOf(alice) }, { from })));
      assert.deepEqual(offsets(rest), offsets(paged.slice(i + 1)), `after item ${i}`);
      if (i % 5 !== 0) continue;
      const down = rights(await collect(client.ledger.ws.updates({ beginExclusive: 0, endInclusive: end, descendingOrder: true, updateFormat: formatOf(alice) }, { from })));
      assert.deepEqual(offsets(down), offsets(paged.slice(0, i)).reverse(), `below item ${i}`);
    }
  });

  it('a dropped socket is resumed from the last checkpoint under the retry policy, without loss or repetition', async () => {
    net.setWebSocketFaults({ dropAfter: 4, channels: ['/v2/updates'] });
    const opened = net.webSocketStats().opened;
    const retries: number[] = [];
    const ws = rights(
      await collect(
        client.ledger.ws.updates({ beginExclusive: 0, endInclusive: end, updateFormat: formatOf(alice) }, { retry: { initialDelayMs: 0, maxRetries: 3, onRetry: (r) => retries.push(r.attempt) } }),
      ),
    );
    assert.deepEqual(ws, paged);
    const sockets = net.webSocketStats().opened - opened;
    // Each socket delivers four updates before it is cut; the last one ends normally.
    assert.equal(sockets, Math.ceil(paged.length / 4));
    assert.ok(retries.every((a) => a === 1), 'each new socket made progress, so the retry count started again');
  });

  it('without a retry policy a dropped socket is a NetworkError after the items it delivered, and the checkpoint resumes the rest', async () => {
    net.setWebSocketFaults({ dropAfter: 5, connections: 1 });
    const first = await collect(client.ledger.ws.updates({ beginExclusive: 0, endInclusive: end, updateFormat: formatOf(alice) }));
    assert.equal(first.length, 6);
    assert.deepEqual(rights(first.slice(0, 5)), paged.slice(0, 5));
    const left = first[5]!;
    assert.ok(E.isLeft(left) && left.left._tag === 'NetworkError', JSON.stringify(left));
    const rest = rights(await collect(client.ledger.ws.updates({ beginExclusive: 0, endInclusive: end, updateFormat: formatOf(alice) }, { from: checkpointOf(paged[4]!) })));
    assert.deepEqual(rest, paged.slice(5));
  });

  it('a malformed message is a DecodeError with its JSON path after the good items, and the end', async () => {
    net.setWebSocketFaults({ malformedAfter: 3 });
    const all = await collect(client.ledger.ws.updates({ beginExclusive: 0, endInclusive: end, updateFormat: formatOf(alice) }, { retry: { initialDelayMs: 0 } }));
    assert.equal(all.length, 4);
    assert.deepEqual(rights(all.slice(0, 3)), paged.slice(0, 3));
    const left = all[3]!;
    assert.ok(E.isLeft(left) && left.left._tag === 'DecodeError', JSON.stringify(left));
    assert.equal(left.left.reason, 'schema');
    assert.equal(left.left.issues[0]!.path, 'update');
    assert.equal(left.left.issues[0]!.actual, '42');
  });

  it('an error message is the HttpError its HTTP twin would be (pruned data: ParticipantPruned)', async () => {
    net.prune(checkpointOf(paged[3]!).offset);
    try {
      const [only, ...none] = await collect(client.ledger.ws.updates({ beginExclusive: 1, updateFormat: formatOf(alice) }, { retry: { initialDelayMs: 0 } }));
      assert.deepEqual(none, []);
      assert.ok(E.isLeft(only!) && only.left._tag === 'HttpError', JSON.stringify(only));
      assert.equal(only.left.status, 400);
      assert.equal(only.left.condition, 'ParticipantPruned');
      assert.equal(only.left.body._tag, 'LedgerError');
    } finally {
      net.prune(0);
    }
  });

  it('open-ended: the history is followed as it grows, with heartbeats at each OffsetCheckpoint', async () => {
    const got: Array<Update | Heartbeat<LedgerCheckpoint>> = [];
    const sub = client.ledger.ws.updates({ beginExclusive: 0, updateFormat: formatOf(alice) }, { heartbeats: true }).subscribe((r) => got.push(rights([r])[0]!));
    try {
      await eventually(() => got.some(isHeartbeat), 'a heartbeat once caught up');
      const first = got.find(isHeartbeat)!;
      assert.deepEqual(first.checkpoint, { stream: 'ledger.updates', offset: net.info().ledgerEnd });
      assert.deepEqual(got.filter((g) => !isHeartbeat(g)), paged);
      net.append(60);
      await eventually(() => got.filter(isHeartbeat).length >= 2, 'a heartbeat after the growth');
      const later = rights(await collect(client.ledger.updates({ updateFormat: formatOf(alice) }, { from: first.checkpoint! })));
      assert.ok(later.length > 0, 'the growth has updates of alice');
      assert.deepEqual(got.filter((g) => !isHeartbeat(g)).slice(paged.length), later);
    } finally {
      sub.unsubscribe();
    }
  });
});
