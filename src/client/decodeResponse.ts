import type * as t from 'io-ts';
import * as E from 'fp-ts/lib/Either.js';
import type { CantonError } from '../errors/CantonError.js';
import { decodeError } from '../errors/constructors.js';
import { toIssues } from '../codecs/decodeWith.js';
import { strictDecoding } from '../codecs/common/openMembers.js';
import type { TransportAnswer } from './createTransport.js';
import { redactionOf } from '../http/redactionOf.js';
import { renderActual } from '../internal/renderActual.js';
import { readBytesBody } from '../http/readBody.js';

/**
 * Decodes a 2xx answer with the codec of its operation, naming the request in a DecodeError.
 * An empty body where JSON was expected counts as cut off in transit (`invalid-json`, retryable);
 * a plain-text body as the wrong shape. An answer marked `strict` (the client's or the call's
 * option) is decoded strictly: open unions and enums refuse what they do not know. The excerpts of
 * the body in a DecodeError are redacted of the request's tokens and of anything shaped like a
 * bearer token or a JWT. A body handed on as bytes (`okBytes`) is read first.
 * @internal
 */
export const decodeResponse =
  <A>(codec: t.Decoder<unknown, A>) =>
  (response: E.Either<CantonError, TransportAnswer>): E.Either<CantonError, A> => {
    if (E.isLeft(response)) return response;
    const { body, method, url } = response.right;
    const where = { method, url };
    // A 2xx answer may quote the token too (an HTML page, a proxy's echo): its excerpts are
    // redacted before they are cut, so that no start of a secret is left either.
    const clean = redactionOf(response.right);
    switch (body._tag) {
      case 'Empty':
        return E.left(decodeError('invalid-json', [{ path: '', expected: 'JSON', actual: '""', message: 'the body is empty' }], where));
      case 'Text':
        return E.left(decodeError('schema', [{ path: '', expected: 'JSON', actual: renderActual(clean(body.text)), message: 'a text body where JSON was expected' }], where));
      case 'Bytes': {
        // Read here as the HTTP core would have read it, for a reader that asked for the bytes and decodes them on this thread.
        const read = readBytesBody(body).body;
        if (read === undefined) return E.left(decodeError('invalid-json', [{ path: '', expected: 'JSON', actual: '(bytes)', message: 'the body is not valid JSON (cut off or garbled in transit?)' }], where));
        return decodeResponse(codec)(E.right({ ...response.right, body: read }));
      }
      case 'Json': {
        const r = response.right.strict === true ? strictDecoding(() => codec.decode(body.json)) : codec.decode(body.json);
        return E.isRight(r) ? r : E.left(decodeError('schema', toIssues(r.left).map((i) => ({ ...i, actual: clean(i.actual) })), where));
      }
    }
  };
