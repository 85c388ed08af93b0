import * as E from 'fp-ts/lib/Either.js';
import type { InvalidRequest } from '../errors/CantonError.js';
import { checkRequest } from './checkRequest.js';

/**
 * Checks a string argument such as a party id or an identity provider id: a non-empty string.
 *
 * @example
 * ```ts
 * import { validateNonEmpty } from 'canton-rx';
 * validateNonEmpty('', 'party'); // Left: party must be a non-empty string
 * ```
 * @deprecated Each path parameter's descriptor runs this check (a `nonEmpty` rule of its request
 * validation) before anything is sent; call the client method instead. Kept for one minor release.
 * @category Validation
 * @since 0.1.0
 */
export const validateNonEmpty = (value: string, path: string): E.Either<InvalidRequest, string> =>
  E.map(() => value)(checkRequest({ what: path, on: 'params', rules: [{ rule: 'nonEmpty', path }] }, { [path]: value }));
