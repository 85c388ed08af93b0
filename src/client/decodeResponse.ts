import type * as t from 'io-ts';
import * as E from 'fp-ts/lib/Either.js';
import type { CantonError } from '../errors/CantonError.js';
import { decodeError } from '../errors/constructors.js';
import { toIssues } from '../codecs/decodeWith.js';
import { strictDecoding } from '../codecs/common/openMembers.js';
import type { TransportAnswer } from './createTransport.js';

/**
 * Decodes a 2xx answer with the codec of its operation, naming the request in a DecodeError.
 * An empty body where JSON was expected counts as cut off in transit (`invalid-json`, retryable);
 * a plain-text body as the wrong shape. An answer marked `strict` (the client's or the call's
 * option) is decoded strictly: open unions and enums refuse what they do not know.
 * @internal
 */
export const decodeResponse =
  <A>(codec: t.Decoder<unknown, A>) =>
  (response: E.Either<CantonError, TransportAnswer>): E.Either<CantonError, A> => {
    if (E.isLeft(response)) return response;
    const { body, method, url } = response.right;
    const where = { method, url };
    switch (body._tag) {
      case 'Empty':
        return E.left(decodeError('invalid-json', [{ path: '', expected: 'JSON', actual: '""', message: 'the body is empty' }], where));
      case 'Text':
        return E.left(decodeError('schema', [{ path: '', expected: 'JSON', actual: JSON.stringify(body.text.slice(0, 60)), message: 'a text body where JSON was expected' }], where));
      case 'Json': {
        const r = response.right.strict === true ? strictDecoding(() => codec.decode(body.json)) : codec.decode(body.json);
        return E.isRight(r) ? r : E.left(decodeError('schema', toIssues(r.left), where));
      }
    }
  };
