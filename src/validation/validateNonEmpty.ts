import type * as E from 'fp-ts/lib/Either.js';
import type { InvalidRequest } from '../errors/CantonError.js';
import { Checks } from './checks.js';

/**
 * Checks a string argument such as a party id or an identity provider id: a non-empty string.
 *
 * @example
 * ```ts
 * import { validateNonEmpty } from 'canton-rx';
 * validateNonEmpty('', 'party'); // Left: party must be a non-empty string
 * ```
 * @category Validation
 * @since 0.1.0
 */
export const validateNonEmpty = (value: string, path: string): E.Either<InvalidRequest, string> =>
  new Checks().check(typeof value === 'string' && value.length > 0, path, 'must be a non-empty string').result(path, value);
