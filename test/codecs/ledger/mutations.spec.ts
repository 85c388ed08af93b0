import assert from 'node:assert/strict';
import { strictDecoding } from '../../../src/codecs/common/openMembers';
import * as E from 'fp-ts/lib/Either.js';
import { decodeWith } from '../../../src/codecs/decodeWith';
import {
  CreatedEvent,
  Event,
  ExercisedEvent,
  JsGetUpdateResponse,
  JsCantonError,
  JsGetUpdatesPageResponse,
  JsTransaction,
  Update,
} from '../../../src/codecs/ledger/index';
import { created, decodeFail, decodeOk, drop, exercised, firstIssue, fixture, put, transactionOf, updateOf, updatesOf } from './helpers';

// update-by-id 1: a real ledger-effects Transaction (3 ExercisedEvents, then 4 CreatedEvents).
const UPDATE = 'update-by-id__hyperledger-labs-splice-wallet-kernel__1.json';
const TX = 'update.Transaction.value';
const body = () => updateOf(UPDATE);

describe('ledger codecs on mutated real payloads', () => {
  it('starts from a payload that decodes', () => {
    decodeOk(JsGetUpdateResponse, fixture(UPDATE));
  });

  it('points at a missing required field', () => {
    const b = body();
    drop(transactionOf(b), 'updateId');
    const issue = firstIssue(JsGetUpdateResponse, b);
    assert.equal(issue.path, `${TX}.updateId`);
    assert.equal(issue.expected, 'string');
    assert.equal(issue.actual, 'undefined');
  });

  it('points at a missing required field of an event', () => {
    const b = body();
    drop(created(transactionOf(b).events[4]), 'createdAt');
    const issue = firstIssue(JsGetUpdateResponse, b);
    assert.equal(issue.path, `${TX}.events.4.CreatedEvent.createdAt`);
    assert.equal(issue.expected, 'Timestamp');
  });

  it('points at a value of the wrong type', () => {
    const b = body();
    put(exercised(transactionOf(b).events[1]), 'nodeId', '1');
    const issue = firstIssue(JsGetUpdateResponse, b);
    assert.equal(issue.path, `${TX}.events.1.ExercisedEvent.nodeId`);
    assert.equal(issue.expected, 'int32');
    assert.equal(issue.actual, '"1"');
  });

  it('points at a wrong type in an optional field, which is not taken for absent', () => {
    const b = body();
    const trace = transactionOf(b).traceContext;
    assert.ok(trace);
    put(trace, 'traceparent', 42);
    const issue = firstIssue(JsGetUpdateResponse, b);
    assert.equal(issue.path, `${TX}.traceContext.traceparent`);
    assert.equal(issue.expected, 'string | null');
  });

  it('refuses null for a required field', () => {
    const b = body();
    put(transactionOf(b), 'synchronizerId', null);
    assert.equal(firstIssue(JsGetUpdateResponse, b).path, `${TX}.synchronizerId`);
  });

  it('refuses an offset beyond Number.MAX_SAFE_INTEGER instead of rounding it', () => {
    const b = body();
    transactionOf(b).offset = 2 ** 53 + 2;
    const issue = firstIssue(JsGetUpdateResponse, b);
    assert.equal(issue.path, `${TX}.offset`);
    assert.equal(issue.expected, 'int64');
    assert.match(issue.message ?? '', /MAX_SAFE_INTEGER/);
  });

  it('refuses an unsafe integer in an optional int64 (paidTrafficCost)', () => {
    const b = updatesOf('updates-ledger-effects__canton-network-splice-sv-voting-dapp__2.json')[0]!;
    transactionOf(b).paidTrafficCost = 2 ** 60;
    const issue = firstIssue(JsGetUpdateResponse, b);
    assert.equal(issue.path, `${TX}.paidTrafficCost`);
    assert.match(issue.message ?? '', /MAX_SAFE_INTEGER/);
  });

  it('refuses a non-integer offset', () => {
    const b = body();
    exercised(transactionOf(b).events[0]).offset = 107.5;
    const issue = firstIssue(JsGetUpdateResponse, b);
    assert.equal(issue.path, `${TX}.events.0.ExercisedEvent.offset`);
    assert.equal(issue.expected, 'int64');
  });

  it('refuses an offset sent as a string', () => {
    const b = body();
    put(transactionOf(b), 'offset', '107');
    assert.equal(firstIssue(JsGetUpdateResponse, b).path, `${TX}.offset`);
  });

  it('refuses a timestamp that is no RFC 3339 instant', () => {
    const b = body();
    transactionOf(b).recordTime = 'yesterday';
    const issue = firstIssue(JsGetUpdateResponse, b);
    assert.equal(issue.path, `${TX}.recordTime`);
    assert.equal(issue.expected, 'Timestamp');
    assert.equal(issue.actual, '"yesterday"');
    assert.match(issue.message ?? '', /RFC 3339/);
  });

  it('accepts an RFC 3339 offset (+00:00, +01:00) and refuses a timestamp without a zone (createdAt)', () => {
    const b = body();
    created(transactionOf(b).events[3]).createdAt = '1970-01-01T01:01:00+01:00';
    decodeOk(JsGetUpdateResponse, b);
    created(transactionOf(b).events[3]).createdAt = '1970-01-01T00:01:00.123456+00:00';
    decodeOk(JsGetUpdateResponse, b);
    created(transactionOf(b).events[3]).createdAt = '1970-01-01T00:01:00';
    assert.equal(firstIssue(JsGetUpdateResponse, b).path, `${TX}.events.3.CreatedEvent.createdAt`);
  });

  it('keeps an unknown Update variant that carries its offset; names it when strict, or when it has no offset', () => {
    const b = body();
    put(b, 'update', { TransactionV2: { value: transactionOf(b) } });
    assert.equal(decodeOk(JsGetUpdateResponse, b), b);
    assert.match(firstIssue(JsGetUpdateResponse, { update: { TransactionV2: { value: {} } } }).message ?? '', /unknown Update variant "TransactionV2" without value\.offset/);
    const issue = strictDecoding(() => firstIssue(JsGetUpdateResponse, b));
    assert.equal(issue.path, 'update');
    assert.equal(issue.expected, 'Update');
    assert.match(issue.message ?? '', /unknown Update variant "TransactionV2"/);
  });

  it('refuses an Update with two variant keys, or none', () => {
    const both = { ...body().update, OffsetCheckpoint: { value: { offset: 1 } } };
    assert.match(firstIssue(Update, both).message ?? '', /exactly one/);
    assert.match(firstIssue(Update, {}).message ?? '', /got none/);
  });

  it('refuses a Transaction variant without its value level', () => {
    const b = body();
    put(b.update, 'Transaction', transactionOf(b));
    const issues = decodeFail(JsGetUpdateResponse, b).issues;
    // One issue that names the schema missing there, not one per half of its io-ts intersection.
    assert.deepEqual(
      issues.map((i) => [i.path, i.expected, i.actual]),
      [['update.Transaction.value', 'JsTransaction', 'undefined']],
    );
  });

  it('keeps an unknown Event variant; names it when strict', () => {
    const b = body();
    const events = transactionOf(b).events;
    put(events, '2', { DivulgedEvent: exercised(events[2]) });
    assert.equal(decodeOk(JsGetUpdateResponse, b), b);
    const issue = strictDecoding(() => firstIssue(JsGetUpdateResponse, b));
    assert.equal(issue.path, `${TX}.events.2`);
    assert.equal(issue.expected, 'Event');
    assert.match(issue.message ?? '', /unknown Event variant "DivulgedEvent"/);
  });

  it('refuses an Event with a value level it does not have', () => {
    const event = created(transactionOf(body()).events[3]);
    const issue = firstIssue(Event, { CreatedEvent: { value: event } });
    assert.equal(issue.path, 'CreatedEvent.offset');
  });

  it('gives paths inside a page', () => {
    const updates = updatesOf('updates-ledger-effects__hyperledger-labs-splice-wallet-kernel__1.json');
    const events = transactionOf(updates[5]!).events;
    const at = events.findIndex((e) => 'CreatedEvent' in e);
    assert.ok(at >= 0);
    put(created(events[at]), 'signatories', 'alice');
    const page = { updates, lowestPageOffsetExclusive: 0, highestPageOffsetInclusive: 99 };
    const issue = firstIssue(JsGetUpdatesPageResponse, page);
    assert.equal(issue.path, `updates.5.update.Transaction.value.events.${at}.CreatedEvent.signatories`);
    assert.equal(issue.expected, 'Array<string>');
  });

  it('requires the page bounds', () => {
    const e = decodeFail(JsGetUpdatesPageResponse, { updates: [], highestPageOffsetInclusive: 3 });
    assert.deepEqual(
      e.issues.map((i) => i.path),
      ['lowestPageOffsetExclusive'],
    );
  });

  it('reports every broken field, not only the first', () => {
    const tx = decodeOk(JsTransaction, (fixture('transaction-by-offset__Fairmint-canton-node-sdk__sim-1.json') as { transaction: unknown }).transaction);
    tx.effectiveAt = 'now';
    created(tx.events[1]).nodeId = -1.5;
    const paths = decodeFail(JsTransaction, tx).issues.map((i) => i.path);
    assert.deepEqual(paths, ['effectiveAt', 'events.1.CreatedEvent.nodeId']);
  });

  it('checks the payload of the sub-object codecs too', () => {
    const exercise = exercised(decodeOk(Event, fixture('event-exercised__canton-network-splice-sv-voting-dapp__1.json')));
    put(exercise, 'consuming', 'no');
    assert.equal(firstIssue(ExercisedEvent, exercise).path, 'consuming');
    const [contract] = fixture('state-active-contracts__digital-asset-canton__1.json') as Array<{ contractEntry: { JsActiveContract: { createdEvent: unknown } } }>;
    const creation = decodeOk(CreatedEvent, contract!.contractEntry.JsActiveContract.createdEvent);
    put(creation, 'interfaceViews', [{ interfaceId: 'x', viewStatus: { code: 0 } }]);
    assert.equal(firstIssue(CreatedEvent, creation).path, 'interfaceViews.0.viewStatus.message');
  });

  it('requires createArgument and choiceArgument, for which null is a value like any other', () => {
    const b = body();
    drop(created(transactionOf(b).events[3]), 'createArgument');
    drop(exercised(transactionOf(b).events[0]), 'choiceArgument');
    assert.deepEqual(
      decodeFail(JsGetUpdateResponse, b).issues.map((i) => [i.path, i.expected, i.message]),
      [
        [`${TX}.events.0.ExercisedEvent.choiceArgument`, 'DamlValue', 'required Daml value is missing'],
        [`${TX}.events.3.CreatedEvent.createArgument`, 'DamlValue', 'required Daml value is missing'],
      ],
    );
    const nulls = body();
    created(transactionOf(nulls).events[3]).createArgument = null;
    exercised(transactionOf(nulls).events[0]).choiceArgument = null;
    decodeOk(JsGetUpdateResponse, nulls);
  });
});

describe('JsCantonError resources', () => {
  it('refuses an entry that is not exactly two strings, rather than cutting it short', () => {
    const body = { code: 'X', cause: 'c', context: {}, errorCategory: 11, resources: [['ErrorResource(CONTRACT_ID)', '00ab', 'extra']] };
    const r = decodeWith(JsCantonError)(body);
    assert.ok(E.isLeft(r));
    assert.equal(r.left.issues[0]!.path, 'resources.0');
    assert.equal(JsCantonError.is(body), false);
    assert.ok(E.isRight(decodeWith(JsCantonError)({ ...body, resources: [['ErrorResource(CONTRACT_ID)', '00ab']] })));
  });
});
