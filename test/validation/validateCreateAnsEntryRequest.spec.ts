import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import { validateCreateAnsEntryRequest } from '../../src/validation/validateCreateAnsEntryRequest';

const paths = <A>(r: E.Either<{ issues: ReadonlyArray<{ path: string; message: string }> }, A>) =>
  E.isLeft(r) ? r.left.issues.map((i) => `${i.path}: ${i.message}`) : [];

describe('validateCreateAnsEntryRequest', () => {
  it('accepts a valid entry and an empty url and description', () => {
    assert.ok(E.isRight(validateCreateAnsEntryRequest({ name: 'alice.unverified.cns', url: 'https://alice.example.com', description: 'Alice' })));
    assert.ok(E.isRight(validateCreateAnsEntryRequest({ name: 'alice.unverified.cns', url: '', description: '' })));
  });
  it('checks the suffix against the configured acronym', () => {
    assert.deepEqual(paths(validateCreateAnsEntryRequest({ name: 'alice.unverified.cns', url: '', description: '' }, 'ans')), ['name: must end with .unverified.ans']);
    assert.ok(E.isRight(validateCreateAnsEntryRequest({ name: 'alice.unverified.ans', url: '', description: '' }, 'ans')));
    assert.deepEqual(paths(validateCreateAnsEntryRequest({ name: '.unverified.cns', url: '', description: '' })), ['name: must end with .unverified.cns']);
  });
  it('checks url and description limits, at the boundary', () => {
    const url255 = 'https://e.com/' + 'a'.repeat(255 - 14);
    assert.equal(url255.length, 255);
    assert.ok(E.isRight(validateCreateAnsEntryRequest({ name: 'a.unverified.cns', url: url255, description: 'd'.repeat(140) })));
    assert.deepEqual(paths(validateCreateAnsEntryRequest({ name: 'a.unverified.cns', url: url255 + 'a', description: 'd'.repeat(141) })), [
      'url: must have at most 255 characters',
      'description: must have at most 140 characters',
    ]);
    assert.deepEqual(paths(validateCreateAnsEntryRequest({ name: 'a.unverified.cns', url: 'not a url', description: '' })), ['url: must be empty or a valid URL']);
  });
  it('reports wrong types from untyped callers instead of crashing', () => {
    const r = validateCreateAnsEntryRequest({ name: 1, url: null, description: undefined } as never);
    assert.deepEqual(paths(r), ['name: must be a string', 'url: must be a string', 'description: must be a string']);
  });
});
