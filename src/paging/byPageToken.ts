import type { CantonError } from '../errors/CantonError.js';
import { invariantViolation } from './invariantViolation.js';

/**
 * The page token family's one rule against loops: a read remembers every page token it was
 * given, and a token that comes again means the pages would loop. `next` answers the failure to
 * end the read with (a `DecodeError` of reason `invariant` at `path`), or `undefined` and
 * remembers the token. Used by every stream paged by an opaque token (ledger parties, users,
 * vetted packages and active contracts; Scan vote results, bulk objects, validator licences, ACS
 * snapshots and holdings).
 * @example
 * ```ts
 * const tokens = tokenGuard<string>(from?.pageToken);
 * const failure = tokens.next(page.nextPageToken, 'nextPageToken');
 * ```
 * @internal
 */
export const tokenGuard = <T extends string | number>(start?: T) => {
  const seen = new Set<T>(start === undefined ? [] : [start]);
  return {
    next: (token: T | undefined, path: string): CantonError | undefined => {
      if (token === undefined) return undefined;
      if (seen.has(token)) return invariantViolation(path, 'a token not seen before', token, 'a page token repeated: the pages would loop');
      seen.add(token);
      return undefined;
    },
  };
};
