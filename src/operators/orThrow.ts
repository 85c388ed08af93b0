import { map, type OperatorFunction } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import type { CantonError } from '../errors/CantonError.js';
import { CantonRxError } from './CantonRxError.js';

/**
 * Leaves the Either world the other way: passes on Right values and turns the first Left into
 * an error of the Observable, a {@link CantonRxError} that carries the `CantonError`.
 *
 * ```text
 * source:   --R(a)--L(e)--R(b)--|
 * orThrow:  --a-----#               # = CantonRxError(e)
 * ```
 *
 * @example
 * ```ts
 * import { lastValueFrom, toArray } from 'rxjs';
 * import { createClient, orThrow } from 'canton-rx';
 * const all = await lastValueFrom(createClient({ scan: { url } }).scan.updates({ page_size: 100 }).pipe(orThrow(), toArray()));
 * ```
 * @category Operators
 * @since 0.1.0
 */
export const orThrow = <A>(): OperatorFunction<E.Either<CantonError, A>, A> =>
  map((r) => {
    if (E.isLeft(r)) throw new CantonRxError(r.left);
    return r.right;
  });
