import * as E from 'fp-ts/lib/Either.js';
import type { CantonError, HttpError, KnownCondition } from '../errors/CantonError.js';

/**
 * Marks the HTTP errors of one operation that mean a known condition (see docs/errors.md).
 * @internal
 */
export const withCondition =
  <A>(condition: KnownCondition, matches: (error: HttpError) => boolean) =>
  (result: E.Either<CantonError, A>): E.Either<CantonError, A> =>
    E.isLeft(result) && result.left._tag === 'HttpError' && result.left.condition === undefined && matches(result.left)
      ? E.left({ ...result.left, condition })
      : result;

/** The text of an error body, whatever its kind, for matching messages. @internal */
export const bodyText = (error: HttpError): string => {
  switch (error.body._tag) {
    case 'SimpleError':
      return error.body.error;
    case 'Text':
      return error.body.text;
    case 'LedgerError':
      return `${error.body.error.code} ${error.body.error.cause}`;
    case 'Json':
      return JSON.stringify(error.body.json);
    case 'Empty':
      return '';
  }
};
