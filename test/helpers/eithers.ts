import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';

/** The value of a Right; a Left fails the test, showing it. */
export const right = <A>(r: E.Either<unknown, A>): A => {
  if (E.isLeft(r)) assert.fail(`expected a Right, got ${JSON.stringify(r.left)}`);
  return r.right;
};

/** The values of a list of Rights (any error type); a Left fails the test. */
export const allRight = <A>(rs: ReadonlyArray<E.Either<unknown, A>>): A[] => rs.map(right);
