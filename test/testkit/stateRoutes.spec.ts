import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import { createClient, type CantonClient } from '../../src/clientFactory/createClient';
import { mintToken, startSimulatedNetwork, type SimulatedNetwork } from '../../src/testkit/index';
import { collect } from '../helpers/collect';
import { serverAcs } from '../sinks/acsFold';

describe('testkit: the participant’s pruning offset and active contracts at an offset', function () {
  this.timeout(30_000);
  let net: SimulatedNetwork;
  let client: CantonClient;
  let alice: string;
  const eventFormat = () => ({ filtersByParty: { [alice]: {} } });
  const one = async <A>(o: Parameters<typeof collect<A>>[0]): Promise<A> => {
    const [r] = await collect(o);
    return r!;
  };
  const code = (r: E.Either<unknown, unknown>) => (E.isLeft(r) ? ((r.left as { body?: { error?: { code?: string } } }).body?.error?.code ?? (r.left as { _tag: string })._tag) : 'Right');

  before(async () => {
    net = await startSimulatedNetwork({ seed: 8, updates: 300, pruningOffset: 5 });
    alice = net.party('alice');
    client = createClient({ ledger: { url: net.ledgerUrl, token: mintToken({ userId: 'alice', actAs: [alice] }) } });
  });
  after(() => net.close());

  it('latest-pruned-offsets tells the pruning offset, option and runtime alike', async () => {
    assert.deepEqual(await one(client.ledger.getLatestPrunedOffsets()), E.right({ participantPrunedUpToInclusive: 5, allDivulgedContractsPrunedUpToInclusive: 5 }));
    net.prune(9);
    assert.deepEqual(await one(client.ledger.getLatestPrunedOffsets()), E.right({ participantPrunedUpToInclusive: 9, allDivulgedContractsPrunedUpToInclusive: 9 }));
    const anonymous = createClient({ ledger: { url: net.ledgerUrl } }).ledger;
    assert.equal(code(await one(anonymous.getLatestPrunedOffsets())), 'UNAUTHENTICATED');
  });

  it('the active contracts at an offset: paged by token, the ledger end when absent; below the pruning offset, past the end or with a foreign token: the participant’s errors', async () => {
    const end = net.info().ledgerEnd;
    const first = await one(client.ledger.getActiveContractsPage({ eventFormat: eventFormat(), maxPageSize: 3 }));
    assert.ok(E.isRight(first) && first.right.activeAtOffset === end && first.right.activeContracts.length === 3 && typeof first.right.nextPageToken === 'string');
    const acs = await serverAcs(client, eventFormat());
    assert.ok(acs.size > 3);
    const pruned = net.info().pruningOffset;
    assert.equal(code(await one(client.ledger.getActiveContractsPage({ eventFormat: eventFormat(), activeAtOffset: pruned - 1 }))), 'PARTICIPANT_PRUNED_DATA_ACCESSED');
    assert.equal(code(await one(client.ledger.getActiveContractsPage({ eventFormat: eventFormat(), activeAtOffset: end + 1 }))), 'OFFSET_AFTER_LEDGER_END');
    assert.equal(code(await one(client.ledger.getActiveContractsPage({ eventFormat: eventFormat(), activeAtOffset: pruned, pageToken: first.right.nextPageToken! }))), 'INVALID_ARGUMENT');
    const empty = await one(client.ledger.getActiveContractsPage({ eventFormat: eventFormat(), activeAtOffset: 0 }));
    assert.deepEqual(empty, E.right({ activeContracts: [], activeAtOffset: 0 }));
    // A token of a snapshot the participant has since pruned past stops working.
    const older = await one(client.ledger.getActiveContractsPage({ eventFormat: eventFormat(), activeAtOffset: end, maxPageSize: 1 }));
    assert.ok(E.isRight(older) && older.right.nextPageToken);
    net.append(20);
    net.prune(net.info().ledgerEnd);
    assert.equal(code(await one(client.ledger.getActiveContractsPage({ eventFormat: eventFormat(), activeAtOffset: end, maxPageSize: 1, pageToken: older.right.nextPageToken! }))), 'PARTICIPANT_PRUNED_DATA_ACCESSED');
  });

  it('the client checks a page request before sending it', async () => {
    const r = await one(client.ledger.getActiveContractsPage({ eventFormat: eventFormat(), activeAtOffset: -1, maxPageSize: 0 }));
    assert.ok(E.isLeft(r) && r.left._tag === 'InvalidRequest');
    assert.deepEqual(r.left.issues.map((i) => i.path).sort(), ['activeAtOffset', 'maxPageSize']);
  });
});
