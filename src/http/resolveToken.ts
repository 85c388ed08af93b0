import { catchError, defaultIfEmpty, defer, from, isObservable, map, of, take, type Observable } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import type { InvalidRequest } from '../errors/CantonError.js';
import { invalidRequest } from '../errors/constructors.js';
import type { TokenSource } from './types.js';

/**
 * Resolves a token source for one request: a fixed string, or the provider's current answer.
 * A provider that throws, rejects, errors or returns no token gives an `InvalidRequest` and
 * nothing is sent; its error is not repeated, since it could quote the token.
 * @internal
 */
export const resolveToken = (source: TokenSource | undefined): Observable<E.Either<InvalidRequest, string | undefined>> => {
  if (source === undefined || typeof source === 'string') return of(E.right(source));
  return defer(() => {
    const produced = source();
    return typeof produced === 'string' ? of(produced) : isObservable(produced) ? produced : from(produced);
  }).pipe(
    take(1),
    map((token): E.Either<InvalidRequest, string | undefined> =>
      typeof token === 'string' && token.length > 0 ? E.right(token) : E.left(invalidRequest('the token provider returned no token')),
    ),
    defaultIfEmpty(E.left(invalidRequest('the token provider completed without a token'))),
    catchError(() => of(E.left(invalidRequest('the token provider failed')))),
  );
};
