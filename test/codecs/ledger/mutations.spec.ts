import assert from 'node:assert/strict';
import {
  CreatedEvent,
  Event,
  ExercisedEvent,
  JsGetUpdateResponse,
  JsGetUpdatesPageResponse,
  JsTransaction,
  Update,
} from '../../../src/codecs/ledger/index';
import { decodeFail, decodeOk, firstIssue, fixture } from './helpers';

// update-by-id 1: a real ledger-effects Transaction (3 ExercisedEvents, then 4 CreatedEvents).
const UPDATE = 'update-by-id__hyperledger-labs-splice-wallet-kernel__1.json';
const TX = 'update.Transaction.value';

describe('ledger codecs on mutated real payloads', () => {
  it('starts from a payload that decodes', () => {
    decodeOk(JsGetUpdateResponse, fixture(UPDATE));
  });

  it('points at a missing required field', () => {
    const body = fixture(UPDATE);
    delete body.update.Transaction.value.updateId;
    const issue = firstIssue(JsGetUpdateResponse, body);
    assert.equal(issue.path, `${TX}.updateId`);
    assert.equal(issue.expected, 'string');
    assert.equal(issue.actual, 'undefined');
  });

  it('points at a missing required field of an event', () => {
    const body = fixture(UPDATE);
    delete body.update.Transaction.value.events[4].CreatedEvent.createdAt;
    const issue = firstIssue(JsGetUpdateResponse, body);
    assert.equal(issue.path, `${TX}.events.4.CreatedEvent.createdAt`);
    assert.equal(issue.expected, 'Timestamp');
  });

  it('points at a value of the wrong type', () => {
    const body = fixture(UPDATE);
    body.update.Transaction.value.events[1].ExercisedEvent.nodeId = '1';
    const issue = firstIssue(JsGetUpdateResponse, body);
    assert.equal(issue.path, `${TX}.events.1.ExercisedEvent.nodeId`);
    assert.equal(issue.expected, 'int32');
    assert.equal(issue.actual, '"1"');
  });

  it('points at a wrong type in an optional field, which is not taken for absent', () => {
    const body = fixture(UPDATE);
    body.update.Transaction.value.traceContext.traceparent = 42;
    const issue = firstIssue(JsGetUpdateResponse, body);
    assert.equal(issue.path, `${TX}.traceContext.traceparent`);
    assert.equal(issue.expected, 'string | null');
  });

  it('refuses null for a required field', () => {
    const body = fixture(UPDATE);
    body.update.Transaction.value.synchronizerId = null;
    assert.equal(firstIssue(JsGetUpdateResponse, body).path, `${TX}.synchronizerId`);
  });

  it('refuses an offset beyond Number.MAX_SAFE_INTEGER instead of rounding it', () => {
    const body = fixture(UPDATE);
    body.update.Transaction.value.offset = 2 ** 53 + 2;
    const issue = firstIssue(JsGetUpdateResponse, body);
    assert.equal(issue.path, `${TX}.offset`);
    assert.equal(issue.expected, 'int64');
    assert.match(issue.message ?? '', /MAX_SAFE_INTEGER/);
  });

  it('refuses an unsafe integer in an optional int64 (paidTrafficCost)', () => {
    const body = fixture('updates-ledger-effects__canton-network-splice-sv-voting-dapp__2.json')[0];
    body.update.Transaction.value.paidTrafficCost = 2 ** 60;
    const issue = firstIssue(JsGetUpdateResponse, body);
    assert.equal(issue.path, `${TX}.paidTrafficCost`);
    assert.match(issue.message ?? '', /MAX_SAFE_INTEGER/);
  });

  it('refuses a non-integer offset', () => {
    const body = fixture(UPDATE);
    body.update.Transaction.value.events[0].ExercisedEvent.offset = 107.5;
    const issue = firstIssue(JsGetUpdateResponse, body);
    assert.equal(issue.path, `${TX}.events.0.ExercisedEvent.offset`);
    assert.equal(issue.expected, 'int64');
  });

  it('refuses an offset sent as a string', () => {
    const body = fixture(UPDATE);
    body.update.Transaction.value.offset = '107';
    assert.equal(firstIssue(JsGetUpdateResponse, body).path, `${TX}.offset`);
  });

  it('refuses a timestamp that is no ISO-8601 UTC instant', () => {
    const body = fixture(UPDATE);
    body.update.Transaction.value.recordTime = 'yesterday';
    const issue = firstIssue(JsGetUpdateResponse, body);
    assert.equal(issue.path, `${TX}.recordTime`);
    assert.equal(issue.expected, 'Timestamp');
    assert.equal(issue.actual, '"yesterday"');
    assert.match(issue.message ?? '', /ISO-8601/);
  });

  it('refuses a timestamp with an offset other than Z (createdAt)', () => {
    const body = fixture(UPDATE);
    body.update.Transaction.value.events[3].CreatedEvent.createdAt = '1970-01-01T01:01:00+01:00';
    assert.equal(firstIssue(JsGetUpdateResponse, body).path, `${TX}.events.3.CreatedEvent.createdAt`);
  });

  it('names an unknown Update variant', () => {
    const body = fixture(UPDATE);
    body.update = { TransactionV2: body.update.Transaction };
    const issue = firstIssue(JsGetUpdateResponse, body);
    assert.equal(issue.path, 'update');
    assert.equal(issue.expected, 'Update');
    assert.match(issue.message ?? '', /unknown Update variant "TransactionV2"/);
  });

  it('refuses an Update with two variant keys, or none', () => {
    const body = fixture(UPDATE);
    const both = { ...body.update, OffsetCheckpoint: { value: { offset: 1 } } };
    assert.match(firstIssue(Update, both).message ?? '', /exactly one/);
    assert.match(firstIssue(Update, {}).message ?? '', /got none/);
  });

  it('refuses a Transaction variant without its value level', () => {
    const body = fixture(UPDATE);
    body.update.Transaction = body.update.Transaction.value;
    const issue = firstIssue(JsGetUpdateResponse, body);
    assert.equal(issue.path, 'update.Transaction.value');
    assert.equal(issue.actual, 'undefined');
  });

  it('names an unknown Event variant', () => {
    const body = fixture(UPDATE);
    const events = body.update.Transaction.value.events;
    events[2] = { DivulgedEvent: events[2].ExercisedEvent };
    const issue = firstIssue(JsGetUpdateResponse, body);
    assert.equal(issue.path, `${TX}.events.2`);
    assert.equal(issue.expected, 'Event');
    assert.match(issue.message ?? '', /unknown Event variant "DivulgedEvent"/);
  });

  it('refuses an Event with a value level it does not have', () => {
    const created = fixture(UPDATE).update.Transaction.value.events[3];
    const issue = firstIssue(Event, { CreatedEvent: { value: created.CreatedEvent } });
    assert.equal(issue.path, 'CreatedEvent.offset');
  });

  it('gives paths inside a page', () => {
    const updates = fixture('updates-ledger-effects__hyperledger-labs-splice-wallet-kernel__1.json');
    const events: Array<Record<string, { signatories?: unknown }>> = updates[5].update.Transaction.value.events;
    const at = events.findIndex((e) => 'CreatedEvent' in e);
    assert.ok(at >= 0);
    events[at]!.CreatedEvent!.signatories = 'alice';
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
    const tx = fixture('transaction-by-offset__Fairmint-canton-node-sdk__sim-1.json').transaction;
    tx.effectiveAt = 'now';
    tx.events[1].CreatedEvent.nodeId = -1.5;
    const paths = decodeFail(JsTransaction, tx).issues.map((i) => i.path);
    assert.deepEqual(paths, ['effectiveAt', 'events.1.CreatedEvent.nodeId']);
  });

  it('checks the payload of the sub-object codecs too', () => {
    const exercised = fixture('event-exercised__canton-network-splice-sv-voting-dapp__1.json').ExercisedEvent;
    exercised.consuming = 'no';
    assert.equal(firstIssue(ExercisedEvent, exercised).path, 'consuming');
    const created = fixture('state-active-contracts__digital-asset-canton__1.json')[0].contractEntry.JsActiveContract.createdEvent;
    created.interfaceViews = [{ interfaceId: 'x', viewStatus: { code: 0 } }];
    assert.equal(firstIssue(CreatedEvent, created).path, 'interfaceViews.0.viewStatus.message');
  });
});
