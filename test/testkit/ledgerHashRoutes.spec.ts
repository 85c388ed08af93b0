import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import { lastValueFrom } from 'rxjs';
import { createClient, type CantonClient } from '../../src/index';
import { mintToken, startSimulatedNetwork, type SimulatedNetwork } from '../../src/testkit/index';

/**
 * The ledger's reads by transaction hash (Canton 3.6: update-by-hash, completion-by-hash), served
 * by the simulated participant over the same history as Scan's `/v2/updates/hash/{hash}`.
 */
describe('testkit: the ledger reads by transaction hash', function () {
  this.timeout(60_000);
  let net: SimulatedNetwork;
  let client: CantonClient;
  let hash: string;
  let updateId: string;
  const updateFormat = { includeTransactions: { transactionShape: 'TRANSACTION_SHAPE_ACS_DELTA' as const, eventFormat: { filtersForAnyParty: {} } } };

  before(async () => {
    // The DSO hosted here: the history's externally hashed transactions are the DSO's transfer commands.
    net = await startSimulatedNetwork({ seed: 21, updates: 150, hostedParties: ['DSO', 'alice'] });
    client = createClient({ ledger: { url: net.ledgerUrl, token: mintToken({ userId: 'alice', actAs: [net.party('alice')], readAsAnyParty: true }) } });
    const page = await lastValueFrom(client.ledger.getUpdatesPage({ updateFormat, maxPageSize: 500 }));
    assert.ok(E.isRight(page), JSON.stringify(page));
    const hashed = (page.right.updates ?? [])
      .map((u) => ('Transaction' in u.update ? u.update.Transaction.value : undefined))
      .find((tx) => typeof tx?.externalTransactionHash === 'string');
    assert.ok(hashed !== undefined, 'the history has an externally hashed transaction the participant sees');
    hash = hashed.externalTransactionHash!;
    updateId = hashed.updateId;
  });
  after(() => net.close());

  it('getUpdateByHash answers the transaction with that hash', async () => {
    const r = await lastValueFrom(client.ledger.getUpdateByHash({ transactionHash: hash, updateFormat }));
    assert.ok(E.isRight(r), JSON.stringify(r));
    const u = r.right.update;
    assert.ok(u !== undefined && u !== null && 'Transaction' in u);
    assert.equal(u.Transaction.value.updateId, updateId);
    assert.equal(u.Transaction.value.externalTransactionHash, hash);
  });

  it('getUpdateByHash of an unknown hash is UPDATE_NOT_FOUND, of an empty one INVALID_ARGUMENT', async () => {
    const missing = await lastValueFrom(client.ledger.getUpdateByHash({ transactionHash: 'ab'.repeat(32), updateFormat }));
    assert.ok(E.isLeft(missing) && missing.left._tag === 'HttpError' && missing.left.status === 404);
    assert.ok(missing.left.body._tag === 'LedgerError' && missing.left.body.error.code === 'UPDATE_NOT_FOUND');
    const empty = await lastValueFrom(client.ledger.getUpdateByHash({ transactionHash: '', updateFormat }));
    assert.ok(E.isLeft(empty) && empty.left._tag === 'HttpError' && empty.left.body._tag === 'LedgerError' && empty.left.body.error.code === 'INVALID_ARGUMENT', JSON.stringify(empty));
  });

  it('getCompletionByHash answers no accepted completion for a transaction this participant did not submit', async () => {
    const r = await lastValueFrom(client.ledger.getCompletionByHash({ transactionHash: hash }));
    assert.ok(E.isRight(r), JSON.stringify(r));
    assert.equal(r.right.acceptedCompletion, undefined);
    assert.deepEqual(r.right.lastRejectedCompletions, []);
  });
});
