import * as E from 'fp-ts/lib/Either.js';
import type { CantonError } from '../errors/CantonError.js';
import { decodeError } from '../errors/constructors.js';
import { renderActual } from '../internal/renderActual.js';

/** A page that breaks the paging contract: a Left instead of silently corrupt data. @internal */
export const invariantViolation = (path: string, expected: string, actual: unknown, message: string): E.Either<CantonError, never> =>
  E.left(decodeError('invariant', [{ path, expected, actual: renderActual(actual), message }]));
