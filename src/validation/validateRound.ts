import type * as E from 'fp-ts/lib/Either.js';
import type { InvalidRequest } from '../errors/CantonError.js';
import { Checks } from './checks.js';

/**
 * Checks a round number argument: a non-negative safe integer.
 *
 * @example
 * ```ts
 * import { validateRound } from 'canton-rx';
 * validateRound(12630, 'round'); // Right(12630)
 * ```
 * @category Validation
 * @since 0.1.0
 */
export const validateRound = (round: number, path: string): E.Either<InvalidRequest, number> =>
  new Checks().nonNegativeInt(round, path).result('round number', round);
