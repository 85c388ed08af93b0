import type * as E from 'fp-ts/lib/Either.js';
import type { InvalidRequest } from '../errors/CantonError.js';
import { checkRequest } from './checkRequest.js';
import { requestValidations } from './requestValidations.js';

/** The request body of `POST /v0/entry/create` (upstream `CreateAnsEntryRequest`). */
interface AnsEntryFields {
  readonly name: string;
  readonly url: string;
  readonly description: string;
}

/**
 * Checks an ANS entry request as the validator would, before anything is sent: `name` ends with
 * `.unverified.<ans>`, `url` is empty or a valid URL of at most 255 characters, `description`
 * has at most 140 characters.
 *
 * @example
 * ```ts
 * import { validateCreateAnsEntryRequest } from 'canton-rx';
 * validateCreateAnsEntryRequest({ name: 'alice.unverified.cns', url: '', description: '' }); // Right
 * validateCreateAnsEntryRequest({ name: 'alice.cns', url: 'nope', description: '' });         // Left(InvalidRequest)
 * ```
 * @deprecated The operation's descriptor runs these checks (`requestValidations.ansEntryRequest`)
 * before anything is sent; call the client method instead. Kept for one minor release.
 * @category Validation
 * @since 0.1.0
 */
export const validateCreateAnsEntryRequest = <R extends AnsEntryFields>(request: R, ansAcronym = 'cns'): E.Either<InvalidRequest, R> =>
  checkRequest(requestValidations.ansEntryRequest, request, { ansAcronym });
