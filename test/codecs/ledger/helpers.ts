import assert from 'node:assert/strict';
import * as t from 'io-ts';
import * as E from 'fp-ts/lib/Either.js';
import { decodeWith } from '../../../src/codecs/decodeWith';
import { JsGetUpdateResponse, type CreatedEvent, type Event, type ExercisedEvent, type JsTransaction } from '../../../src/codecs/ledger/index';
import type { DecodeError, DecodeIssue } from '../../../src/errors/CantonError';
import { readFixture } from '../../helpers/fixtures';

/** Decodes and fails the test, with the issues, when the value does not decode. */
export const decodeOk = <A, O>(codec: t.Type<A, O, unknown>, u: unknown, label = codec.name): A => {
  const r = decodeWith(codec)(u);
  if (E.isLeft(r)) assert.fail(`${label} did not decode: ${JSON.stringify(r.left.issues.slice(0, 5), null, 2)}`);
  return r.right;
};

/** Decodes a value that must fail and returns the DecodeError. */
export const decodeFail = <A, O>(codec: t.Type<A, O, unknown>, u: unknown): DecodeError => {
  const r = decodeWith(codec)(u);
  if (E.isRight(r)) assert.fail(`${codec.name} decoded a value it should have refused`);
  assert.equal(r.left._tag, 'DecodeError');
  assert.equal(r.left.reason, 'schema');
  assert.ok(r.left.issues.length > 0);
  return r.left;
};

/** The first issue of a value that must fail. */
export const firstIssue = <A, O>(codec: t.Type<A, O, unknown>, u: unknown): DecodeIssue => decodeFail(codec, u).issues[0]!;

/** A fresh parse of a ledger fixture (parsed anew each time, so tests cannot leak mutations). */
export const fixture = (file: string): unknown => readFixture('ledger', file);

/**
 * A fixture of `{update}` elements, decoded: the typed, fresh JSON itself (decoding does not copy),
 * so that a test mutates it through the names of real fields.
 */
export const updatesOf = (file: string): JsGetUpdateResponse[] => decodeOk(t.array(JsGetUpdateResponse), fixture(file), file);

/** A fixture holding one `{update}` body, decoded as {@link updatesOf} does. */
export const updateOf = (file: string): JsGetUpdateResponse => decodeOk(JsGetUpdateResponse, fixture(file), file);

/** The transaction of an update, which the test expects to be one. */
export const transactionOf = (body: JsGetUpdateResponse): JsTransaction => {
  const u = body.update;
  assert.ok('Transaction' in u, 'a Transaction update');
  return u.Transaction.value;
};

/** The CreatedEvent of an event, which the test expects to be one. */
export const created = (e: Event | undefined): CreatedEvent => {
  assert.ok(e !== undefined && 'CreatedEvent' in e, 'a CreatedEvent');
  return e.CreatedEvent;
};

/** The ExercisedEvent of an event, which the test expects to be one. */
export const exercised = (e: Event | undefined): ExercisedEvent => {
  assert.ok(e !== undefined && 'ExercisedEvent' in e, 'an ExercisedEvent');
  return e.ExercisedEvent;
};

/** Sets a field to any value, one its type forbids included: what a mutation test is about. */
export const put = (o: object, key: string, value: unknown): void => {
  (o as Record<string, unknown>)[key] = value;
};

/** Removes a field, a required one included. */
export const drop = (o: object, key: string): void => {
  delete (o as Record<string, unknown>)[key];
};
