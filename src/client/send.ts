import { defer, map, of, type Observable } from 'rxjs';
import type * as t from 'io-ts';
import * as E from 'fp-ts/lib/Either.js';
import type { CantonError, InvalidRequest } from '../errors/CantonError.js';
import type { Call, Transport } from './createTransport.js';
import { decodeResponse } from './decodeResponse.js';

/**
 * One request of a call spelled out by hand, one decoded Either. The record streams still use it
 * until they call through their descriptors (issue 18); everything else goes through
 * `invokeOperation`, the one way to reach an endpoint, and new code should too.
 * @internal
 */
export const send = <A>(transport: Transport, call: Call, codec: t.Decoder<unknown, A>): Observable<E.Either<CantonError, A>> =>
  transport(call).pipe(map(decodeResponse(codec)));

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
