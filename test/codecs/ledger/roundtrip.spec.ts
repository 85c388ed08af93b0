import assert from 'node:assert/strict';
import {
  CreatedEvent,
  ExercisedEvent,
  JsGetUpdateResponse,
  JsTransaction,
  Update,
  type JsGetUpdateResponse as JsGetUpdateResponseT,
} from '../../../src/codecs/ledger/index';
import { decodeOk, fixture } from './helpers';

const UPDATE = 'update-by-id__hyperledger-labs-splice-wallet-kernel__1.json';

describe('ledger codecs keep what they do not know', () => {
  it('keeps unknown fields at every level, and encodes back to the same JSON', () => {
    const body = fixture(UPDATE);
    body.futureField = 1;
    body.update.Transaction.futureField = 'beside value';
    body.update.Transaction.value.futureField = { nested: [1, 2] };
    body.update.Transaction.value.traceContext.futureField = true;
    body.update.Transaction.value.events[0].ExercisedEvent.futureField = null;
    body.update.Transaction.value.events[3].CreatedEvent.futureField = 'x';
    body.update.Transaction.value.events[3].CreatedEvent.interfaceViews.push({
      interfaceId: 'pkg:Mod:Iface',
      viewStatus: { code: 0, message: '', futureField: 2 },
      futureField: 3,
    });
    const expected = JSON.parse(JSON.stringify(body));
    const decoded = decodeOk(JsGetUpdateResponse, body);
    assert.deepStrictEqual(decoded, expected);
    assert.deepStrictEqual(JSON.parse(JSON.stringify(JsGetUpdateResponse.encode(decoded))), expected);
    const tx = (decoded.update as { Transaction: { value: Record<string, unknown> } }).Transaction.value;
    assert.deepEqual(tx['futureField'], { nested: [1, 2] });
  });

  it('returns the very input when nothing needed changing (decoding does not copy)', () => {
    const body = fixture(UPDATE);
    assert.equal(decodeOk(JsGetUpdateResponse, body), body);
  });

  it('accepts null for every optional field of a transaction and its events', () => {
    const tx = fixture(UPDATE).update.Transaction.value;
    for (const k of ['commandId', 'workflowId', 'traceContext', 'externalTransactionHash', 'paidTrafficCost', 'transactionHash']) tx[k] = null;
    const created = tx.events[3].CreatedEvent;
    for (const k of ['contractKey', 'contractKeyHash', 'createdEventBlob', 'interfaceViews', 'observers', 'representativePackageId', 'acsDelta']) created[k] = null;
    const exercised = tx.events[0].ExercisedEvent;
    for (const k of ['interfaceId', 'exerciseResult', 'implementedInterfaces', 'acsDelta']) exercised[k] = null;
    decodeOk(JsTransaction, tx);
    decodeOk(CreatedEvent, created);
    decodeOk(ExercisedEvent, exercised);
  });

  it('accepts optional fields left out altogether', () => {
    const tx = fixture(UPDATE).update.Transaction.value;
    for (const k of ['commandId', 'workflowId', 'traceContext']) delete tx[k];
    const created = tx.events[3].CreatedEvent;
    for (const k of ['contractKey', 'createdEventBlob', 'interfaceViews', 'observers']) delete created[k];
    const exercised = tx.events[0].ExercisedEvent;
    for (const k of ['interfaceId', 'exerciseResult', 'implementedInterfaces']) delete exercised[k];
    decodeOk(JsTransaction, tx);
  });

  it('decodes the Canton 3.6 transactionHash and 3.5 fields when present', () => {
    const update = fixture('updates-ledger-effects__canton-network-splice-sv-voting-dapp__2.json')[3];
    update.update.Transaction.value.transactionHash = 'a1b2c3';
    const decoded = decodeOk(JsGetUpdateResponse, update);
    const tx = (decoded.update as { Transaction: { value: JsTransaction } }).Transaction.value;
    assert.equal(tx.transactionHash, 'a1b2c3');
  });

  it('gives types that narrow on the variant key', () => {
    const decoded: JsGetUpdateResponseT = decodeOk(JsGetUpdateResponse, fixture(UPDATE));
    const u: Update = decoded.update;
    assert.ok('Transaction' in u);
    const kinds = u.Transaction.value.events.map((e) => ('CreatedEvent' in e ? 'c' : 'ExercisedEvent' in e ? `x:${e.ExercisedEvent.choice}` : 'a'));
    assert.deepEqual(kinds.slice(3), ['c', 'c', 'c', 'c']);
    assert.match(kinds[0]!, /^x:/);
  });
});
