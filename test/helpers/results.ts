import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import type { Observable } from 'rxjs';
import type { CantonError, HttpError } from '../../src/errors/CantonError';
import { collect } from './collect';

/** The Rights of a collected stream; any Left fails the test. */
export const rights = <A>(rs: Array<E.Either<CantonError, A>>): A[] =>
  rs.map((r) => {
    assert.ok(E.isRight(r), `unexpected Left: ${JSON.stringify(r)}`);
    return r.right;
  });

/** The single Either of a single-shot operation (it must emit exactly one). */
export const one = async <A>(o: Observable<E.Either<CantonError, A>>): Promise<E.Either<CantonError, A>> => {
  const all = await collect(o);
  assert.equal(all.length, 1, 'a single-shot operation emits exactly one Either');
  return all[0]!;
};

/** The Right of a single-shot operation. */
export const right = async <A>(o: Observable<E.Either<CantonError, A>>): Promise<A> => rights([await one(o)])[0]!;

/** The HttpError of a single-shot operation. */
export const httpLeft = async <A>(o: Observable<E.Either<CantonError, A>>): Promise<HttpError> => {
  const r = await one(o);
  assert.ok(E.isLeft(r) && r.left._tag === 'HttpError', `expected an HttpError, got ${JSON.stringify(r)}`);
  return r.left as HttpError;
};
