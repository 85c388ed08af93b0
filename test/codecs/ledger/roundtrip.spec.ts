import assert from 'node:assert/strict';
import {
  CreatedEvent,
  ExercisedEvent,
  JsGetUpdateResponse,
  JsTransaction,
  Update,
  type JsGetUpdateResponse as JsGetUpdateResponseT,
} from '../../../src/codecs/ledger/index';
import { created, decodeOk, drop, exercised, fixture, put, transactionOf, updateOf, updatesOf } from './helpers';

const UPDATE = 'update-by-id__hyperledger-labs-splice-wallet-kernel__1.json';

describe('ledger codecs keep what they do not know', () => {
  it('keeps unknown fields at every level, and encodes back to the same JSON', () => {
    const body = updateOf(UPDATE);
    const update = body.update;
    assert.ok('Transaction' in update);
    const tx = update.Transaction.value;
    put(body, 'futureField', 1);
    put(update.Transaction, 'futureField', 'beside value');
    put(tx, 'futureField', { nested: [1, 2] });
    assert.ok(tx.traceContext);
    put(tx.traceContext, 'futureField', true);
    put(exercised(tx.events[0]), 'futureField', null);
    const creation = created(tx.events[3]);
    put(creation, 'futureField', 'x');
    const view = { interfaceId: 'pkg:Mod:Iface', viewStatus: { code: 0, message: '', futureField: 2 }, futureField: 3 };
    assert.ok(creation.interfaceViews);
    creation.interfaceViews.push(view);
    const expected = JSON.parse(JSON.stringify(body));
    const decoded = decodeOk(JsGetUpdateResponse, body);
    assert.deepStrictEqual(decoded, expected);
    assert.deepStrictEqual(JSON.parse(JSON.stringify(JsGetUpdateResponse.encode(decoded))), expected);
    assert.deepEqual((transactionOf(decoded) as JsTransaction & { futureField?: unknown }).futureField, { nested: [1, 2] });
  });

  it('returns the very input when nothing needed changing (decoding does not copy)', () => {
    const body = fixture(UPDATE);
    assert.equal(decodeOk(JsGetUpdateResponse, body), body);
  });

  it('accepts null for every optional field of a transaction and its events', () => {
    const tx = transactionOf(updateOf(UPDATE));
    for (const k of ['commandId', 'workflowId', 'traceContext', 'externalTransactionHash', 'paidTrafficCost', 'transactionHash']) put(tx, k, null);
    const creation = created(tx.events[3]);
    for (const k of ['contractKey', 'contractKeyHash', 'createdEventBlob', 'interfaceViews', 'observers', 'representativePackageId', 'acsDelta']) put(creation, k, null);
    const exercise = exercised(tx.events[0]);
    for (const k of ['interfaceId', 'exerciseResult', 'implementedInterfaces', 'acsDelta']) put(exercise, k, null);
    decodeOk(JsTransaction, tx);
    decodeOk(CreatedEvent, creation);
    decodeOk(ExercisedEvent, exercise);
  });

  it('accepts optional fields left out altogether', () => {
    const tx = transactionOf(updateOf(UPDATE));
    for (const k of ['commandId', 'workflowId', 'traceContext', 'externalTransactionHash', 'paidTrafficCost', 'transactionHash']) drop(tx, k);
    const creation = created(tx.events[3]);
    for (const k of ['contractKey', 'contractKeyHash', 'createdEventBlob', 'interfaceViews', 'observers', 'representativePackageId', 'acsDelta']) drop(creation, k);
    const exercise = exercised(tx.events[0]);
    for (const k of ['interfaceId', 'exerciseResult', 'implementedInterfaces', 'acsDelta']) drop(exercise, k);
    decodeOk(JsTransaction, tx);
  });

  it('decodes the Canton 3.6 transactionHash and 3.5 fields when present', () => {
    const update = updatesOf('updates-ledger-effects__canton-network-splice-sv-voting-dapp__2.json')[3]!;
    transactionOf(update).transactionHash = 'a1b2c3';
    const tx = transactionOf(decodeOk(JsGetUpdateResponse, update));
    assert.equal(tx.transactionHash, 'a1b2c3');
    // This capture is of the 3.4/3.5 era: every event carries acsDelta, every creation representativePackageId.
    assert.ok(tx.events.length > 0);
    for (const e of tx.events) {
      if ('CreatedEvent' in e) assert.ok(typeof e.CreatedEvent.acsDelta === 'boolean' && typeof e.CreatedEvent.representativePackageId === 'string');
      else assert.equal(typeof exercised(e).acsDelta, 'boolean');
    }
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
