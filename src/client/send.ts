import { defer, of, type Observable } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import type { CantonError, InvalidRequest } from '../errors/CantonError.js';

/**
 * Runs a client-side check at subscribe time and sends only if it passes, so that an invalid
 * request is a cold `InvalidRequest` Left like every other failure.
 * @internal
 */
export const checked = <R, A>(
  check: () => E.Either<InvalidRequest, R>,
  then: (request: R) => Observable<E.Either<CantonError, A>>,
): Observable<E.Either<CantonError, A>> =>
  defer(() => {
    const r = check();
    return E.isLeft(r) ? of(r) : then(r.right);
  });
