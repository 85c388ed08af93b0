import * as E from 'fp-ts/lib/Either.js';
import type { InvalidRequest } from '../errors/CantonError.js';
import { invalidRequest } from '../errors/constructors.js';

/**
 * Joins a group base URL and a path template, URL-encoding every path parameter (party ids hold
 * `::`) and appending the query. Returns the URL to send and the URL to show in errors, which
 * has no user info.
 * @internal
 */
export const buildUrl = (
  baseUrl: string,
  path: string,
  params: Readonly<Record<string, string | number>> = {},
  query: Readonly<Record<string, string | number | boolean | undefined>> = {},
): E.Either<InvalidRequest, { url: string; displayUrl: string }> => {
  let base: URL;
  try {
    base = new URL(baseUrl);
  } catch {
    return E.left(invalidRequest('the base URL is not a valid absolute URL', [{ path: 'url', message: 'not a valid absolute URL' }]));
  }
  const missing: string[] = [];
  const filled = path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) {
      missing.push(name);
      return '';
    }
    return encodeURIComponent(String(value));
  });
  if (missing.length > 0) {
    return E.left(invalidRequest('missing path parameters', missing.map((name) => ({ path: name, message: 'required' }))));
  }
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined) search.append(k, String(v));
  const qs = search.toString();
  const joined = `${base.origin}${base.pathname.replace(/\/+$/, '')}${filled}${qs ? `?${qs}` : ''}`;
  // The user info of the base (if any) is kept out of the URL errors show.
  const url = base.username || base.password ? joined.replace('://', `://${base.username}:${base.password}@`) : joined;
  return E.right({ url, displayUrl: joined });
};
