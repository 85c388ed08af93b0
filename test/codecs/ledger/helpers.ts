import assert from 'node:assert/strict';
import * as t from 'io-ts';
import * as E from 'fp-ts/lib/Either.js';
import { decodeWith } from '../../../src/codecs/decodeWith';
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

/** A fresh, mutable copy of a fixture (fixtures are parsed anew, so tests cannot leak mutations). */
export const fixture = (file: string): any => readFixture('ledger', file);
