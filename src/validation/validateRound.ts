import * as E from 'fp-ts/lib/Either.js';
import type { InvalidRequest } from '../errors/CantonError.js';
import { checkRequest } from './checkRequest.js';

/**
 * Checks a round number argument: a non-negative safe integer.
 *
 * @example
 * ```ts
 * import { validateRound } from 'canton-rx';
 * validateRound(12630, 'round'); // Right(12630)
 * ```
 * @deprecated The descriptors of the round operations run this check (`requestValidations.round`,
 * `requestValidations.roundNumber`) before anything is sent; call the client method instead. Kept
 * for one minor release.
 * @category Validation
 * @since 0.1.0
 */
export const validateRound = (round: number, path: string): E.Either<InvalidRequest, number> =>
  E.map(() => round)(checkRequest({ what: 'round number', on: 'params', rules: [{ rule: 'nonNegativeInt', path }] }, { [path]: round }));
