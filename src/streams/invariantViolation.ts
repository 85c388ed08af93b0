import * as E from 'fp-ts/lib/Either.js';
import type { CantonError } from '../errors/CantonError.js';
import { decodeError } from '../errors/constructors.js';
import { renderActual } from '../internal/renderActual.js';

/** A page that breaks the paging contract: a Left instead of silently corrupt data. @internal */
export const invariantViolation = (path: string, expected: string, actual: unknown, message: string): CantonError =>
  decodeError('invariant', [{ path, expected, actual: renderActual(actual), message }]);

/** A page step that hands on the valid items found before a violation, then the violation. @internal */
export const stopAfter = <S, I>(items: ReadonlyArray<I>, failure: CantonError): E.Either<CantonError, { items: ReadonlyArray<I>; next: S | undefined; failure: CantonError }> =>
  E.right({ items, next: undefined, failure });
