import type { Observable } from 'rxjs';
import type * as E from 'fp-ts/lib/Either.js';
import type { CantonError } from '../errors/CantonError.js';
import type { Transport } from './createTransport.js';
import { invokeOperation, type OperationDescriptor } from './invokeOperation.js';
import { whenLoaded } from './whenLoaded.js';

/**
 * The method of an operation whose descriptor (and the codecs it names) is loaded on the first
 * subscribe, each operation a module of its own (`src/generated/<group>/ops/`): a bundle that
 * reaches a group object keeps every method, but only the operations an app calls are fetched.
 * Then the call is {@link invokeOperation}'s, unchanged: cold, arguments checked first, one
 * `Either` per answer. See {@link whenLoaded} for a module that fails to load.
 * @internal
 */
export const lazyOperation =
  <A>(transport: Transport, load: () => Promise<OperationDescriptor<A>>, context?: Readonly<Record<string, string>>) =>
  (...args: unknown[]): Observable<E.Either<CantonError, A>> =>
    whenLoaded(load, (d) => invokeOperation(transport, d, args, context));
