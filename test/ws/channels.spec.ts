import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import { firstValueFrom, take, toArray } from 'rxjs';
import { createClient, type CantonClient } from '../../src/clientFactory/createClient';
import type { JsGetActiveContractsResponse } from '../../src/codecs/ledger/JsGetActiveContractsResponse';
import type { Completion1 } from '../../src/codecs/ledger/CompletionStreamResponse';
import type { Heartbeat } from '../../src/streams/heartbeat';
import type { CompletionsCheckpoint } from '../../src/ws/options';
import type { Update } from '../../src/codecs/ledger/Update';
import { checkpointOf } from '../../src/streams/checkpointOf';
import { isHeartbeat } from '../../src/streams/isHeartbeat';
import { mintToken, startSimulatedNetwork, type SimulatedNetwork } from '../../src/testkit/index';
import { collect } from '../helpers/collect';
import { rights } from '../helpers/results';
import { eventually, formatOf } from './helpers';

const contractIds = (rs: readonly JsGetActiveContractsResponse[]) => rs.map((r) => (r.contractEntry != null && 'JsActiveContract' in r.contractEntry ? r.contractEntry.JsActiveContract.createdEvent.contractId : '?'));

describe('the other channels of ledger.ws against the simulated network', function () {
  this.timeout(30_000);
  let net: SimulatedNetwork;
  let client: CantonClient;
  let alice: string;
  let end: number;

  before(async () => {
    net = await startSimulatedNetwork({ seed: 13, updates: 220 });
    alice = net.party('alice');
    client = createClient({ ledger: { url: net.ledgerUrl, token: mintToken({ userId: 'alice', actAs: [alice] }) } });
    end = net.info().ledgerEnd;
  });
  after(() => net.close());
  afterEach(() => net.setWebSocketFaults(undefined));

  const paged = async (shape: 'TRANSACTION_SHAPE_ACS_DELTA' | 'TRANSACTION_SHAPE_LEDGER_EFFECTS'): Promise<Update[]> =>
    rights(await collect(client.ledger.updates({ updateFormat: formatOf(alice, shape), endOffsetInclusive: end })));

  it('flats (deprecated): the ACS_DELTA updates of the legacy filter', async () => {
    const flats = rights(await collect(client.ledger.ws.flats({ beginExclusive: 0, endInclusive: end, filter: { filtersByParty: { [alice]: {} } } })));
    const expected = (await paged('TRANSACTION_SHAPE_ACS_DELTA')).filter((u) => !('TopologyTransaction' in u));
    assert.deepEqual(flats.filter((u) => !('TopologyTransaction' in u)), expected);
  });

  it('trees (deprecated): the LEDGER_EFFECTS transactions as trees, with the same checkpoints', async () => {
    const trees = rights(await collect(client.ledger.ws.trees({ beginExclusive: 0, endInclusive: end, filter: { filtersByParty: { [alice]: {} } } })));
    const effects = await paged('TRANSACTION_SHAPE_LEDGER_EFFECTS');
    assert.deepEqual(
      trees.map((t) => checkpointOf(t)),
      effects.map((u) => checkpointOf(u)),
    );
    const tree = trees.find((t) => 'TransactionTree' in t)!;
    assert.ok('TransactionTree' in tree);
    const tx = effects.find((u) => 'Transaction' in u && u.Transaction.value.offset === tree.TransactionTree.value.offset)!;
    assert.ok('Transaction' in tx);
    assert.equal(Object.keys(tree.TransactionTree.value.eventsById).length, tx.Transaction.value.events.length);
    // The trees channel refuses an update format, before anything is opened.
    const opened = net.webSocketStats().opened;
    const [refused] = await collect(client.ledger.ws.trees({ beginExclusive: 0, updateFormat: formatOf(alice) }));
    assert.ok(E.isLeft(refused!) && refused.left._tag === 'InvalidRequest' && refused.left.issues.some((i) => i.path === 'updateFormat'));
    assert.equal(net.webSocketStats().opened, opened);
  });

  it('completions: with no submissions the channel stays open, with offset checkpoints as heartbeats', async () => {
    const first = await firstValueFrom(client.ledger.ws.completions({ parties: [alice], beginExclusive: 0 }, { heartbeats: true }).pipe(take(1), toArray()));
    const beat = rights(first)[0]!;
    assert.ok(isHeartbeat(beat));
    assert.deepEqual(beat.checkpoint, { stream: 'ledger.completions', offset: end });
    await eventually(() => net.webSocketStats().open === 0, 'take(1) closed the socket');
    // Still open after catching up: a growth of the ledger moves the checkpoint on.
    const beats: Array<Completion1 | Heartbeat<CompletionsCheckpoint>> = [];
    const sub = client.ledger.ws.completions({ parties: [alice] }, { heartbeats: true, from: beat.checkpoint! }).subscribe((r) => beats.push(rights([r])[0]));
    try {
      await eventually(() => net.webSocketStats().open === 1, 'the completion socket is open');
      net.append(20);
      const grown = net.info().ledgerEnd;
      assert.ok(grown > end);
      await eventually(() => beats.some((b) => isHeartbeat(b) && b.checkpoint?.offset === grown), 'a heartbeat at the new ledger end');
      assert.ok(beats.every(isHeartbeat), 'no completions: nothing was submitted');
    } finally {
      sub.unsubscribe();
    }
    const [refused] = await collect(client.ledger.ws.completionStream({ parties: [] }));
    assert.ok(E.isLeft(refused!) && refused.left._tag === 'InvalidRequest');
  });

  it('active contracts at an offset: creates minus archives, resumed after a dropped socket without loss or repetition', async () => {
    const request = { activeAtOffset: end, eventFormat: { filtersByParty: { [alice]: {} } } };
    const acs = rights(await collect(client.ledger.ws.activeContracts(request)));
    assert.ok(acs.length > 3, `${acs.length} contracts`);
    // The creates minus the archives of alice's ACS_DELTA updates.
    const active = new Set<string>();
    for (const u of await paged('TRANSACTION_SHAPE_ACS_DELTA')) {
      const events = 'Transaction' in u ? u.Transaction.value.events : [];
      for (const e of events) {
        if ('CreatedEvent' in e) active.add(e.CreatedEvent.contractId);
        if ('ArchivedEvent' in e) active.delete(e.ArchivedEvent.contractId);
      }
      for (const e of 'Reassignment' in u ? u.Reassignment.value.events : []) {
        if ('JsAssignmentEvent' in e) active.add(e.JsAssignmentEvent.createdEvent.contractId);
        else if ('JsUnassignedEvent' in e) active.delete(e.JsUnassignedEvent.value.contractId);
      }
    }
    assert.deepEqual(new Set(contractIds(acs)), active);
    assert.equal(new Set(contractIds(acs)).size, acs.length);

    net.setWebSocketFaults({ dropAfter: 2, channels: ['/v2/state/active-contracts'] });
    const resumed = rights(await collect(client.ledger.ws.activeContracts(request, { retry: { initialDelayMs: 0 } })));
    assert.deepEqual(contractIds(resumed), contractIds(acs));
    net.setWebSocketFaults(undefined);
    // A user resumes with a continuation token in the request.
    const rest = rights(await collect(client.ledger.ws.activeContracts({ ...request, streamContinuationToken: acs[1]!.streamContinuationToken! })));
    assert.deepEqual(contractIds(rest), contractIds(acs.slice(2)));
  });

  it('invalid requests and options are InvalidRequest Lefts naming the field, and nothing is opened', async () => {
    const opened = net.webSocketStats().opened;
    const cases = [
      [client.ledger.ws.updates({ beginExclusive: -1, updateFormat: formatOf(alice) }), 'beginExclusive'],
      [client.ledger.ws.updates({ beginExclusive: 0, descendingOrder: true, updateFormat: formatOf(alice) }), 'descendingOrder'],
      [client.ledger.ws.updates({ beginExclusive: 0 }), 'updateFormat'],
      [client.ledger.ws.updates({ beginExclusive: 0, endInclusive: 5, updateFormat: formatOf(alice) }, { tail: {} }), 'tail'],
      [client.ledger.ws.updates({ beginExclusive: 0, updateFormat: formatOf(alice) }, { retry: { maxRetries: -1 } }), 'retry.maxRetries'],
      [client.ledger.ws.updates({ beginExclusive: 0, updateFormat: formatOf(alice) }, { from: { stream: 'scan.updates', offset: 1 } as never }), 'from.stream'],
      [client.ledger.ws.activeContracts({ activeAtOffset: 1.5, eventFormat: {} }), 'activeAtOffset'],
    ] as const;
    for (const [stream, path] of cases) {
      const all = await collect(stream as ReturnType<typeof client.ledger.ws.updates>);
      assert.equal(all.length, 1, path);
      const only = all[0]!;
      assert.ok(E.isLeft(only) && only.left._tag === 'InvalidRequest' && only.left.issues.some((i) => i.path === path), `${path}: ${JSON.stringify(only)}`);
    }
    assert.equal(net.webSocketStats().opened, opened);
    const [unconfigured] = await collect(createClient({}).ledger.ws.updates({ beginExclusive: 0, updateFormat: formatOf(alice) }));
    assert.ok(E.isLeft(unconfigured!) && unconfigured.left._tag === 'InvalidRequest' && unconfigured.left.issues[0]!.path === 'ledger');
  });
});
