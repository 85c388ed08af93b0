import * as E from 'fp-ts/lib/Either.js';
import type { InvalidRequest } from '../errors/CantonError.js';
import { invalidRequest } from '../errors/constructors.js';

const refuse = (message: string): E.Either<InvalidRequest, URL> => E.left(invalidRequest(`the base URL ${message}`, [{ path: 'url', message }]));

/**
 * Reads a group base URL, refusing what canton-rx would otherwise send wrongly or drop silently.
 * The messages never quote the URL, which may hold a password.
 * - User info (`https://user:pw@host`): the platform fetch refuses such a URL on every request
 *   with an error that quotes it, and the bearer token is the one way canton-rx authenticates.
 * - A query string or a fragment: every operation builds its own query, so one on the base
 *   would be dropped without a word.
 * - A scheme other than `http:` or `https:`.
 * @internal
 */
export const parseBaseUrl = (baseUrl: string): E.Either<InvalidRequest, URL> => {
  let base: URL;
  try {
    base = new URL(baseUrl);
  } catch {
    return refuse('is not a valid absolute URL');
  }
  if (base.username !== '' || base.password !== '') return refuse('must not carry user info (user:password@): pass credentials as the group token');
  if (base.protocol !== 'http:' && base.protocol !== 'https:') return refuse('must use http: or https:');
  // `new URL('http://h/?')` has an empty search but still a '?', which would be dropped just the same.
  if (base.search !== '' || base.href.includes('?')) return refuse('must not have a query string: every operation sends its own query');
  if (base.hash !== '' || base.href.includes('#')) return refuse('must not have a fragment');
  return E.right(base);
};
