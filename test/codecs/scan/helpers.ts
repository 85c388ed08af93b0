import assert from 'node:assert/strict';
import type * as t from 'io-ts';
import * as E from 'fp-ts/lib/Either.js';
import { decodeWith } from '../../../src/codecs/decodeWith.js';
import type { DecodeIssue } from '../../../src/errors/CantonError.js';

/** Decodes and asserts success; returns the decoded value. */
export const decodeOk = <C extends t.Mixed>(codec: C, u: unknown, what: string = codec.name): t.TypeOf<C> => {
  const r = decodeWith<t.TypeOf<C>, t.OutputOf<C>>(codec)(u);
  if (E.isLeft(r)) assert.fail(`${what} did not decode: ${JSON.stringify(r.left.issues.slice(0, 5), null, 1)}`);
  return r.right;
};

/** Decodes and asserts failure; returns the issues. */
export const decodeIssues = (codec: t.Mixed, u: unknown, options?: { readonly strict?: boolean }): ReadonlyArray<DecodeIssue> => {
  const r = decodeWith(codec, options)(u);
  if (E.isRight(r)) assert.fail(`${codec.name} decoded a value it should refuse`);
  assert.equal(r.left._tag, 'DecodeError');
  assert.equal(r.left.reason, 'schema');
  assert.ok(r.left.issues.length > 0, 'a refusal names at least one issue');
  return r.left.issues;
};

/** A deep copy of parsed JSON, for mutations. */
export const clone = <T>(u: T): T => JSON.parse(JSON.stringify(u)) as T;

/** Whether `T` is `any` (exported types must not be). */
export type IsAny<T> = 0 extends 1 & T ? true : false;
export const notAny = <T>(_proof: IsAny<T> extends false ? true : never): void => undefined;
