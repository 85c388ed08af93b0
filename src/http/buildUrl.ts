import * as E from 'fp-ts/lib/Either.js';
import type { InvalidRequest } from '../errors/CantonError.js';
import { invalidRequest } from '../errors/constructors.js';
import { parseBaseUrl } from './parseBaseUrl.js';

/**
 * Joins a group base URL and a path template, URL-encoding every path parameter (party ids hold
 * `::`) and appending the query. A parameter that is empty, `.` or `..` is refused: it would
 * take the request out of its template (`/v2/idps/..` is `/v2/`). The base is checked by
 * {@link parseBaseUrl}, so the URL holds no credentials and can be shown in errors as it is.
 * @internal
 */
export const buildUrl = (
  baseUrl: string,
  path: string,
  params: Readonly<Record<string, string | number>> = {},
  query: Readonly<Record<string, string | number | boolean | ReadonlyArray<string | number> | undefined>> = {},
): E.Either<InvalidRequest, string> => {
  const parsed = parseBaseUrl(baseUrl);
  if (E.isLeft(parsed)) return parsed;
  const base = parsed.right;
  const missing: string[] = [];
  const escaping: string[] = [];
  const filled = path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) {
      missing.push(name);
      return '';
    }
    const text = String(value);
    // URL parsing resolves `.` and `..` (encoded too: `%2e`) as dot segments, and an empty
    // segment drops the parameter: each would reach another route than the template's.
    if (text === '' || text === '.' || text === '..') escaping.push(name);
    return encodeURIComponent(text);
  });
  if (missing.length > 0) {
    return E.left(invalidRequest('missing path parameters', missing.map((name) => ({ path: name, message: 'required' }))));
  }
  if (escaping.length > 0) {
    return E.left(invalidRequest('path parameters that would leave their path', escaping.map((name) => ({ path: name, message: 'must not be empty, "." or ".."' }))));
  }
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined) continue;
    // An array is the key repeated (OpenAPI's default `form` style with `explode`).
    if (Array.isArray(v)) for (const item of v as ReadonlyArray<string | number>) search.append(k, String(item));
    else search.append(k, String(v));
  }
  const qs = search.toString();
  return E.right(`${base.origin}${base.pathname.replace(/\/+$/, '')}${filled}${qs ? `?${qs}` : ''}`);
};
