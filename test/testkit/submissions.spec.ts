import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import { firstValueFrom, lastValueFrom, take, toArray } from 'rxjs';
import { createClient, type CantonClient } from '../../src/index';
import { mintToken, startSimulatedNetwork, type SimulatedNetwork } from '../../src/testkit/index';
import { collect } from '../helpers/collect';

describe('testkit: command submissions become transactions of the one history', function () {
  this.timeout(60_000);
  let net: SimulatedNetwork;
  let client: CantonClient;
  let alice: string;
  const byAlice = () => ({ filtersByParty: { [alice]: {} } });
  const code = (r: E.Either<unknown, unknown>) => (E.isLeft(r) ? ((r.left as { body?: { error?: { code?: string } } }).body?.error?.code ?? (r.left as { _tag: string })._tag) : 'Right');
  const status = (r: E.Either<unknown, unknown>) => (E.isLeft(r) ? (r.left as { status?: number }).status : 200);
  const note = (text: string) => ({ CreateCommand: { templateId: '#canton-rx-test:Main:Note', createArguments: { owner: alice, text, count: 3 } } });
  const acsAt = async (offset: number): Promise<string[]> => {
    const r = await lastValueFrom(client.ledger.getActiveContractsPage({ eventFormat: byAlice(), activeAtOffset: offset, maxPageSize: 1000 }));
    assert.ok(E.isRight(r) && r.right.nextPageToken == null);
    return r.right.activeContracts.map((c) => (c.contractEntry as { JsActiveContract: { createdEvent: { contractId: string } } }).JsActiveContract.createdEvent.contractId);
  };

  before(async () => {
    net = await startSimulatedNetwork({ seed: 5, updates: 120 });
    alice = net.party('alice');
    client = createClient({ ledger: { url: net.ledgerUrl, token: mintToken({ userId: 'alice', actAs: [alice] }) }, scan: { url: net.scanUrl } });
  });
  after(() => net.close());

  it('a create shows up in ledger.updates, in ledger.ws.completions and in scan.updates; an archive ends it in the ACS at the later offset', async () => {
    const created = await lastValueFrom(client.ledger.submitAndWaitForTransaction({ commands: { commandId: 'create-1', actAs: [alice], commands: [note('hello')] } }));
    assert.ok(E.isRight(created), JSON.stringify(created).slice(0, 600));
    const tx = created.right.transaction;
    const event = (tx.events[0] as { CreatedEvent: { contractId: string; createArgument: unknown; signatories: string[]; templateId: string } }).CreatedEvent;
    assert.deepEqual(event.createArgument, { owner: alice, text: 'hello', count: '3' });
    assert.deepEqual(event.signatories, [alice]);
    assert.equal(tx.commandId, 'create-1');
    const cid = event.contractId;
    assert.equal(net.info().ledgerEnd, tx.offset);

    const updates = await collect(client.ledger.updates({ updateFormat: { includeTransactions: { transactionShape: 'TRANSACTION_SHAPE_ACS_DELTA', eventFormat: byAlice() } }, beginOffsetExclusive: tx.offset - 1 }));
    assert.ok(updates.some((u) => E.isRight(u) && JSON.stringify(u.right).includes(tx.updateId)), 'in ledger.updates');

    const [completion] = await firstValueFrom(client.ledger.ws.completions({ parties: [alice], beginExclusive: 0 }).pipe(take(1), toArray()));
    assert.ok(completion !== undefined && E.isRight(completion));
    assert.equal(completion.right.commandId, 'create-1');
    assert.equal(completion.right.updateId, tx.updateId);
    assert.equal(completion.right.offset, tx.offset);

    const scan = await collect(client.scan.updates({ page_size: 100 }));
    assert.ok(scan.some((u) => E.isRight(u) && JSON.stringify(u.right).includes(tx.updateId) && JSON.stringify(u.right).includes(cid)), 'in scan.updates');

    // A non-consuming choice leaves the contract active; Archive ends it.
    const touched = await lastValueFrom(client.ledger.submitAndWait({ commandId: 'touch-1', actAs: [alice], commands: [{ ExerciseCommand: { templateId: event.templateId, contractId: cid, choice: 'Note_Touch', choiceArgument: {} } }] }));
    assert.ok(E.isRight(touched));
    const archived = await lastValueFrom(client.ledger.submitAndWait({ commandId: 'archive-1', actAs: [alice], commands: [{ ExerciseCommand: { templateId: event.templateId, contractId: cid, choice: 'Archive', choiceArgument: {} } }] }));
    assert.ok(E.isRight(archived));
    const archivedAt = Number(archived.right.completionOffset);
    assert.ok((await acsAt(tx.offset)).includes(cid));
    assert.ok((await acsAt(Number(touched.right.completionOffset))).includes(cid));
    assert.ok(!(await acsAt(archivedAt)).includes(cid));

    const all = await lastValueFrom(client.ledger.listCommandCompletions({ parties: [alice], beginExclusive: 0 }));
    assert.ok(E.isRight(all));
    const ids = all.right.flatMap((m) => ('Completion' in m.completionResponse ? [m.completionResponse.Completion.value.commandId] : []));
    assert.deepEqual(ids, ['create-1', 'touch-1', 'archive-1']);

    // The archived contract is unknown now.
    const again = await lastValueFrom(client.ledger.submitAndWait({ commandId: 'archive-2', actAs: [alice], commands: [{ ExerciseCommand: { templateId: event.templateId, contractId: cid, choice: 'Archive', choiceArgument: {} } }] }));
    assert.deepEqual([code(again), status(again)], ['CONTRACT_NOT_FOUND', 404]);
  });

  it('rejects a duplicate command id, a party it does not host, and a token without the right; a rejection changes nothing', async () => {
    const first = await lastValueFrom(client.ledger.submitAndWait({ commandId: 'dup', actAs: [alice], commands: [note('once')] }));
    assert.ok(E.isRight(first));
    const end = net.info().ledgerEnd;
    const updates = net.info().updates;
    const dup = await lastValueFrom(client.ledger.submitAndWait({ commandId: 'dup', actAs: [alice], commands: [note('twice')] }));
    assert.deepEqual([code(dup), status(dup)], ['DUPLICATE_COMMAND', 409]);

    const charlie = net.party('charlie');
    const asCharlie = createClient({ ledger: { url: net.ledgerUrl, token: mintToken({ userId: 'charlie', actAs: [charlie] }) } }).ledger;
    const notHosted = await lastValueFrom(asCharlie.submitAndWait({ commandId: 'c-1', actAs: [charlie], commands: [note('x')] }));
    assert.equal(code(notHosted), 'NO_SYNCHRONIZER_FOR_SUBMISSION');
    const denied = await lastValueFrom(client.ledger.submitAndWait({ commandId: 'c-2', actAs: [net.party('bob')], commands: [note('x')] }));
    assert.deepEqual([code(denied), status(denied)], ['PERMISSION_DENIED', 403]);
    const unknown = await lastValueFrom(client.ledger.submitAsync({ commandId: 'c-3', actAs: [alice], commands: [{ ExerciseCommand: { templateId: '#canton-rx-test:Main:Note', contractId: '00ab', choice: 'Archive', choiceArgument: {} } }] }));
    assert.equal(code(unknown), 'CONTRACT_NOT_FOUND');
    assert.deepEqual([net.info().ledgerEnd, net.info().updates], [end, updates]);
  });

  it('create-and-exercise with a consuming choice creates and archives in one transaction', async () => {
    const r = await lastValueFrom(
      client.ledger.submitAndWaitForTransactionTree({ commandId: 'cae-1', actAs: [alice], commands: [{ CreateAndExerciseCommand: { templateId: '#canton-rx-test:Main:Note', createArguments: { owner: alice }, choice: 'Archive', choiceArgument: {} } }] }),
    );
    assert.ok(E.isRight(r) && r.right.transactionTree !== undefined && r.right.transactionTree !== null, JSON.stringify(r).slice(0, 400));
    const kinds = Object.values(r.right.transactionTree.eventsById).map((e) => Object.keys(e as object)[0]);
    assert.deepEqual(kinds, ['CreatedTreeEvent', 'ExercisedTreeEvent']);
  });
});
