import * as E from 'fp-ts/lib/Either.js';
import type { CantonError } from '../errors/CantonError.js';

export { invariantViolation } from '../paging/invariantViolation.js';

/** A page step that hands on the valid items found before a violation, then the violation. @internal */
export const stopAfter = <S, I>(items: ReadonlyArray<I>, failure: CantonError): E.Either<CantonError, { items: ReadonlyArray<I>; next: S | undefined; failure: CantonError }> =>
  E.right({ items, next: undefined, failure });
