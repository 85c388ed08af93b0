import { filter, map, pipe, type OperatorFunction } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import type { CantonError } from '../errors/CantonError.js';

/**
 * Leaves the Either world: passes on the Right values and drops the Lefts, reporting each one
 * to `onLeft` first (to log or count it). Nothing is dropped silently unless you pass no
 * callback.
 *
 * ```text
 * source:  --R(a)--L(e)--R(b)--|
 * rights:  --a-----------b-----|      onLeft(e) called at the second frame
 * ```
 *
 * @example
 * ```ts
 * import { createClient, formatError, rights } from 'canton-rx';
 * createClient({ scan: { url } }).scan.updates({ page_size: 100 })
 *   .pipe(rights((e) => console.warn(formatError(e))))
 *   .subscribe((item) => index(item));
 * ```
 * @category Operators
 * @since 0.1.0
 */
export const rights = <A>(onLeft?: (error: CantonError) => void): OperatorFunction<E.Either<CantonError, A>, A> =>
  pipe(
    filter((r: E.Either<CantonError, A>): r is E.Right<A> => {
      if (E.isRight(r)) return true;
      onLeft?.(r.left);
      return false;
    }),
    map((r) => r.right),
  );
