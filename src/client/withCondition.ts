import * as E from 'fp-ts/lib/Either.js';
import type { CantonError, KnownCondition } from '../errors/CantonError.js';
import { matchesCondition } from '../errors/matchesCondition.js';

/**
 * Marks the HTTP errors of one operation that are the server's way of saying `condition`, by
 * status and body (see docs/errors.md, "Conditions"); any other error is left as it is.
 * @internal
 */
export const withCondition =
  <A>(condition: KnownCondition) =>
  (result: E.Either<CantonError, A>): E.Either<CantonError, A> =>
    E.isLeft(result) && result.left._tag === 'HttpError' && result.left.condition === undefined && matchesCondition(condition, result.left)
      ? E.left({ ...result.left, condition })
      : result;

