import type { CantonError } from '../errors/CantonError.js';
import { decodeError } from '../errors/constructors.js';
import { renderActual } from '../internal/renderActual.js';

/**
 * A page that breaks the paging contract: a `DecodeError` of reason `invariant` instead of
 * silently corrupt data.
 * @example
 * ```ts
 * invariantViolation('nextPageToken', 'a token not seen before', 'abc', 'a page token repeated: the pages would loop');
 * ```
 * @internal
 */
export const invariantViolation = (path: string, expected: string, actual: unknown, message: string): CantonError =>
  decodeError('invariant', [{ path, expected, actual: renderActual(actual), message }]);
