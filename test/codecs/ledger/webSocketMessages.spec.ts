import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import * as L from '../../../src/codecs/ledger/index';
import { decodeWith } from '../../../src/codecs/decodeWith';
import { listFixtures, readFixture } from '../../helpers/fixtures';

/** The codecs of the WebSocket channels' messages (asyncapi), on real payloads and at the edges. */
describe('ledger codecs of the WebSocket messages', () => {
  it('JsGetActiveContractsResponse accepts every element of the recorded active-contracts lists', () => {
    const files = listFixtures('ledger', 'state-active-contracts__');
    assert.ok(files.length >= 4);
    for (const file of files) {
      for (const [i, element] of (readFixture('ledger', file) as unknown[]).entries()) {
        const r = decodeWith(L.JsGetActiveContractsResponse)(element);
        assert.ok(E.isRight(r), `${file} #${i}: ${JSON.stringify(r)}`);
      }
    }
  });

  it('JsContractEntry keeps an unknown variant, names it when strict, and the path of a bad field', () => {
    assert.ok(E.isRight(decodeWith(L.JsGetActiveContractsResponse)({ contractEntry: { JsArchived: {} } })));
    const r = decodeWith(L.JsGetActiveContractsResponse, { strict: true })({ contractEntry: { JsArchived: {} } });
    assert.ok(E.isLeft(r));
    assert.equal(r.left.issues[0]!.path, 'contractEntry');
    assert.match(r.left.issues[0]!.message ?? '', /unknown JsContractEntry variant "JsArchived"/);
    const bad = decodeWith(L.JsGetActiveContractsResponse)({ contractEntry: { JsActiveContract: { createdEvent: {}, synchronizerId: 's', reassignmentCounter: '0' } } });
    assert.ok(E.isLeft(bad));
    assert.ok(bad.left.issues.some((i) => i.path === 'contractEntry.JsActiveContract.reassignmentCounter'), JSON.stringify(bad.left.issues));
  });

  it('CompletionStreamResponse: a completion, a checkpoint and an empty element; a completion without actAs is refused at its path', () => {
    const completion = {
      commandId: 'cmd-1',
      userId: 'alice',
      offset: 42,
      actAs: ['alice::1220ab'],
      synchronizerTime: { synchronizerId: 'global-domain::1220cd', recordTime: '2026-01-01T00:00:00.123456Z' },
      status: { code: 0, message: '' },
      updateId: '1220ef',
      deduplicationPeriod: { DeduplicationDuration: { value: { seconds: 30, nanos: 0 } } },
      paidTrafficCost: 12,
    };
    for (const completionResponse of [{ Completion: { value: completion } }, { OffsetCheckpoint: { value: { offset: 43, synchronizerTimes: [] } } }, { Empty: {} }]) {
      assert.ok(E.isRight(decodeWith(L.CompletionStreamResponse)({ completionResponse })), JSON.stringify(completionResponse));
    }
    const { actAs: _, ...noActAs } = completion;
    const r = decodeWith(L.CompletionStreamResponse)({ completionResponse: { Completion: { value: noActAs } } });
    assert.ok(E.isLeft(r));
    assert.deepEqual(r.left.issues.map((i) => i.path), ['completionResponse.Completion.value.actAs']);
  });

  it('JsGetUpdateTreesResponse: a transaction tree keyed by node id; an unknown tree event is kept, refused at its path when strict', () => {
    const created = readFixture('ledger', 'state-active-contracts__digital-asset-canton__1.json') as Array<{ contractEntry: { JsActiveContract: { createdEvent: unknown } } }>;
    const tree = {
      updateId: '1220aa',
      commandId: '',
      workflowId: '',
      effectiveAt: '2026-01-01T00:00:00Z',
      offset: 7,
      eventsById: { '0': { CreatedTreeEvent: { value: created[0]!.contractEntry.JsActiveContract.createdEvent } } },
      synchronizerId: 'global-domain::1220cd',
      recordTime: '2026-01-01T00:00:00Z',
      traceContext: null,
    };
    assert.ok(E.isRight(decodeWith(L.JsGetUpdateTreesResponse)({ update: { TransactionTree: { value: tree } } })));
    const unknownNode = { update: { TransactionTree: { value: { ...tree, eventsById: { '0': { ArchivedTreeEvent: {} } } } } } };
    assert.ok(E.isRight(decodeWith(L.JsGetUpdateTreesResponse)(unknownNode)));
    const r = decodeWith(L.JsGetUpdateTreesResponse, { strict: true })(unknownNode);
    assert.ok(E.isLeft(r));
    assert.equal(r.left.issues[0]!.path, 'update.TransactionTree.value.eventsById.0');
  });

  it('the request codecs accept what the channels are sent', () => {
    assert.ok(E.isRight(decodeWith(L.GetUpdatesRequest)({ beginExclusive: 0, endInclusive: null, updateFormat: { includeTransactions: { transactionShape: 'TRANSACTION_SHAPE_ACS_DELTA', eventFormat: {} } } })));
    assert.ok(E.isLeft(decodeWith(L.GetUpdatesRequest)({ updateFormat: {} })), 'beginExclusive is required');
    assert.ok(E.isRight(decodeWith(L.GetCompletionsRequest)({})));
    assert.ok(E.isLeft(decodeWith(L.CompletionStreamRequest)({ userId: 'alice' })), 'parties are required');
    assert.ok(E.isRight(decodeWith(L.GetActiveContractsRequest)({ activeAtOffset: 3, eventFormat: { filtersByParty: { 'alice::1220': {} } }, streamContinuationToken: 'AAA=' })));
  });
});
