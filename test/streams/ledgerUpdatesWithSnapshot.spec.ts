import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import { lastValueFrom, take, toArray } from 'rxjs';
import { createClient, type CantonClient } from '../../src/clientFactory/createClient';
import { checkpointOf } from '../../src/streams/checkpointOf';
import type { LedgerCheckpoint, LedgerSnapshotCheckpoint } from '../../src/streams/checkpoints';
import type { LedgerFeedItem } from '../../src/streams/LedgerFeedItem';
import type { Update } from '../../src/codecs/ledger/Update';
import { mintToken, startSimulatedNetwork, type SimulatedNetwork } from '../../src/testkit/index';
import { collect } from '../helpers/collect';
import { rights } from '../helpers/results';
import { foldFeed, serverAcs } from '../sinks/acsFold';

const checkpointAfter = (item: LedgerFeedItem): LedgerCheckpoint | LedgerSnapshotCheckpoint => ('_tag' in item ? item.checkpoint : checkpointOf(item));

describe('ledger.updatesWithSnapshot (against the simulated network)', function () {
  this.timeout(60_000);
  let net: SimulatedNetwork;
  let client: CantonClient;
  let alice: string;
  const eventFormat = () => ({ filtersByParty: { [alice]: {} } });
  const updateFormat = () => ({
    includeTransactions: { transactionShape: 'TRANSACTION_SHAPE_ACS_DELTA' as const, eventFormat: eventFormat() },
    includeReassignments: eventFormat(),
  });

  beforeEach(async () => {
    net = await startSimulatedNetwork({ seed: 31, updates: 400 });
    alice = net.party('alice');
    client = createClient({ ledger: { url: net.ledgerUrl, token: mintToken({ userId: 'alice', actAs: [alice] }) } });
  });
  afterEach(() => net.close());

  const feed = (options: Parameters<CantonClient['ledger']['updatesWithSnapshot']>[1] = {}) =>
    collect(client.ledger.updatesWithSnapshot({ updateFormat: updateFormat(), maxPageSize: 20 }, { snapshotPageSize: 7, ...options })).then((rs) => rights(rs) as LedgerFeedItem[]);

  it('without pruning it is ledger.updates: the same updates, no marker', async () => {
    const plain = rights(await collect(client.ledger.updates({ updateFormat: updateFormat(), maxPageSize: 20 })));
    const out = await feed();
    assert.deepEqual(out, plain);
  });

  it('a resume below the pruning offset: without a snapshot a ParticipantPruned Left; with it, marker, the active contracts, then the updates, folding to the server’s state', async () => {
    const all = rights(await collect(client.ledger.updates({ updateFormat: updateFormat(), maxPageSize: 20 }))) as Update[];
    const stored = checkpointOf(all[Math.floor(all.length / 10)]!);
    const boundary = checkpointOf(all[Math.floor(all.length / 2)]!).offset;
    net.prune(boundary);
    net.append(40);

    const [pruned] = await collect(client.ledger.updates({ updateFormat: updateFormat() }, { from: stored }));
    assert.ok(pruned && E.isLeft(pruned) && pruned.left._tag === 'HttpError' && pruned.left.condition === 'ParticipantPruned');

    const out = await feed({ from: stored });
    const marker = out[0]!;
    assert.ok('_tag' in marker && marker._tag === 'PrunedSnapshot');
    assert.deepEqual([marker.reason, marker.activeAtOffset], ['pruned', boundary]);
    const contracts = out.filter((i) => '_tag' in i && i._tag === 'SnapshotContract');
    assert.ok(contracts.length > 7, `${contracts.length} contracts: more than one page`);
    // The contracts come right after the marker, then the updates, all after the boundary.
    assert.deepEqual(
      out.slice(1, 1 + contracts.length).map((i) => ('_tag' in i ? i._tag : 'Update')),
      contracts.map(() => 'SnapshotContract'),
    );
    const updates = out.slice(1 + contracts.length) as Update[];
    assert.ok(updates.length > 0 && updates.every((u) => !('_tag' in u) && checkpointOf(u).offset > boundary));
    // The last contract's checkpoint is the snapshot's offset: a resume there continues the updates.
    assert.deepEqual(contracts.at(-1)!.checkpoint, { stream: 'ledger.updates', offset: boundary });
    assert.deepEqual(foldFeed(out), await serverAcs(client, eventFormat()));
  });

  it('a fresh start on a pruned participant starts from the snapshot, not silently at the pruning offset', async () => {
    const all = rights(await collect(client.ledger.updates({ updateFormat: updateFormat() }))) as Update[];
    net.prune(checkpointOf(all[Math.floor(all.length / 3)]!).offset);
    const out = await feed();
    assert.ok('_tag' in out[0]! && out[0]._tag === 'PrunedSnapshot');
    assert.deepEqual(foldFeed(out), await serverAcs(client, eventFormat()));
  });

  it('resumed from any element’s checkpoint it continues exactly: inside the snapshot, at its end, in the updates', async () => {
    const all = rights(await collect(client.ledger.updates({ updateFormat: updateFormat() }))) as Update[];
    net.prune(checkpointOf(all[Math.floor(all.length / 2)]!).offset);
    const whole = await feed({ from: checkpointOf(all[1]!) });
    const n = whole.filter((i) => '_tag' in i && i._tag === 'SnapshotContract').length;
    assert.ok(n > 8, `${n} contracts: more than a page of 7`);
    // The marker, inside the first page of 7 contracts and across its end, the last contract, the updates.
    for (const cut of [0, 1, 6, 7, 8, n - 1, n, n + 1, n + 3]) {
      const rest = await feed({ from: checkpointAfter(whole[cut]!) });
      assert.deepEqual(rest, whole.slice(cut + 1), `resumed after element ${cut}`);
    }
  });

  it('a snapshot that cannot be continued (pruned past it) is read again, whole, after a marker that says so', async () => {
    const all = rights(await collect(client.ledger.updates({ updateFormat: updateFormat() }))) as Update[];
    net.prune(checkpointOf(all[Math.floor(all.length / 3)]!).offset);
    const first = rights(await lastValueFrom(client.ledger.updatesWithSnapshot({ updateFormat: updateFormat() }, { snapshotPageSize: 5, from: checkpointOf(all[1]!) }).pipe(take(4), toArray())));
    const midSnapshot = (first[3] as { checkpoint: LedgerSnapshotCheckpoint }).checkpoint;
    assert.equal(midSnapshot.stream, 'ledger.snapshot');
    net.prune(checkpointOf(all[Math.floor((all.length * 2) / 3)]!).offset);
    const out = await feed({ from: midSnapshot });
    const marker = out[0]!;
    assert.ok('_tag' in marker && marker._tag === 'PrunedSnapshot' && marker.reason === 'restarted');
    assert.equal(marker.activeAtOffset, checkpointOf(all[Math.floor((all.length * 2) / 3)]!).offset);
    assert.deepEqual(foldFeed(out), await serverAcs(client, eventFormat()));
  });

  it('refuses what it cannot do before any request: descending order, a format without transactions or reassignments', async () => {
    const [a] = await collect(client.ledger.updatesWithSnapshot({ updateFormat: updateFormat(), descendingOrder: true }));
    assert.ok(a && E.isLeft(a) && a.left._tag === 'InvalidRequest' && a.left.issues.some((i) => i.path === 'descendingOrder'));
    const [b] = await collect(client.ledger.updatesWithSnapshot({ updateFormat: { includeTopologyEvents: {} } }));
    assert.ok(b && E.isLeft(b) && b.left._tag === 'InvalidRequest' && b.left.issues.some((i) => i.path === 'updateFormat'));
  });
});
