import type * as t from 'io-ts';
import * as E from 'fp-ts/lib/Either.js';
import type { CantonError } from '../errors/CantonError.js';
import { decodeError } from '../errors/constructors.js';
import { toIssues } from '../codecs/decodeWith.js';
import type { HttpResponse } from '../http/types.js';
import { readBytesBody } from '../http/readBody.js';

/**
 * Decodes a 2xx answer with the codec of its operation, naming the request in a DecodeError.
 * An empty body where JSON was expected counts as cut off in transit (`invalid-json`, retryable);
 * a plain-text body as the wrong shape; a body handed on as bytes (`okBytes`) is read first.
 * @internal
 */
export const decodeResponse =
  <A>(codec: t.Decoder<unknown, A>) =>
  (response: E.Either<CantonError, HttpResponse>): E.Either<CantonError, A> => {
    if (E.isLeft(response)) return response;
    const { body, method, url } = response.right;
    const where = { method, url };
    switch (body._tag) {
      case 'Empty':
        return E.left(decodeError('invalid-json', [{ path: '', expected: 'JSON', actual: '""', message: 'the body is empty' }], where));
      case 'Text':
        return E.left(decodeError('schema', [{ path: '', expected: 'JSON', actual: JSON.stringify(body.text.slice(0, 60)), message: 'a text body where JSON was expected' }], where));
      case 'Bytes': {
        // Read here as the HTTP core would have read it, for a reader that asked for the bytes and decodes them on this thread.
        const read = readBytesBody(body).body;
        if (read === undefined) return E.left(decodeError('invalid-json', [{ path: '', expected: 'JSON', actual: '(bytes)', message: 'the body is not valid JSON (cut off or garbled in transit?)' }], where));
        return decodeResponse(codec)(E.right({ ...response.right, body: read }));
      }
      case 'Json': {
        const r = codec.decode(body.json);
        return E.isRight(r) ? r : E.left(decodeError('schema', toIssues(r.left), where));
      }
    }
  };
