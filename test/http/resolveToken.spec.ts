import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import { EMPTY, Observable, throwError } from 'rxjs';
import { resolveToken } from '../../src/http/resolveToken';
import { collect } from '../helpers/collect';
import { isRetryable } from '../../src/errors/isRetryable';
import { isRetryableRead } from '../../src/errors/isRetryableRead';

describe('resolveToken', () => {
  it('passes a fixed token or no token through', async () => {
    assert.deepEqual(await collect(resolveToken('t')), [E.right('t')]);
    assert.deepEqual(await collect(resolveToken(undefined)), [E.right(undefined)]);
  });
  it('takes the first value of an Observable provider', async () => {
    let calls = 0;
    const provider = () => {
      calls++;
      return new Observable<string>((s) => {
        s.next('a');
        s.next('b');
        s.complete();
      });
    };
    assert.deepEqual(await collect(resolveToken(provider)), [E.right('a')]);
    assert.equal(calls, 1);
  });
  it('a failing provider is a retryable InvalidRequest of reason token-provider, with its cause redacted', async () => {
    let calls = 0;
    const jwt = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln';
    const provider = () => {
      if (++calls === 1) return 'last-TOKEN-1';
      throw Object.assign(new Error(`cannot refresh last-TOKEN-1 with ${jwt}`), { code: 'EREFRESH', cause: new Error(`upstream said ${jwt}`) });
    };
    assert.deepEqual(await collect(resolveToken(provider)), [E.right('last-TOKEN-1')]);
    const [r] = await collect(resolveToken(provider));
    assert.ok(r && E.isLeft(r));
    assert.equal(r.left.reason, 'token-provider');
    assert.ok(isRetryable(r.left) && isRetryableRead(r.left));
    assert.deepEqual(r.left.cause, { name: 'Error', message: 'cannot refresh [redacted] with [redacted]', code: 'EREFRESH', cause: { name: 'Error', message: 'upstream said [redacted]' } });
    assert.deepEqual(r.left.issues, [{ path: 'token', message: 'threw or rejected: Error: cannot refresh [redacted] with [redacted]' }]);
    assert.doesNotMatch(JSON.stringify(r.left), /TOKEN-1|eyJ/);
  });

  it('gives one InvalidRequest for a provider that errors or completes empty', async () => {
    const [errored] = await collect(resolveToken(() => throwError(() => new Error('x'))));
    const [empty] = await collect(resolveToken(() => EMPTY));
    assert.ok(errored && E.isLeft(errored) && errored.left._tag === 'InvalidRequest' && errored.left.reason === 'token-provider');
    assert.ok(empty && E.isLeft(empty) && empty.left._tag === 'InvalidRequest' && empty.left.reason === 'token-provider');
    assert.deepEqual(empty.left.issues, [{ path: 'token', message: 'completed without a token' }]);
  });
});
