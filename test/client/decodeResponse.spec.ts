import assert from 'node:assert/strict';
import * as t from 'io-ts';
import * as E from 'fp-ts/lib/Either.js';
import { decodeResponse } from '../../src/client/decodeResponse';
import { timeoutError } from '../../src/errors/constructors';
import type { HttpResponse } from '../../src/http/types';

const decode = decodeResponse(t.type({ dso_party_id: t.string }, 'GetDsoPartyIdResponse'));
const answer = (body: HttpResponse['body']) => E.right({ status: 200, method: 'GET', url: 'http://s/api/scan/v0/dso-party-id', body });

describe('decodeResponse', () => {
  it('decodes a JSON body with the codec', () => {
    assert.deepEqual(decode(answer({ _tag: 'Json', json: { dso_party_id: 'DSO::1220' } })), E.right({ dso_party_id: 'DSO::1220' }));
  });
  it('names the request in a DecodeError with the JSON path', () => {
    const r = decode(answer({ _tag: 'Json', json: { dso_party_id: 7 } }));
    assert.ok(E.isLeft(r) && r.left._tag === 'DecodeError');
    assert.equal(r.left.reason, 'schema');
    assert.equal(r.left.url, 'http://s/api/scan/v0/dso-party-id');
    assert.equal(r.left.issues[0]!.path, 'dso_party_id');
  });
  it('an empty body where JSON was expected is invalid-json (cut off), a text body is the wrong shape', () => {
    const empty = decode(answer({ _tag: 'Empty' }));
    const text = decode(answer({ _tag: 'Text', text: 'OK' }));
    assert.ok(E.isLeft(empty) && empty.left._tag === 'DecodeError' && empty.left.reason === 'invalid-json');
    assert.ok(E.isLeft(text) && text.left._tag === 'DecodeError' && text.left.reason === 'schema');
  });
  it('passes a Left through untouched', () => {
    const left = E.left(timeoutError('GET', 'u', 5));
    assert.equal(decode(left), left);
  });
});
