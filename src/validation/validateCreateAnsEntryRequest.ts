import type * as E from 'fp-ts/lib/Either.js';
import type { InvalidRequest } from '../errors/CantonError.js';
import { Checks } from './checks.js';

/** The request body of `POST /v0/entry/create` (upstream `CreateAnsEntryRequest`). */
interface AnsEntryFields {
  readonly name: string;
  readonly url: string;
  readonly description: string;
}

const isUrl = (s: string): boolean => {
  try {
    return Boolean(new URL(s).protocol);
  } catch {
    return false;
  }
};

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
 * @category Validation
 * @since 0.1.0
 */
export const validateCreateAnsEntryRequest = <R extends AnsEntryFields>(request: R, ansAcronym = 'cns'): E.Either<InvalidRequest, R> => {
  const suffix = `.unverified.${ansAcronym}`;
  const checks = new Checks();
  const { name, url, description } = request as Partial<AnsEntryFields>;
  if (typeof name !== 'string') checks.fail('name', 'must be a string');
  else checks.check(name.endsWith(suffix) && name.length > suffix.length, 'name', `must end with ${suffix}`);
  if (typeof url !== 'string') checks.fail('url', 'must be a string');
  else {
    checks.check(url.length <= 255, 'url', 'must have at most 255 characters');
    checks.check(url === '' || isUrl(url), 'url', 'must be empty or a valid URL');
  }
  if (typeof description !== 'string') checks.fail('description', 'must be a string');
  else checks.check(description.length <= 140, 'description', 'must have at most 140 characters');
  return checks.result('ANS entry request', request);
};
