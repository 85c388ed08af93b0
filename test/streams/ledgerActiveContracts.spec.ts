import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import { lastValueFrom } from 'rxjs';
import { createClient, type CantonClient } from '../../src/index';
import type { SnapshotContract } from '../../src/streams/LedgerFeedItem';
import { mintToken, startSimulatedNetwork, type SimulatedNetwork } from '../../src/testkit/index';
import { collect } from '../helpers/collect';
import { rights } from '../helpers/results';

const cidOf = (c: SnapshotContract): string => (c.element.contractEntry as { JsActiveContract: { createdEvent: { contractId: string } } }).JsActiveContract.createdEvent.contractId;

describe('ledger.activeContracts (stream against the simulated participant)', function () {
  this.timeout(60_000);
  let net: SimulatedNetwork;
  let client: CantonClient;
  let eventFormat: { filtersByParty: Record<string, object> };

  before(async () => {
    net = await startSimulatedNetwork({ seed: 31, updates: 200 });
    const hosted = net.hostedParties;
    eventFormat = { filtersByParty: Object.fromEntries(hosted.map((p) => [p, {}])) };
    client = createClient({ ledger: { url: net.ledgerUrl, token: mintToken({ userId: 'reader', readAs: [...hosted] }) } });
  });
  after(() => net.close());

  it('reads the whole snapshot at the ledger end, page after page, exactly, and resumes from every item on the same snapshot', async () => {
    const end = net.info().ledgerEnd;
    const whole = await lastValueFrom(client.ledger.getActiveContractsPage({ eventFormat, activeAtOffset: end, maxPageSize: 1000 }));
    assert.ok(E.isRight(whole) && whole.right.nextPageToken == null);
    const expected = whole.right.activeContracts.map((e) => (e.contractEntry as { JsActiveContract: { createdEvent: { contractId: string } } }).JsActiveContract.createdEvent.contractId);
    assert.ok(expected.length > 20, `enough contracts for several pages: ${expected.length}`);

    const all = rights(await collect(client.ledger.activeContracts({ eventFormat, maxPageSize: 7 })));
    assert.deepEqual(all.map(cidOf), expected);
    assert.ok(all.every((c) => c.activeAtOffset === end));
    assert.deepEqual(all[all.length - 1]!.checkpoint, { stream: 'ledger.updates', offset: end });

    // The ledger moves on; a resume stays on the snapshot its checkpoint names.
    net.append(40);
    assert.ok(net.info().ledgerEnd > end);
    for (let i = 0; i < all.length; i++) {
      const rest = rights(await collect(client.ledger.activeContracts({ eventFormat, maxPageSize: 7 }, { from: all[i]!.checkpoint })));
      assert.deepEqual(rest.map(cidOf), expected.slice(i + 1), `after item ${i}`);
    }
  });

  it('a fixed activeAtOffset is read as asked; the checks come before any request', async () => {
    const at = Math.floor(net.info().ledgerEnd / 2);
    const out = rights(await collect(client.ledger.activeContracts({ eventFormat, activeAtOffset: at, maxPageSize: 5 })));
    assert.ok(out.length > 0 && out.every((c) => c.activeAtOffset === at));
    const bad = await collect(client.ledger.activeContracts({ eventFormat, maxPageSize: 0 }, { from: { stream: 'ledger.snapshot', activeAtOffset: -1, index: -2 } }));
    assert.equal(bad.length, 1);
    assert.ok(E.isLeft(bad[0]!) && bad[0]!.left._tag === 'InvalidRequest');
    assert.deepEqual(bad[0]!.left.issues.map((i) => i.path).sort(), ['from.activeAtOffset', 'from.index', 'maxPageSize']);
  });

  it('a snapshot pruned meanwhile cannot be continued: a ParticipantPruned-style Left', async () => {
    const first = rights(await collect(client.ledger.activeContracts({ eventFormat, maxPageSize: 7 })));
    net.append(5);
    net.prune(net.info().ledgerEnd);
    const r = await collect(client.ledger.activeContracts({ eventFormat, maxPageSize: 7 }, { from: first[3]!.checkpoint }));
    assert.equal(r.length, 1);
    assert.ok(E.isLeft(r[0]!) && JSON.stringify(r[0]!.left).includes('PARTICIPANT_PRUNED_DATA_ACCESSED'));
  });
});
